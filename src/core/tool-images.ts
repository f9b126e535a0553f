import type { ChatMessage, ContentPart } from './chat-types.js';

/**
 * Images a tool returned, as the user turn after the tool messages: chat tool messages carry text only.
 * The Responses and the Anthropic Messages translators both send tool images this way.
 */
export function toolImagesTurn(images: ContentPart[]): ChatMessage {
  return { role: 'user', content: [{ type: 'text', text: 'Images returned by the tool calls above:' }, ...images] };
}

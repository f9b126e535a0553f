import type { ContentPart } from './chat-types.js';

/**
 * The text of message content; non-text parts are ignored. Text parts are separate pieces of the caller's
 * text: they are joined with a newline, never run together.
 */
export function textOfContent(content: string | ContentPart[] | null): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  const texts: string[] = [];
  for (const part of content) if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
  return texts.join('\n');
}

import type { ChatMessage } from '../../core/chat-types.js';
import { addWarning } from './warnings.js';
import { withoutKey } from '../../shared/json-values.js';

/**
 * Thinking blocks handed back with earlier assistant turns are Anthropic's (signed for Anthropic's models):
 * another wire cannot take them, so they are left out — said once in the warnings.
 */
export function withoutThinkingBlocks(messages: ChatMessage[], warnings: string[]): ChatMessage[] {
  if (!messages.some((message) => message.thinking_blocks)) return messages;
  addWarning(warnings, 'thinking blocks of earlier assistant turns were not sent: only Anthropic models take them back');
  return messages.map((message) => withoutKey(message, 'thinking_blocks'));
}

import type { ChatMessage } from '../../core/chat-types.js';
import { addWarning } from './warnings.js';

/**
 * Thinking blocks handed back with earlier assistant turns are Anthropic's (signed for Anthropic's models):
 * another wire cannot take them, so they are left out — said once in the warnings.
 */
export function withoutThinkingBlocks(messages: ChatMessage[], warnings: string[]): ChatMessage[] {
  if (!messages.some((message) => message.thinking_blocks)) return messages;
  addWarning(warnings, 'thinking blocks of earlier assistant turns were not sent: only Anthropic models take them back');
  return messages.map((message) => {
    if (!message.thinking_blocks) return message;
    const { thinking_blocks: _thinking, ...rest } = message;
    return rest;
  });
}

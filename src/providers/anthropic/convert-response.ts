import type { ChatCompletion, ThinkingBlock, ToolCall } from '../../core/chat-types.js';
import { convertStopReason } from './finish-reason.js';
import { convertUsage } from './convert-usage.js';
import type { AnthropicMessageResponse, AnthropicRedactedThinkingBlock, AnthropicThinkingBlock, AnthropicToolUseBlock } from './wire-types.js';

/** Whether an upstream body has the shape of an Anthropic message. */
export function isAnthropicMessage(body: unknown): body is AnthropicMessageResponse {
  return body !== null && typeof body === 'object' && Array.isArray((body as { content?: unknown }).content);
}

/**
 * Anthropic message → OpenAI chat completion. Text blocks are joined into content, tool_use blocks
 * become tool_calls (input object → arguments JSON text); thinking and redacted thinking blocks are kept
 * whole, signatures included, as `thinking_blocks` (the Messages API shows them and takes them back; an
 * OpenAI-shaped answer never shows them); server-tool blocks are left out.
 */
export function convertResponse(message: AnthropicMessageResponse, fallbackModel: string, options: { prefix?: string; now?: number } = {}): ChatCompletion {
  const now = options.now ?? Date.now();
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  const thinking: ThinkingBlock[] = [];
  for (const block of message.content) {
    if (block.type === 'text') texts.push((block as { text: string }).text);
    else if (block.type === 'thinking') thinking.push({ type: 'thinking', thinking: (block as AnthropicThinkingBlock).thinking, signature: (block as AnthropicThinkingBlock).signature });
    else if (block.type === 'redacted_thinking') thinking.push({ type: 'redacted_thinking', data: (block as AnthropicRedactedThinkingBlock).data });
    else if (block.type === 'tool_use') {
      const toolUse = block as AnthropicToolUseBlock;
      toolCalls.push({ id: toolUse.id, type: 'function', function: { name: toolUse.name, arguments: JSON.stringify(toolUse.input ?? {}) } });
    }
  }
  // A prefilled answer (JSON mode) continues the prefill: the caller gets it whole.
  const content = (options.prefix ?? '') + texts.join('');
  return {
    id: message.id,
    object: 'chat.completion',
    created: Math.floor(now / 1000),
    model: message.model || fallbackModel,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          // OpenAI sends null content beside tool calls when the model said nothing.
          content: content === '' && toolCalls.length > 0 ? null : content,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          ...(thinking.length > 0 ? { thinking_blocks: thinking } : {}),
        },
        finish_reason: convertStopReason(message.stop_reason),
      },
    ],
    usage: convertUsage(message.usage ?? {}),
  };
}

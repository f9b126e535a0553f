import type { ChatMessage, ToolCall } from '../../core/chat-types.js';
import { convertContent, systemBlocksOf, textOfContent } from './convert-content.js';
import { normalizeTurns } from './normalize-turns.js';
import type { AnthropicMessage, AnthropicTextBlock, AnthropicToolResultBlock, AnthropicToolUseBlock } from './wire-types.js';
import { addWarning } from '../shared/warnings.js';
import { parseJsonObject } from '../../shared/json-values.js';

export interface ConvertedConversation {
  /** The system and developer messages as text blocks, in conversation order (Anthropic has one top-level `system`). */
  system: AnthropicTextBlock[];
  /** Alternating user/assistant turns, user first. */
  messages: AnthropicMessage[];
}

/** OpenAI chat messages → Anthropic top-level system texts and alternating turns. */
export function convertMessages(messages: ChatMessage[], warnings: string[]): ConvertedConversation {
  const system: AnthropicTextBlock[] = [];
  const turns: AnthropicMessage[] = [];
  for (const message of messages) {
    if (message.name) addWarning(warnings, 'the name field of messages was dropped: Anthropic messages have no name');
    switch (message.role) {
      case 'system':
      case 'developer': {
        system.push(...systemBlocksOf(message.content, message.role, warnings));
        if (turns.length > 0) addWarning(warnings, 'system messages inside the conversation were moved to the top-level system prompt: Anthropic has no system role in messages');
        break;
      }
      case 'user':
        turns.push({ role: 'user', content: convertContent(message.content, 'user', warnings) });
        break;
      case 'assistant':
        turns.push({
          role: 'assistant',
          // The turn's thinking first, exactly as the model produced it (Anthropic checks the signatures).
          content: [...(message.thinking_blocks ?? []), ...convertContent(message.content, 'assistant', warnings), ...(message.tool_calls ?? []).map((call) => toolUseOf(call, warnings))],
        });
        break;
      case 'tool':
        turns.push({ role: 'user', content: [toolResultOf(message, warnings)] });
        break;
      case 'function': {
        // The legacy function role has no call id to correlate with, so the result is passed as text.
        const text = textOfContent(message.content, 'function', warnings);
        turns.push({ role: 'user', content: [{ type: 'text', text: `Result of function ${message.name ?? 'call'}:\n${text}` }] });
        addWarning(warnings, 'legacy function messages were sent to Anthropic as user text');
        break;
      }
    }
  }
  return { system, messages: normalizeTurns(turns, warnings) };
}

/** OpenAI tool call → Anthropic tool_use; Anthropic wants the arguments as an object, not as JSON text. */
function toolUseOf(call: ToolCall, warnings: string[]): AnthropicToolUseBlock {
  return { type: 'tool_use', id: call.id, name: call.function.name, input: parseArguments(call.function.arguments, call.function.name, warnings) };
}

function parseArguments(argumentsText: string, toolName: string, warnings: string[]): Record<string, unknown> {
  const parsed = parseJsonObject(argumentsText);
  if (parsed) return parsed;
  addWarning(warnings, `the arguments of a call to tool "${toolName}" are not a JSON object: Anthropic was sent {} instead`);
  return {};
}

/** OpenAI tool message → Anthropic tool_result, correlated by the call id. */
function toolResultOf(message: ChatMessage, warnings: string[]): AnthropicToolResultBlock {
  const text = textOfContent(message.content, 'tool', warnings);
  const block: AnthropicToolResultBlock = { type: 'tool_result', tool_use_id: message.tool_call_id ?? '' };
  // An empty tool_result content is allowed; an empty text block is not.
  if (text !== '') block.content = text;
  return block;
}

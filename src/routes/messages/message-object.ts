import { randomUUID } from 'node:crypto';
import type { ChatCompletion, FinishReason, Usage } from '../../core/chat-types.js';
import { parseJsonObject } from '../../shared/json-values.js';

/** The Anthropic `usage` of an answer: uncached input, cache reads and writes, output. */
export interface MessageUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'refusal';

const randomId = () => randomUUID().replace(/-/g, '');
const newMessageId = () => `msg_${randomId()}`;
/** An Anthropic message id as Anthropic writes them (`msg_01XFDUDYJgAACzvnptvVoYEL`). */
const ANTHROPIC_MESSAGE_ID = /^msg_[A-Za-z0-9_-]{1,100}$/;
/**
 * An answer's message id: the upstream's own when it is an Anthropic message's, else a new one. Whatever the upstream sent
 * is checked: a number, or a string of another shape, gets a new id too.
 */
export function messageIdOf(upstreamId: unknown): string {
  return typeof upstreamId === 'string' && ANTHROPIC_MESSAGE_ID.test(upstreamId) ? upstreamId : newMessageId();
}
/** For a tool call the upstream streamed without an id (Anthropic's ids start `toolu_`). */
export const newToolUseId = () => `toolu_${randomId()}`;

/** Chat finish reasons → Anthropic stop reasons. A stop sequence reads as `stop` on every wire: the end of the turn. */
export function stopReasonOf(reason: FinishReason | null): StopReason {
  switch (reason) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}

/** Chat usage → Anthropic usage: Anthropic's input_tokens excludes the cached and cache-written tokens. */
export function messageUsageOf(usage: Usage | undefined): MessageUsage {
  const cacheRead = usage?.prompt_tokens_details?.cached_tokens ?? 0;
  const cacheWrite = usage?.prompt_tokens_details?.cache_write_tokens ?? 0;
  return {
    input_tokens: Math.max(0, (usage?.prompt_tokens ?? 0) - cacheRead - cacheWrite),
    output_tokens: usage?.completion_tokens ?? 0,
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
  };
}

/** A tool call's arguments as the `input` object of a tool_use block (text that is not an object becomes `{}`). */
export function toolInputOf(argumentsText: string): Record<string, unknown> {
  return parseJsonObject(argumentsText) ?? {};
}

/** A chat completion as an Anthropic message: thinking (signatures intact), text and tool_use blocks in order, stop reason, usage. */
export function messageObject(completion: ChatCompletion, requestedModel: string): Record<string, unknown> {
  const choice = completion.choices[0];
  const content: Array<Record<string, unknown>> = [...(choice?.message.thinking_blocks ?? [])];
  const text = choice?.message.content ?? choice?.message.refusal;
  if (typeof text === 'string' && text !== '') content.push({ type: 'text', text });
  for (const call of choice?.message.tool_calls ?? []) content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: toolInputOf(call.function.arguments) });
  return {
    id: messageIdOf(completion.id),
    type: 'message',
    role: 'assistant',
    model: completion.model || requestedModel,
    content,
    stop_reason: stopReasonOf(choice?.finish_reason ?? null),
    stop_sequence: null,
    usage: messageUsageOf(completion.usage),
  };
}

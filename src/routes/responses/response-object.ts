import { randomUUID } from 'node:crypto';
import type { ChatCompletion, ChatMessage, FinishReason, ToolCall, Usage } from '../../core/chat-types.js';
import type { ResponseOutputItem, ResponsesRequestFacts, ResponseUsage } from './responses-types.js';

export const newItemId = (prefix: 'msg' | 'fc') => `${prefix}_${randomUUID().replace(/-/g, '')}`;

export function responseUsageOf(usage: Usage | undefined | null): ResponseUsage | null {
  if (!usage) return null;
  return {
    input_tokens: usage.prompt_tokens,
    input_tokens_details: { cached_tokens: usage.prompt_tokens_details?.cached_tokens ?? 0 },
    output_tokens: usage.completion_tokens,
    output_tokens_details: { reasoning_tokens: usage.completion_tokens_details?.reasoning_tokens ?? 0 },
    total_tokens: usage.prompt_tokens + usage.completion_tokens,
  };
}

/** `completed`, or `incomplete` with its reason when the answer was cut by the length cap or a filter. */
export function statusOf(finishReason: FinishReason | null | undefined): { status: 'completed' | 'incomplete'; incomplete_details: { reason: string } | null } {
  if (finishReason === 'length') return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (finishReason === 'content_filter') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

/** The output items of a chat answer: its text as a message item, then one function_call item per tool call. */
export function outputItemsOf(completion: ChatCompletion): ResponseOutputItem[] {
  const message = completion.choices[0]?.message;
  if (!message) return [];
  const items: ResponseOutputItem[] = [];
  if (typeof message.content === 'string' && message.content !== '') {
    items.push({ type: 'message', id: newItemId('msg'), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: message.content, annotations: [] }] });
  } else if (typeof message.refusal === 'string' && message.refusal !== '') {
    items.push({ type: 'message', id: newItemId('msg'), role: 'assistant', status: 'completed', content: [{ type: 'refusal', refusal: message.refusal }] });
  }
  for (const call of message.tool_calls ?? []) {
    items.push({ type: 'function_call', id: newItemId('fc'), call_id: call.id, name: call.function.name, arguments: call.function.arguments, status: 'completed' });
  }
  return items;
}

/** The response object of spec 2.5 (with the fields the official SDK reads), from its parts. */
export function responseObject(
  facts: ResponsesRequestFacts,
  model: string,
  state: { status: 'in_progress' | 'completed' | 'incomplete' | 'failed'; incomplete_details?: { reason: string } | null; error?: { code: string; message: string } | null },
  output: ResponseOutputItem[],
  usage: ResponseUsage | null,
  /** The tier the upstream says served the request (OpenAI's chat answers name it): the response reports it over the one asked for. */
  servedTier?: string | null,
): Record<string, unknown> {
  let outputText = '';
  for (const item of output) if (item.type === 'message') for (const part of item.content) if (part.type === 'output_text') outputText += part.text;
  const response: Record<string, unknown> = {
    id: facts.responseId,
    object: 'response',
    created_at: facts.createdAt,
    status: state.status,
    error: state.error ?? null,
    incomplete_details: state.incomplete_details ?? null,
    instructions: facts.instructions,
    model,
    output,
    output_text: outputText,
    previous_response_id: facts.previousResponseId,
    store: facts.store,
    usage,
    ...facts.echo,
  };
  if (typeof servedTier === 'string') response.service_tier = servedTier;
  return response;
}

/** The output items as the assistant turn of a chat conversation (to continue it with previous_response_id). */
export function assistantMessageOf(output: ResponseOutputItem[]): ChatMessage | undefined {
  let text = '';
  const calls: ToolCall[] = [];
  for (const item of output) {
    if (item.type === 'message') for (const part of item.content) text += part.type === 'output_text' ? part.text : '';
    else calls.push({ id: item.call_id, type: 'function', function: { name: item.name, arguments: item.arguments } });
  }
  if (text === '' && calls.length === 0) return undefined;
  return calls.length > 0 ? { role: 'assistant', content: text === '' ? null : text, tool_calls: calls } : { role: 'assistant', content: text };
}

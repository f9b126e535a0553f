import { mockThinkingSignature } from './request-validation.js';
import { contentChunks } from './default-reply.js';
import type { MockReply, MockToolCall, RequestSummary, StreamEvent, WireRenderer } from './mock-types.js';
import { validateAnthropic } from './request-validation.js';

/** The Anthropic Messages wire (`POST /v1/messages`, catalog/wire-formats.md §3). */
export const anthropicWire: WireRenderer = {
  wire: 'anthropic',
  validate: validateAnthropic,

  match(method, path) {
    return method === 'POST' && path.endsWith('/v1/messages') ? {} : undefined;
  },

  apiKey(headers) {
    const value = headers['x-api-key'];
    return typeof value === 'string' ? value : undefined;
  },

  summarize(body): RequestSummary {
    const messages: any[] = Array.isArray(body.messages) ? body.messages : [];
    const lastMessage = messages[messages.length - 1];
    const toolChoice = body.tool_choice;
    return {
      model: String(body.model ?? ''),
      stream: body.stream === true,
      lastUserText: lastUserText(messages),
      toolNames: Array.isArray(body.tools) ? body.tools.map((tool: any) => tool?.name).filter(Boolean) : [],
      forcedTool: toolChoice?.type === 'tool' ? toolChoice.name : undefined,
      toolChoiceNone: toolChoice?.type === 'none',
      parallelToolCalls: toolChoice?.disable_parallel_tool_use !== true,
      wantsJson: body.output_config?.format?.type === 'json_schema' || /\bJSON\b/.test(textOfBlocks(body.system)),
      hasToolResult: lastMessage?.role === 'user' && Array.isArray(lastMessage.content) && lastMessage.content.some((block: any) => block?.type === 'tool_result'),
      // Anthropic always reports usage, in the stream too.
      includeUsage: true,
      prefill: lastMessage?.role === 'assistant' ? textOfBlocks(lastMessage.content) : undefined,
    };
  },

  renderJson(scripted, summary) {
    const reply = continuingPrefill(scripted, summary);
    const content: object[] = [];
    if (reply.thinking !== undefined) content.push({ type: 'thinking', thinking: reply.thinking, signature: mockThinkingSignature(reply.thinking) });
    if (reply.redactedThinking !== undefined) content.push({ type: 'redacted_thinking', data: reply.redactedThinking });
    if (reply.content) content.push({ type: 'text', text: reply.content });
    (reply.toolCalls ?? []).forEach((call, index) => content.push(toolUseBlock(call, index)));
    return {
      id: 'msg_mock',
      type: 'message',
      role: 'assistant',
      model: summary.model,
      content,
      stop_reason: stopReasonOf(reply),
      stop_sequence: null,
      usage: { ...inputUsageOf(reply), output_tokens: outputTokensOf(reply) },
    };
  },

  renderStream(scripted, summary) {
    const reply = continuingPrefill(scripted, summary);
    const event = (type: string, payload: object = {}): StreamEvent => ({ event: type, data: JSON.stringify({ type, ...payload }) });
    const message = { id: 'msg_mock', type: 'message', role: 'assistant', model: summary.model, content: [], stop_reason: null, stop_sequence: null };
    const events: StreamEvent[] = [event('message_start', { message: { ...message, usage: { ...inputUsageOf(reply), output_tokens: 1 } } })];
    let blockIndex = 0;
    if (reply.thinking !== undefined) {
      // Thinking streams in pieces, then its signature, before the answer's first block.
      events.push(event('content_block_start', { index: blockIndex, content_block: { type: 'thinking', thinking: '' } }));
      for (let offset = 0; offset < reply.thinking.length; offset += 12) events.push(event('content_block_delta', { index: blockIndex, delta: { type: 'thinking_delta', thinking: reply.thinking.slice(offset, offset + 12) } }));
      events.push(event('content_block_delta', { index: blockIndex, delta: { type: 'signature_delta', signature: mockThinkingSignature(reply.thinking) } }));
      events.push(event('content_block_stop', { index: blockIndex }));
      blockIndex++;
    }
    if (reply.redactedThinking !== undefined) {
      events.push(event('content_block_start', { index: blockIndex, content_block: { type: 'redacted_thinking', data: reply.redactedThinking } }));
      events.push(event('content_block_stop', { index: blockIndex }));
      blockIndex++;
    }
    const chunks = contentChunks(reply);
    if (chunks.length > 0) {
      events.push(event('content_block_start', { index: blockIndex, content_block: { type: 'text', text: '' } }));
      for (const text of chunks) events.push(event('content_block_delta', { index: blockIndex, delta: { type: 'text_delta', text } }));
      events.push(event('content_block_stop', { index: blockIndex }));
      blockIndex++;
    }
    (reply.toolCalls ?? []).forEach((call, index) => {
      const { id, name, input: inputObject } = toolUseBlock(call, index);
      events.push(event('content_block_start', { index: blockIndex, content_block: { type: 'tool_use', id, name, input: {} } }));
      // Anthropic opens with an empty fragment, then sends the input JSON text in pieces.
      const input = JSON.stringify(inputObject);
      const fragments = [''];
      for (let offset = 0; offset < input.length; offset += 8) fragments.push(input.slice(offset, offset + 8));
      for (const partial_json of fragments) events.push(event('content_block_delta', { index: blockIndex, delta: { type: 'input_json_delta', partial_json } }));
      events.push(event('content_block_stop', { index: blockIndex }));
      blockIndex++;
    });
    // Anthropic sends a ping early in the stream; clients must ignore it wherever it comes.
    events.splice(Math.min(2, events.length), 0, event('ping'));
    events.push(event('message_delta', { delta: { stop_reason: stopReasonOf(reply), stop_sequence: null }, usage: { output_tokens: outputTokensOf(reply) } }));
    events.push(event('message_stop'));
    return events;
  },

  renderError(status, message, errorType) {
    return { type: 'error', error: { type: errorType ?? errorTypeOf(status), message }, request_id: 'req_mock' };
  },

  renderStreamError(message) {
    return { event: 'error', data: JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message } }) };
  },
};

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

function errorTypeOf(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

const STOP_REASONS: Record<NonNullable<MockReply['finish']>, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  content_filter: 'refusal',
};

function stopReasonOf(reply: MockReply): string {
  return STOP_REASONS[reply.finish ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop')];
}

function toolUseBlock(call: MockToolCall, index: number) {
  let input: unknown;
  try {
    input = JSON.parse(call.arguments);
  } catch {
    input = {};
  }
  return { type: 'tool_use', id: call.id ?? `toolu_mock_${index}`, name: call.name, input: input ?? {} };
}

/** Anthropic's input_tokens counts uncached input only; the cached part is reported on its own. */
function inputUsageOf(reply: MockReply) {
  const usage = reply.usage ?? { input: 10, output: 10 };
  const cached = usage.cached ?? 0;
  return { input_tokens: usage.input - cached, cache_creation_input_tokens: 0, cache_read_input_tokens: cached };
}

function outputTokensOf(reply: MockReply): number {
  return (reply.usage ?? { input: 10, output: 10 }).output;
}

/* Anthropic reports no thinking count of its own: thinking tokens are part of output_tokens. */

function textOfBlocks(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block: any) => (block?.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('');
}

/** The latest user text; a user turn holding only tool results carries none, so the search goes on. */
function lastUserText(messages: any[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index]?.role !== 'user') continue;
    const text = textOfBlocks(messages[index].content);
    if (text !== '') return text;
  }
  return '';
}

/** Claude continues a prefilled assistant turn: a scripted answer that starts with the prefill is sent without it. */
function continuingPrefill(reply: MockReply, summary: RequestSummary): MockReply {
  if (!summary.prefill || !reply.content?.startsWith(summary.prefill)) return reply;
  return { ...reply, content: reply.content.slice(summary.prefill.length), chunks: undefined };
}

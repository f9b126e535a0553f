import type { ChatCompletionChunk, FinishReason, Usage } from '../../core/chat-types.js';
import type { GatewayError } from '../../errors/gateway-error.js';
import type { SseEvent } from '../../http/sse-writer.js';
import { anthropicErrorType } from './anthropic-dialect.js';
import { messageIdOf, messageUsageOf, newToolUseId, stopReasonOf } from './message-object.js';

/**
 * Chat chunks → the named events of an Anthropic message stream, live: `message_start`, then per block
 * `content_block_start`, its deltas (`thinking_delta` and `signature_delta`, `text_delta`,
 * `input_json_delta`) and `content_block_stop`, then
 * `message_delta` with the stop reason and usage, and `message_stop`. Blocks are numbered in the order they
 * open; a text block closes before a tool_use block opens, as Anthropic streams them.
 */
export class MessagesStreamEncoder {
  private blockIndex = -1;
  private open: { kind: 'text' } | { kind: 'thinking'; signed: boolean } | { kind: 'tool_use'; toolIndex: number } | undefined;
  private finishReason: FinishReason | null = null;
  private usage: Usage | undefined;
  private started = false;

  constructor(
    private model: string,
    /** The prompt's tokens as counted before the call: message_start's input_tokens until the upstream's usage arrives. */
    private readonly promptTokens: number,
  ) {}

  /**
   * `message_start`, sent with the first chunk (in hand when the stream opens: the upstream call answers with it), so
   * that it carries the upstream's own id when that is an Anthropic message's; any other upstream's gets one minted.
   */
  private opening(firstChunkId: unknown): SseEvent {
    this.started = true;
    const usage = { input_tokens: this.promptTokens, output_tokens: 0 };
    const message = { id: messageIdOf(firstChunkId), type: 'message', role: 'assistant', model: this.model, content: [], stop_reason: null, stop_sequence: null, usage };
    return event('message_start', { message });
  }

  events(chunk: ChatCompletionChunk): SseEvent[] {
    const events: SseEvent[] = this.started ? [] : [this.opening(chunk.id)];
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) return events;
    const delta = choice.delta;
    if (delta.redacted_thinking !== undefined) events.push(...this.close(), this.start(JSON.stringify({ type: 'redacted_thinking', data: delta.redacted_thinking }), { kind: 'thinking', signed: true }), ...this.close());
    if (delta.thinking !== undefined || delta.thinking_signature !== undefined) {
      // A new thinking block opens unless the open one still waits for its signature.
      if (this.open?.kind !== 'thinking' || this.open.signed) events.push(...this.close(), this.start(THINKING_BLOCK, { kind: 'thinking', signed: false }));
      if (delta.thinking) events.push(blockDelta(this.blockIndex, `{"type":"thinking_delta","thinking":${JSON.stringify(delta.thinking)}}`));
      if (delta.thinking_signature !== undefined) {
        events.push(event('content_block_delta', { index: this.blockIndex, delta: { type: 'signature_delta', signature: delta.thinking_signature } }));
        (this.open as { signed: boolean }).signed = true;
      }
    }
    const text = typeof choice.delta.content === 'string' && choice.delta.content !== '' ? choice.delta.content : typeof choice.delta.refusal === 'string' && choice.delta.refusal !== '' ? choice.delta.refusal : undefined;
    if (text !== undefined) {
      if (this.open?.kind !== 'text') events.push(...this.close(), this.start(TEXT_BLOCK, { kind: 'text' }));
      events.push(blockDelta(this.blockIndex, `{"type":"text_delta","text":${JSON.stringify(text)}}`));
    }
    for (const call of choice.delta.tool_calls ?? []) {
      if (this.open?.kind !== 'tool_use' || this.open.toolIndex !== call.index) {
        events.push(...this.close(), this.start(JSON.stringify({ type: 'tool_use', id: call.id ?? newToolUseId(), name: call.function?.name ?? '', input: {} }), { kind: 'tool_use', toolIndex: call.index }));
      }
      const fragment = call.function?.arguments;
      if (fragment) events.push(blockDelta(this.blockIndex, `{"type":"input_json_delta","partial_json":${JSON.stringify(fragment)}}`));
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    return events;
  }

  /** Closes the open block; the stop reason and the usage (the upstream's, exact); the end of the message. */
  closing(): SseEvent[] {
    const usage = messageUsageOf(this.usage);
    const delta = { stop_reason: stopReasonOf(this.finishReason), stop_sequence: null };
    return [...(this.started ? [] : [this.opening(undefined)]), ...this.close(), event('message_delta', { delta, usage }), event('message_stop', {})];
  }

  /** A failure mid-stream: Anthropic's `error` event, never a clean `message_stop`. */
  failure(error: GatewayError): SseEvent[] {
    return [event('error', { error: { type: anthropicErrorType(error.status), message: error.message } })];
  }

  /** Opens the next block, given as its JSON (a template, like the deltas: see blockDelta). */
  private start(blockJson: string, open: NonNullable<MessagesStreamEncoder['open']>): SseEvent {
    this.open = open;
    this.blockIndex++;
    return { event: 'content_block_start', data: `{"type":"content_block_start","index":${this.blockIndex},"content_block":${blockJson}}` };
  }

  private close(): SseEvent[] {
    if (!this.open) return [];
    this.open = undefined;
    return [event('content_block_stop', { index: this.blockIndex })];
  }
}

/** The opening JSON of a text block and of a thinking block. */
const TEXT_BLOCK = '{"type":"text","text":""}';
const THINKING_BLOCK = '{"type":"thinking","thinking":""}';

function event(type: string, payload: Record<string, unknown>): SseEvent {
  return { event: type, data: JSON.stringify({ type, ...payload }) };
}

/**
 * A `content_block_delta` from a template around the delta's JSON: the events sent for every token are not built by
 * spreading objects into JSON.stringify, which on the first token after an idle wait (a cold CPU) cost ~30 µs an event
 * against ~4 for a template (measured for the Responses stream, which is written the same way).
 */
function blockDelta(index: number, deltaJson: string): SseEvent {
  return { event: 'content_block_delta', data: `{"type":"content_block_delta","index":${index},"delta":${deltaJson}}` };
}

import type { ChatCompletionChunk, ChunkChoice, FinishReason } from '../../core/chat-types.js';
import { type ServerSentEvent, type StreamTranslator } from '../provider-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { convertUsage, mergeUsage } from './convert-usage.js';
import { convertStopReason } from './finish-reason.js';
import { mapStreamError } from './map-error.js';
import { verbatimTextChunk } from '../../core/verbatim-chunk.js';
import type { AnthropicResponseBlock, AnthropicStreamEvent, AnthropicToolUseBlock, AnthropicUsage } from './wire-types.js';

/**
 * Translates an Anthropic message stream into chat.completion.chunk objects, one event at a time:
 * message_start → role chunk; text deltas → content chunks; each tool_use block → a tool call whose
 * OpenAI index counts tool blocks from 0, with input_json_delta fragments as argument fragments;
 * message_delta → finish_reason chunk; message_stop → usage chunk (`choices: []`). Thinking passes as
 * `thinking` pieces closed by a `thinking_signature`, a redacted block as `redacted_thinking` (the Messages
 * API streams them; an OpenAI-shaped stream drops them).
 */
export class AnthropicStreamTranslator implements StreamTranslator<ChatCompletionChunk> {
  private id = 'msg_unknown';
  private model: string;
  private readonly created: number;
  /** Anthropic content block index → OpenAI tool call index. */
  private readonly toolIndexByBlock = new Map<number, number>();
  /** Tool blocks that have not streamed any argument text yet. */
  private readonly toolBlocksWithoutArguments = new Set<number>();
  private usage: AnthropicUsage = {};
  private finishReasonSent = false;
  private stopped = false;
  /** Whether the role chunk went out (it waits for the first block of the answer; see withRole). */
  private roleSent = true;

  /** The prefill the answer continues (JSON mode): put in front of the first text. */
  private pendingPrefix: string;

  constructor(
    private readonly providerId: string,
    fallbackModel: string,
    options: { prefix?: string; now?: number } = {},
  ) {
    const now = options.now ?? Date.now();
    this.pendingPrefix = options.prefix ?? '';
    this.model = fallbackModel;
    this.created = Math.floor(now / 1000);
  }

  push(event: ServerSentEvent): ChatCompletionChunk[] {
    if (this.stopped) return [];
    const payload = this.parse(event);
    switch (payload.type) {
      case 'message_start':
        this.id = payload.message?.id || this.id;
        this.model = payload.message?.model || this.model;
        this.usage = mergeUsage(this.usage, payload.message?.usage);
        // The role chunk waits for the first block: OpenAI's says `content: null` when the answer opens with a tool call.
        this.roleSent = false;
        return [];
      case 'content_block_start':
        return this.withRole(this.startBlock(payload.index, payload.content_block), payload.content_block?.type === 'tool_use');
      case 'content_block_delta':
        return this.delta(payload);
      case 'content_block_stop':
        return this.stopBlock(payload.index);
      case 'message_delta':
        this.usage = mergeUsage(this.usage, payload.usage);
        if (!payload.delta?.stop_reason || this.finishReasonSent) return [];
        return this.withRole([this.finishChunk(convertStopReason(payload.delta.stop_reason))], false);
      case 'message_stop': {
        this.stopped = true;
        const chunks = this.finishReasonSent ? [] : [this.finishChunk('stop')];
        chunks.push({ ...this.chunk({}), choices: [], usage: convertUsage(this.usage) });
        return chunks;
      }
      case 'error':
        throw new UpstreamError(this.providerId, mapStreamError(payload.error ?? { type: 'api_error', message: 'Anthropic stream error' }));
      default:
        // ping, content_block_stop and event types added later carry nothing for the caller.
        return [];
    }
  }

  finish(): ChatCompletionChunk[] {
    if (!this.stopped) {
      throw new UpstreamError(this.providerId, { kind: 'stream_interrupted', message: 'the Anthropic stream ended before message_stop' });
    }
    return [];
  }

  private parse(event: ServerSentEvent): AnthropicStreamEvent {
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      payload = undefined;
    }
    if (payload === null || typeof payload !== 'object') {
      throw new UpstreamError(this.providerId, { kind: 'server_error', message: `Anthropic sent a stream event that is not a JSON object: ${event.data.slice(0, 200)}` });
    }
    // Every Anthropic event repeats its name as `type`; the SSE name covers a payload without one.
    return ('type' in payload ? payload : { ...payload, type: event.event }) as AnthropicStreamEvent;
  }

  /**
   * Puts the role chunk before the first chunk of the answer (a thinking block, which yields none, sends it
   * at once so the caller hears from a model that thinks for long). An answer that opens with a tool call
   * gets one chunk with the role, `content: null` and the call, as OpenAI streams it.
   */
  private withRole(chunks: ChatCompletionChunk[], opensWithToolCall: boolean): ChatCompletionChunk[] {
    if (this.roleSent) return chunks;
    this.roleSent = true;
    if (opensWithToolCall && chunks.length > 0) {
      const [first, ...rest] = chunks;
      first.choices[0].delta = { role: 'assistant', content: null, ...first.choices[0].delta };
      return [first, ...rest];
    }
    return [this.chunk({ role: 'assistant', content: '' }), ...chunks];
  }

  private startBlock(blockIndex: number, block: AnthropicResponseBlock): ChatCompletionChunk[] {
    if (block.type === 'text' && typeof block.text === 'string' && block.text !== '') return [this.textChunk(block.text)];
    if (block.type === 'thinking') return [this.chunk({ thinking: typeof block.thinking === 'string' ? block.thinking : '' })];
    if (block.type === 'redacted_thinking' && typeof block.data === 'string') return [this.chunk({ redacted_thinking: block.data })];
    if (block.type !== 'tool_use') return [];
    const toolUse = block as AnthropicToolUseBlock;
    const toolIndex = this.toolIndexByBlock.size;
    this.toolIndexByBlock.set(blockIndex, toolIndex);
    this.toolBlocksWithoutArguments.add(blockIndex);
    return [this.chunk({ tool_calls: [{ index: toolIndex, id: toolUse.id, type: 'function', function: { name: toolUse.name, arguments: '' } }] })];
  }

  private delta(payload: Extract<AnthropicStreamEvent, { type: 'content_block_delta' }>): ChatCompletionChunk[] {
    const delta = payload.delta;
    if (delta?.type === 'text_delta' && delta.text !== '') return [this.textChunk(delta.text)];
    if (delta?.type === 'input_json_delta' && delta.partial_json !== '') {
      const toolIndex = this.toolIndexByBlock.get(payload.index);
      if (toolIndex === undefined) return [];
      this.toolBlocksWithoutArguments.delete(payload.index);
      return [this.chunk({ tool_calls: [{ index: toolIndex, function: { arguments: delta.partial_json } }] })];
    }
    if (delta?.type === 'thinking_delta' && delta.thinking !== '') return [this.chunk({ thinking: delta.thinking })];
    if (delta?.type === 'signature_delta') return [this.chunk({ thinking_signature: delta.signature })];
    // citations_delta is not passed on.
    return [];
  }

  /** A tool call that streamed no arguments (a tool without parameters) still gets valid JSON: `{}`. */
  private stopBlock(blockIndex: number): ChatCompletionChunk[] {
    if (!this.toolBlocksWithoutArguments.delete(blockIndex)) return [];
    return [this.chunk({ tool_calls: [{ index: this.toolIndexByBlock.get(blockIndex)!, function: { arguments: '{}' } }] })];
  }

  private textChunk(text: string): ChatCompletionChunk {
    const content = this.pendingPrefix + text;
    this.pendingPrefix = '';
    return verbatimTextChunk(this.id, this.created, this.model, content);
  }

  private finishChunk(finishReason: FinishReason): ChatCompletionChunk {
    this.finishReasonSent = true;
    return this.chunk({}, finishReason);
  }

  private chunk(delta: ChunkChoice['delta'], finishReason: FinishReason | null = null): ChatCompletionChunk {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices: [{ index: 0, delta, finish_reason: finishReason }] };
  }
}

import type { ChatCompletionChunk } from '../../core/chat-types.js';
import { type ServerSentEvent, type StreamTranslator } from '../provider-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { textOfContent } from './convert-response.js';
import { usageOfPayload } from './convert-usage.js';
import { normalizeFinishReason } from './finish-reason.js';
import { isJsonObject, type JsonObject } from '../../shared/json-values.js';
import { mapOpenAiInBandError } from './map-error.js';
import { keepVerbatim } from '../../core/verbatim-chunk.js';

const NO_CHUNKS = Object.freeze([]) as unknown as ChatCompletionChunk[];

/**
 * OpenAI-wire stream → canonical chunks. The upstream chunk already has the canonical shape, so it is
 * passed on as parsed (tool-call fragments untouched) with only usage and finish reasons normalised.
 */
export class OpenAiStreamTranslator implements StreamTranslator<ChatCompletionChunk> {
  private sawDone = false;
  private sawFinishReason = false;

  constructor(private readonly providerId: string) {}

  push(event: ServerSentEvent): ChatCompletionChunk[] {
    if (this.sawDone) return NO_CHUNKS;
    if (event.data === '[DONE]') {
      this.sawDone = true;
      return NO_CHUNKS;
    }
    const payload = this.parse(event.data);
    // OpenAI and OpenRouter report a mid-stream failure as a data event carrying `error`.
    if (payload.error !== undefined && payload.error !== null) throw new UpstreamError(this.providerId, mapOpenAiInBandError(payload.error));
    if (event.event === 'error') throw new UpstreamError(this.providerId, mapOpenAiInBandError(payload));

    // Whether the chunk is still the upstream's text once normalised: then that text is what the caller gets (verbatim-chunk.ts).
    let unchanged = Array.isArray(payload.choices);
    const choices = unchanged ? (payload.choices as unknown[]) : [];
    for (const choice of choices) {
      if (!isJsonObject(choice)) throw this.malformed('a choice that is not an object');
      // Some hosts leave out an empty delta (a chunk that only finishes): the canonical chunk always has one.
      if (choice.delta === undefined || choice.delta === null) {
        choice.delta = {};
        unchanged = false;
      } else if (!isJsonObject(choice.delta)) throw this.malformed('a delta that is not an object');
      const { content, tool_calls: toolCalls } = choice.delta as JsonObject;
      if (content !== undefined && content !== null && typeof content !== 'string' && !Array.isArray(content)) throw this.malformed('a delta.content that is not text');
      if (toolCalls !== undefined && toolCalls !== null && !(Array.isArray(toolCalls) && toolCalls.every(isJsonObject))) throw this.malformed('a delta.tool_calls that is not a list of objects');
      if (choice.finish_reason !== undefined && choice.finish_reason !== null) {
        const reason = normalizeFinishReason(choice.finish_reason);
        if (reason !== choice.finish_reason) unchanged = false;
        choice.finish_reason = reason;
        this.sawFinishReason = true;
      }
      if (isJsonObject(choice.delta) && Array.isArray(choice.delta.content)) {
        choice.delta.content = textOfContent(choice.delta.content);
        unchanged = false;
      }
    }
    const usage = usageOfPayload(payload);
    if (usage) {
      payload.usage = usage;
      unchanged = false;
    } else if (payload.usage !== undefined && payload.usage !== null) {
      // Not a usage block (a list, a number, an object without counts): nothing to bill from, nothing an SDK could read.
      payload.usage = null;
      unchanged = false;
    }
    // A chunk with neither choices nor usage (e.g. Azure's prompt_filter_results) carries nothing canonical.
    if (choices.length === 0 && !usage) return NO_CHUNKS;
    if (!Array.isArray(payload.choices)) payload.choices = choices;
    if (unchanged) keepVerbatim(payload, event.data);
    return [payload as unknown as ChatCompletionChunk];
  }

  /** A stream that stops with neither `[DONE]` nor a finish reason was cut short, even if the socket closed cleanly. */
  finish(): ChatCompletionChunk[] {
    if (this.sawDone || this.sawFinishReason) return NO_CHUNKS;
    throw new UpstreamError(this.providerId, { kind: 'stream_interrupted', message: 'upstream stream ended without [DONE] or a finish_reason' });
  }

  /** A chunk the canonical stream cannot carry: the provider's failure (a 502, or a failover before the first chunk). */
  private malformed(what: string): UpstreamError {
    return new UpstreamError(this.providerId, { kind: 'server_error', message: `upstream sent a stream chunk with ${what}` });
  }

  private parse(data: string): JsonObject {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch (error) {
      throw new UpstreamError(this.providerId, { kind: 'server_error', message: `upstream sent a stream event that is not JSON: ${data.slice(0, 200)}` }, { cause: error });
    }
    if (!isJsonObject(payload)) throw new UpstreamError(this.providerId, { kind: 'server_error', message: `upstream sent a stream event that is not a JSON object: ${data.slice(0, 200)}` });
    return payload;
  }
}

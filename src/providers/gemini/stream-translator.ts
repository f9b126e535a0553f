import type { ChatCompletionChunk, ChunkChoice, ToolCallDelta } from '../../core/chat-types.js';
import { type ServerSentEvent, type StreamTranslator, type UpstreamTarget } from '../provider-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { convertFinishReason, failureOfFinishReason } from './finish-reason.js';
import { convertLogprobs } from './convert-logprobs.js';
import { isAnswerText, isFunctionCall, toolCallOfPart } from './convert-parts.js';
import { completionIdOf } from './convert-response.js';
import { convertUsage } from './convert-usage.js';
import { throwIfFailed } from './response-errors.js';
import type { GoogleExtraContent } from './thought-signature.js';
import type { GeminiCandidate, GeminiResponse, GeminiUsageMetadata } from './wire-types.js';

/**
 * Translates a streamGenerateContent?alt=sse answer. Every `data:` event is a whole
 * GenerateContentResponse holding only the new parts; function calls arrive whole, so each becomes
 * one tool_call delta with all of its arguments. Usage is complete only on the last event, so the
 * latest one is kept and sent as a trailing usage chunk.
 */
export class GeminiStreamTranslator implements StreamTranslator<ChatCompletionChunk> {
  private readonly created = Math.floor(Date.now() / 1000);
  private id: string | undefined;
  private model: string;
  private usage: GeminiUsageMetadata | undefined;
  private readonly startedCandidates = new Set<number>();
  private readonly finishedCandidates = new Set<number>();
  /** Per candidate: how many tool calls were sent (the next tool_call index). */
  private readonly toolCallCounts = new Map<number, number>();

  constructor(private readonly target: UpstreamTarget) {
    this.model = target.model.upstream_model;
  }

  push(event: ServerSentEvent): ChatCompletionChunk[] {
    const response = this.parse(event.data);
    throwIfFailed(response, this.target.provider.id);
    if (this.id === undefined) {
      this.id = completionIdOf(response);
      this.model = response.modelVersion ?? this.model;
    }
    if (response.usageMetadata) this.usage = response.usageMetadata;
    const chunks: ChatCompletionChunk[] = [];
    (response.candidates ?? []).forEach((candidate, position) => this.translateCandidate(candidate, candidate.index ?? position, chunks));
    return chunks;
  }

  finish(): ChatCompletionChunk[] {
    const unfinished = [...this.startedCandidates].some((index) => !this.finishedCandidates.has(index));
    if (this.finishedCandidates.size === 0 || unfinished) {
      throw new UpstreamError(this.target.provider.id, { kind: 'stream_interrupted', message: 'Gemini stream ended before a finishReason' });
    }
    if (!this.usage) return [];
    return [{ ...this.envelope(), choices: [], usage: convertUsage(this.usage) }];
  }

  private translateCandidate(candidate: GeminiCandidate, index: number, chunks: ChatCompletionChunk[]): void {
    if (this.finishedCandidates.has(index)) return;
    if (!this.startedCandidates.has(index)) {
      this.startedCandidates.add(index);
      // OpenAI's role chunk says `content: null` when the answer opens with a tool call.
      const opening = candidate.content?.parts?.find((part) => isFunctionCall(part) || (isAnswerText(part) && part.text !== ''));
      const opensWithToolCall = opening !== undefined && isFunctionCall(opening);
      chunks.push(this.chunk({ index, delta: { role: 'assistant', content: opensWithToolCall ? null : '' }, finish_reason: null }));
    }
    // Logprobs of this event's tokens ride on its first content chunk.
    let logprobs = convertLogprobs(candidate.logprobsResult);
    for (const part of candidate.content?.parts ?? []) {
      if (isAnswerText(part) && part.text !== '') {
        chunks.push(this.chunk({ index, delta: { content: part.text }, logprobs, finish_reason: null }));
        logprobs = null;
      } else if (isFunctionCall(part)) {
        const toolIndex = this.toolCallCounts.get(index) ?? 0;
        this.toolCallCounts.set(index, toolIndex + 1);
        const { id, type, function: call, extra_content } = toolCallOfPart(part);
        const delta: ToolCallDelta & GoogleExtraContent = { index: toolIndex, id, type, function: call, ...(extra_content ? { extra_content } : {}) };
        chunks.push(this.chunk({ index, delta: { tool_calls: [delta] }, finish_reason: null }));
      }
    }
    if (candidate.finishReason) {
      const failure = failureOfFinishReason(candidate.finishReason);
      if (failure) throw new UpstreamError(this.target.provider.id, failure);
      this.finishedCandidates.add(index);
      const reason = convertFinishReason(candidate.finishReason, this.toolCallCounts.has(index));
      chunks.push(this.chunk({ index, delta: {}, finish_reason: reason }));
    }
  }

  private parse(data: string): GeminiResponse {
    try {
      return JSON.parse(data) as GeminiResponse;
    } catch {
      throw new UpstreamError(this.target.provider.id, { kind: 'server_error', message: `Gemini stream sent an event that is not JSON: ${data.slice(0, 200)}` });
    }
  }

  private envelope(): Omit<ChatCompletionChunk, 'choices'> {
    return { id: this.id ?? completionIdOf({}), object: 'chat.completion.chunk', created: this.created, model: this.model };
  }

  private chunk(choice: ChunkChoice): ChatCompletionChunk {
    return { ...this.envelope(), choices: [{ ...choice, logprobs: choice.logprobs ?? null }] };
  }
}

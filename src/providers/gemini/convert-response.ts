import { randomUUID } from 'node:crypto';
import type { ChatChoice, ChatCompletion } from '../../core/chat-types.js';
import { type UpstreamTarget } from '../provider-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { convertFinishReason, failureOfFinishReason } from './finish-reason.js';
import { convertLogprobs } from './convert-logprobs.js';
import { answerTextOf, isFunctionCall, toolCallOfPart } from './convert-parts.js';
import { convertUsage } from './convert-usage.js';
import { throwIfFailed } from './response-errors.js';
import type { GeminiCandidate, GeminiResponse } from './wire-types.js';
import { isJsonObject } from '../../shared/json-values.js';

/** How long a returned audio id may be referred to, as OpenAI sets `expires_at`. */
const AUDIO_TTL_SECONDS = 3600;

/** A completion id from Gemini's responseId when it sent one, so logs on both sides match. */
export function completionIdOf(response: GeminiResponse): string {
  return `chatcmpl-${response.responseId ?? randomUUID()}`;
}

/** A generateContent answer as a chat completion: one choice per candidate (`n` > 1 asks for several). */
export function convertResponse(body: unknown, target: UpstreamTarget): ChatCompletion {
  const response = (body ?? {}) as GeminiResponse;
  throwIfFailed(response, target.provider.id);
  const candidates = response.candidates ?? [];
  if (!Array.isArray(candidates) || !candidates.every(isJsonObject)) {
    throw new UpstreamError(target.provider.id, { kind: 'server_error', message: 'Gemini answered with candidates that are not a list of objects' });
  }
  if (candidates.length === 0) {
    throw new UpstreamError(target.provider.id, { kind: 'server_error', message: 'Gemini answered without any candidate' });
  }
  const completion: ChatCompletion = {
    id: completionIdOf(response),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: response.modelVersion ?? target.model.upstream_model,
    choices: candidates.map((candidate, position) => convertCandidate(candidate, position, target.provider.id)).sort((first, second) => first.index - second.index),
  };
  if (response.usageMetadata) completion.usage = convertUsage(response.usageMetadata);
  return completion;
}

function convertCandidate(candidate: GeminiCandidate, position: number, providerId: string): ChatChoice {
  const failure = failureOfFinishReason(candidate.finishReason);
  if (failure) throw new UpstreamError(providerId, failure);
  const parts = candidate.content?.parts ?? [];
  const toolCalls = parts.filter(isFunctionCall).map(toolCallOfPart);
  const text = answerTextOf(parts);
  const finishReason = convertFinishReason(candidate.finishReason ?? 'STOP', toolCalls.length > 0);
  // OpenAI gives null content when the answer is only tool calls or was filtered away.
  const content = text !== '' || (toolCalls.length === 0 && finishReason !== 'content_filter') ? text : null;
  // Audio in the answer (Lyria's track, a TTS model's speech) comes back as OpenAI returns audio: message.audio, its text as the transcript.
  const audio = parts.find((part) => part.inlineData?.mimeType?.startsWith('audio/'))?.inlineData;
  const choice: ChatChoice = {
    index: candidate.index ?? position,
    message: {
      role: 'assistant',
      content: audio ? null : content,
      refusal: null,
      ...(audio ? { audio: { id: `audio_${randomUUID()}`, data: audio.data, expires_at: Math.floor(Date.now() / 1000) + AUDIO_TTL_SECONDS, transcript: text } } : {}),
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    },
    logprobs: convertLogprobs(candidate.logprobsResult),
    finish_reason: finishReason,
  };
  return choice;
}

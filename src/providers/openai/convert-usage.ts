import type { Usage } from '../../core/chat-types.js';
import { isJsonObject, numberOrUndefined, type JsonObject } from '../shared/json-values.js';

/**
 * Normalises an OpenAI-wire `usage` object into the canonical Usage. Totals are cumulative for the whole
 * request. Understands the dialects of compatible hosts: DeepSeek reports cache hits as
 * `prompt_cache_hit_tokens`; Groq may report usage only under `x_groq.usage` (see `usageOfPayload`).
 */
export function convertOpenAiUsage(raw: unknown): Usage | undefined {
  if (!isJsonObject(raw)) return undefined;
  const promptTokens = numberOrUndefined(raw.prompt_tokens) ?? 0;
  const completionTokens = numberOrUndefined(raw.completion_tokens) ?? 0;
  const usage: Usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: numberOrUndefined(raw.total_tokens) ?? promptTokens + completionTokens,
  };

  const promptDetails = isJsonObject(raw.prompt_tokens_details) ? raw.prompt_tokens_details : undefined;
  const cachedTokens = numberOrUndefined(promptDetails?.cached_tokens) ?? numberOrUndefined(raw.prompt_cache_hit_tokens);
  const promptAudioTokens = numberOrUndefined(promptDetails?.audio_tokens);
  const cacheWriteTokens = numberOrUndefined(promptDetails?.cache_write_tokens);
  if (cachedTokens !== undefined || promptAudioTokens !== undefined || cacheWriteTokens !== undefined) {
    usage.prompt_tokens_details = {};
    if (cachedTokens !== undefined) usage.prompt_tokens_details.cached_tokens = cachedTokens;
    if (promptAudioTokens !== undefined) usage.prompt_tokens_details.audio_tokens = promptAudioTokens;
    if (cacheWriteTokens !== undefined) usage.prompt_tokens_details.cache_write_tokens = cacheWriteTokens;
  }

  const completionDetails = isJsonObject(raw.completion_tokens_details) ? raw.completion_tokens_details : undefined;
  const reasoningTokens = numberOrUndefined(completionDetails?.reasoning_tokens);
  const completionAudioTokens = numberOrUndefined(completionDetails?.audio_tokens);
  if (reasoningTokens !== undefined || completionAudioTokens !== undefined) {
    usage.completion_tokens_details = {};
    if (reasoningTokens !== undefined) usage.completion_tokens_details.reasoning_tokens = reasoningTokens;
    if (completionAudioTokens !== undefined) usage.completion_tokens_details.audio_tokens = completionAudioTokens;
  }
  return usage;
}

/** The usage of a response body or stream chunk: top-level `usage`, else Groq's `x_groq.usage`. */
export function usageOfPayload(payload: JsonObject): Usage | undefined {
  return convertOpenAiUsage(payload.usage) ?? (isJsonObject(payload.x_groq) ? convertOpenAiUsage(payload.x_groq.usage) : undefined);
}

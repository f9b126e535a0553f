import type { Usage } from '../../core/chat-types.js';
import { isJsonObject, type JsonObject } from '../../shared/json-values.js';
import { isTokenCount, TokenCountReader, type CheckedUsage } from '../shared/token-counts.js';

/**
 * Breakdowns OpenAI reports for the caller's information and svc does not bill on (rejected prediction tokens are
 * already inside completion_tokens): passed on when they are counts, left out (not noted) when they are not.
 */
const PROMPT_INFORMATIONAL_COUNTS = ['text_tokens', 'image_tokens'] as const;
const COMPLETION_INFORMATIONAL_COUNTS = ['text_tokens', 'accepted_prediction_tokens', 'rejected_prediction_tokens'] as const;

/**
 * Normalises an OpenAI-wire `usage` object into the canonical Usage. Totals are cumulative for the whole
 * request. Understands the dialects of compatible hosts: DeepSeek reports cache hits as
 * `prompt_cache_hit_tokens`; Groq may report usage only under `x_groq.usage` (see `usageOfPayload`);
 * xAI reports reasoning tokens in `completion_tokens_details` like OpenAI. Counts that are not token
 * counts are left out and noted (see token-counts.ts), and so are `prompt_tokens` and `completion_tokens` when
 * absent: every OpenAI-wire usage block carries both, so a missing one is estimated, never billed as 0.
 */
export function convertOpenAiUsage(raw: unknown): CheckedUsage | undefined {
  // A block with none of the counts (`usage: {}` on a stream's every chunk) is no usage, not an unreadable one.
  if (!isJsonObject(raw) || (raw.prompt_tokens === undefined && raw.completion_tokens === undefined && raw.total_tokens === undefined)) return undefined;
  const counts = new TokenCountReader(raw);
  const promptTokens = counts.require('prompt_tokens') ?? 0;
  const completionTokens = counts.require('completion_tokens') ?? 0;
  const totalTokens = counts.read('total_tokens');
  // The total is always the sum of what is billed, as OpenAI's is: an upstream total that disagrees is not passed on.
  const usage: Usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };

  const promptDetails = isJsonObject(raw.prompt_tokens_details) ? raw.prompt_tokens_details : undefined;
  const cachedTokens = counts.read('cached_tokens', promptDetails) ?? counts.read('prompt_cache_hit_tokens');
  const promptAudioTokens = counts.read('audio_tokens', promptDetails);
  const cacheWriteTokens = counts.read('cache_write_tokens', promptDetails);
  if (cachedTokens !== undefined || promptAudioTokens !== undefined || cacheWriteTokens !== undefined) {
    usage.prompt_tokens_details = {};
    if (cachedTokens !== undefined) usage.prompt_tokens_details.cached_tokens = cachedTokens;
    if (promptAudioTokens !== undefined) usage.prompt_tokens_details.audio_tokens = promptAudioTokens;
    if (cacheWriteTokens !== undefined) usage.prompt_tokens_details.cache_write_tokens = cacheWriteTokens;
  }
  copyInformationalCounts(usage, 'prompt_tokens_details', promptDetails, PROMPT_INFORMATIONAL_COUNTS);

  const completionDetails = isJsonObject(raw.completion_tokens_details) ? raw.completion_tokens_details : undefined;
  const reasoningTokens = counts.read('reasoning_tokens', completionDetails);
  // OpenAI counts reasoning inside completion_tokens; some hosts (xAI) report it beside them, which their
  // total shows (prompt + completion + reasoning). Reasoning is billed as output either way.
  if (reasoningTokens && totalTokens !== undefined && totalTokens === promptTokens + completionTokens + reasoningTokens) {
    usage.completion_tokens = completionTokens + reasoningTokens;
    usage.total_tokens = totalTokens;
  }
  const completionAudioTokens = counts.read('audio_tokens', completionDetails);
  if (reasoningTokens !== undefined || completionAudioTokens !== undefined) {
    usage.completion_tokens_details = {};
    if (reasoningTokens !== undefined) usage.completion_tokens_details.reasoning_tokens = reasoningTokens;
    if (completionAudioTokens !== undefined) usage.completion_tokens_details.audio_tokens = completionAudioTokens;
  }
  copyInformationalCounts(usage, 'completion_tokens_details', completionDetails, COMPLETION_INFORMATIONAL_COUNTS);
  return counts.finish(usage);
}

/** Copies the informational counts among `fields` from the upstream's details into the usage's (made for the first one found). */
function copyInformationalCounts<K extends 'prompt_tokens_details' | 'completion_tokens_details'>(
  usage: Usage,
  key: K,
  details: JsonObject | undefined,
  fields: readonly (keyof NonNullable<Usage[K]> & string)[],
): void {
  if (!details) return;
  for (const field of fields) {
    const value = details[field];
    if (isTokenCount(value)) ((usage[key] ??= {}) as Record<string, number>)[field] = value;
  }
}

/** The usage of a response body or stream chunk: top-level `usage`, else Groq's `x_groq.usage`. */
export function usageOfPayload(payload: JsonObject): CheckedUsage | undefined {
  return convertOpenAiUsage(payload.usage) ?? (isJsonObject(payload.x_groq) ? convertOpenAiUsage(payload.x_groq.usage) : undefined);
}

/**
 * What one request consumed, in every unit svc bills: tokens of each kind, audio seconds, characters.
 * Each operation converts its own usage into this, so cost, ledger and limits are written once.
 */
export interface MeteredUsage {
  /** All input tokens, cached and cache-write tokens included. */
  inputTokens: number;
  /** All output tokens, reasoning and audio output tokens included. */
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  reasoningTokens: number;
  audioInputTokens: number;
  audioOutputTokens: number;
  /** Seconds of audio (per-minute models). */
  audioSeconds?: number;
  /** Characters of text (per-character speech models). */
  characters?: number;
  /** True when some count is svc's estimate (a cut stream, a missing or unreadable upstream count). */
  estimated: boolean;
}

export function emptyUsage(): MeteredUsage {
  return { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, audioInputTokens: 0, audioOutputTokens: 0, estimated: false };
}

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

/** The usage of two calls made for one request (a re-ask, a check by a second model). */
export function addUsage(left: MeteredUsage, right: MeteredUsage): MeteredUsage {
  const sum = (a: number | undefined, b: number | undefined) => (a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0));
  const total: MeteredUsage = {
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
    cachedInputTokens: left.cachedInputTokens + right.cachedInputTokens,
    cacheWriteTokens: left.cacheWriteTokens + right.cacheWriteTokens,
    reasoningTokens: left.reasoningTokens + right.reasoningTokens,
    audioInputTokens: left.audioInputTokens + right.audioInputTokens,
    audioOutputTokens: left.audioOutputTokens + right.audioOutputTokens,
    estimated: left.estimated || right.estimated,
  };
  const audioSeconds = sum(left.audioSeconds, right.audioSeconds);
  const characters = sum(left.characters, right.characters);
  if (audioSeconds !== undefined) total.audioSeconds = audioSeconds;
  if (characters !== undefined) total.characters = characters;
  return total;
}

/** `total` without `part` (never below zero): the last call's share of a sum. */
export function subtractUsage(total: MeteredUsage, part: MeteredUsage): MeteredUsage {
  const less = (a: number, b: number) => Math.max(0, a - b);
  const result: MeteredUsage = {
    inputTokens: less(total.inputTokens, part.inputTokens),
    outputTokens: less(total.outputTokens, part.outputTokens),
    cachedInputTokens: less(total.cachedInputTokens, part.cachedInputTokens),
    cacheWriteTokens: less(total.cacheWriteTokens, part.cacheWriteTokens),
    reasoningTokens: less(total.reasoningTokens, part.reasoningTokens),
    audioInputTokens: less(total.audioInputTokens, part.audioInputTokens),
    audioOutputTokens: less(total.audioOutputTokens, part.audioOutputTokens),
    estimated: total.estimated,
  };
  if (total.audioSeconds !== undefined) result.audioSeconds = less(total.audioSeconds, part.audioSeconds ?? 0);
  if (total.characters !== undefined) result.characters = less(total.characters, part.characters ?? 0);
  return result;
}

import type { RateState } from '../shared/gcra.js';

/**
 * OpenAI's rate-limit headers (`x-ratelimit-limit-requests`, `-remaining-`, `-reset-`, and `-tokens`), from
 * the strictest of the limits that apply. Resets are written as OpenAI writes them: `20ms`, `1s`, `6m0s`.
 */
export function rateLimitHeaders(kind: 'requests' | 'tokens', limits: Array<{ limit: number; state: RateState }>): Record<string, string> {
  if (limits.length === 0) return {};
  const strictest = limits.reduce((best, current) => (current.state.remaining < best.state.remaining ? current : best));
  return {
    [`x-ratelimit-limit-${kind}`]: String(strictest.limit),
    [`x-ratelimit-remaining-${kind}`]: String(Math.max(0, strictest.state.remaining)),
    [`x-ratelimit-reset-${kind}`]: formatDuration(strictest.state.resetMs),
  };
}

export function formatDuration(milliseconds: number): string {
  const ms = Math.max(0, Math.ceil(milliseconds));
  if (ms < 1000) return `${ms}ms`;
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = (ms % 60_000) / 1000;
  const secondsText = `${Number.isInteger(seconds) ? seconds : seconds.toFixed(3).replace(/0+$/, '')}s`;
  if (hours > 0) return `${hours}h${minutes}m${secondsText}`;
  if (minutes > 0) return `${minutes}m${secondsText}`;
  return secondsText;
}

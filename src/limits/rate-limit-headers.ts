import type { RateState } from '../shared/gcra.js';

const headerNames = {
  requests: { limit: 'x-ratelimit-limit-requests', remaining: 'x-ratelimit-remaining-requests', reset: 'x-ratelimit-reset-requests' },
  tokens: { limit: 'x-ratelimit-limit-tokens', remaining: 'x-ratelimit-remaining-tokens', reset: 'x-ratelimit-reset-tokens' },
} as const;

/**
 * OpenAI's rate-limit headers (`x-ratelimit-limit-requests`, `-remaining-`, `-reset-`, and `-tokens`), from
 * the strictest of the limits that apply, added to `headers`. Resets are written as OpenAI writes them: `20ms`, `1s`, `6m0s`.
 */
export function rateLimitHeaders(kind: 'requests' | 'tokens', limits: Array<{ limit: number; state: RateState }>, headers: Record<string, string>): Record<string, string> {
  if (limits.length === 0) return headers;
  let strictest = limits[0];
  for (const current of limits) if (current.state.remaining < strictest.state.remaining) strictest = current;
  const names = headerNames[kind];
  headers[names.limit] = String(strictest.limit);
  headers[names.remaining] = String(Math.max(0, strictest.state.remaining));
  headers[names.reset] = formatDuration(strictest.state.resetMs);
  return headers;
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

/**
 * How long an upstream asks us to wait, from `retry-after-ms` (OpenAI SDK convention, milliseconds) or
 * `retry-after` (RFC 9110: delay in seconds, or an HTTP date). Undefined when absent or unreadable; at most a day
 * (MAX_RETRY_AFTER_MS): a longer wait, or `retry-after: 99999999999999999999`, is asked again after a day, and never
 * becomes a key put aside for years or a time-out Redis refuses.
 */
export function parseRetryAfterMs(headers: Record<string, string | string[] | undefined>, now: number = Date.now()): number | undefined {
  const wait = requestedWaitMs(headers, now);
  return wait === undefined ? undefined : Math.min(wait, MAX_RETRY_AFTER_MS);
}

const MAX_RETRY_AFTER_MS = 24 * 3600_000;

function requestedWaitMs(headers: Record<string, string | string[] | undefined>, now: number): number | undefined {
  const milliseconds = parseDelay(firstValue(headers['retry-after-ms']), 1);
  if (milliseconds !== undefined) return milliseconds;
  const value = firstValue(headers['retry-after']);
  if (value === undefined) return undefined;
  const seconds = parseDelay(value, 1000);
  if (seconds !== undefined) return seconds;
  // Date.parse also takes bare numbers like "-3" as years; an HTTP date always names its weekday and month.
  const date = HTTP_DATE_HINT.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const DELAY_PATTERN = /^\s*\d+(\.\d+)?\s*$/;
const HTTP_DATE_HINT = /[a-z]/i;

function parseDelay(value: string | undefined, unitMs: number): number | undefined {
  if (value === undefined || !DELAY_PATTERN.test(value)) return undefined;
  return Math.round(Number(value) * unitMs);
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

import type { ChatCompletion, ChatRequest } from '../../core/chat-types.js';

/**
 * Which requests the caches may answer and store (config `cache.exact`). By default every request is (the
 * spec's stage matrix turns the caches on in cache and full mode, whatever the temperature); the options
 * restrict it for those who want only deterministic requests cached.
 */
export interface CachePolicy {
  /** A request whose temperature (1 when absent, as the providers default) is at most this is cacheable; Infinity: any. */
  maxTemperature: number;
  /** A request with a `seed` is cacheable whatever its temperature. */
  cacheSeeded: boolean;
  /** Only requests with a `seed` are cacheable. */
  seededOnly?: boolean;
}

/** Cacheable under the policy: any request by default; else a seeded one, or one at a low enough temperature. */
export function isCacheableRequest(request: ChatRequest, policy: CachePolicy): boolean {
  if (policy.seededOnly) return request.seed !== undefined;
  if (policy.cacheSeeded && request.seed !== undefined) return true;
  return (request.temperature ?? 1) <= policy.maxTemperature;
}

/** Only whole, clean answers are kept: never one cut short (no finish reason) or stopped by a content filter. */
export function isCacheableAnswer(completion: ChatCompletion): boolean {
  if (completion.choices.length === 0) return false;
  return completion.choices.every((choice) => choice.finish_reason !== null && choice.finish_reason !== 'content_filter');
}

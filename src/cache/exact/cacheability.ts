import type { ChatCompletion, ChatRequest } from '../../core/chat-types.js';

/** Which requests the caches may answer and store (config `cache.exact`). */
export interface CachePolicy {
  /** A request whose temperature (1 when absent, as the providers default) is at most this is cacheable. */
  maxTemperature: number;
  /** A request with a `seed` is cacheable whatever its temperature. */
  cacheSeeded: boolean;
}

/** Deterministic enough to answer from a cache: a low temperature, or a seed when the policy takes seeds. */
export function isCacheableRequest(request: ChatRequest, policy: CachePolicy): boolean {
  if (policy.cacheSeeded && request.seed !== undefined) return true;
  return (request.temperature ?? 1) <= policy.maxTemperature;
}

/** Only whole, clean answers are kept: never one cut short (no finish reason) or stopped by a content filter. */
export function isCacheableAnswer(completion: ChatCompletion): boolean {
  if (completion.choices.length === 0) return false;
  return completion.choices.every((choice) => choice.finish_reason !== null && choice.finish_reason !== 'content_filter');
}

import type { AnthropicCacheControl } from './wire-types.js';

/**
 * A caller's prompt-cache breakpoint, as clients of OpenAI-shaped gateways send it (`cache_control` on a
 * content part or a tool), in the form Anthropic takes; anything else is not a breakpoint.
 */
export function cacheControlOf(holder: unknown): AnthropicCacheControl | undefined {
  const value = (holder as { cache_control?: { type?: unknown; ttl?: unknown } } | null | undefined)?.cache_control;
  if (!value || value.type !== 'ephemeral') return undefined;
  return value.ttl === '5m' || value.ttl === '1h' ? { type: 'ephemeral', ttl: value.ttl } : { type: 'ephemeral' };
}

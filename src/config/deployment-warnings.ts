import type { GatewayConfig } from './config-schema.js';

/**
 * What a valid configuration still gets wrong for its deployment, said at start-up (the primary's log) and by
 * `svc config check`: nothing here stops svc, each is a sentence an operator can act on.
 */
export function deploymentWarnings(config: Pick<GatewayConfig, 'server' | 'storage'>): string[] {
  const warnings: string[] = [];
  if (config.server.workers > 1 && !config.storage.redisUrl) {
    // Without Redis each process keeps the shared state in its own memory (MemorySharedState).
    warnings.push(
      `server.workers is ${config.server.workers} without SVC_REDIS_URL (storage.redis_url): each worker counts rate limits, quotas and budgets on its own, so a key may use its limit once in every worker, and each keeps its own circuit states and sticky routes; set a Redis URL to share them`,
    );
  }
  return warnings;
}

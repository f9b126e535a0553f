import type { UsageLedger } from '../../billing/usage-ledger.js';
import type { PipelineStage } from '../pipeline.js';
import { elapsedMs } from '../timing.js';

/** Queues the request's usage and cost for the ledger; the write happens later, in a batch. */
export function ledgerStage(ledger: UsageLedger): PipelineStage {
  return {
    name: 'ledger',
    run(context) {
      const usage = context.usage;
      ledger.record({
        request_id: context.requestId,
        org_id: context.principal.orgId,
        key_id: context.principal.keyId,
        created_at: new Date().toISOString(),
        endpoint: context.endpoint,
        requested_model: context.requestedModel,
        model: context.target?.model.slug ?? context.route?.model.slug ?? null,
        provider: context.target?.provider.id ?? null,
        status: context.outcomeStatus,
        prompt_tokens: usage?.prompt_tokens ?? 0,
        completion_tokens: usage?.completion_tokens ?? 0,
        cached_tokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
        reasoning_tokens: usage?.completion_tokens_details?.reasoning_tokens ?? 0,
        cost_usd: context.cost?.cost_usd ?? 0,
        baseline_cost_usd: context.cost?.baseline_cost_usd ?? 0,
        cost_attribution: context.target?.keySource === 'byok' ? 'byok' : 'svc',
        intelligence_mode: context.mode,
        cache_hit: context.cacheHit,
        latency_ms: Math.round(elapsedMs(context.startedAt)),
      });
    },
  };
}

import type { UsageLedger } from '../../billing/usage-ledger.js';
import { elapsedMs } from '../timing.js';
import type { AfterWork } from '../request-runner.js';

/** Journals the request's usage and cost and queues it for the ledger; the database write happens later, in a batch. */
export function usageRecordAfterWork(ledger: UsageLedger): AfterWork {
  return {
    name: 'usage_record',
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
        status: context.status,
        prompt_tokens: usage?.inputTokens ?? 0,
        completion_tokens: usage?.outputTokens ?? 0,
        cached_tokens: usage?.cachedInputTokens ?? 0,
        reasoning_tokens: usage?.reasoningTokens ?? 0,
        cache_write_tokens: usage?.cacheWriteTokens ?? 0,
        audio_input_tokens: usage?.audioInputTokens ?? 0,
        audio_output_tokens: usage?.audioOutputTokens ?? 0,
        estimated: usage?.estimated ?? false,
        cost_usd: context.cost?.cost_usd ?? 0,
        baseline_cost_usd: context.cost?.baseline_cost_usd ?? 0,
        cost_attribution: context.target?.keySource === 'byok' ? 'byok' : 'svc',
        intelligence_mode: context.mode,
        cache_hit: false,
        latency_ms: Math.round(elapsedMs(context.startedAt)),
      });
    },
  };
}

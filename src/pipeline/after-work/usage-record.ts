import { isWholeHit } from '../../core/cache-hit.js';
import type { UsageLedger } from '../../billing/usage-ledger.js';
import { auditDetailsOf } from '../../governance/audit-record.js';
import { elapsedMs } from '../timing.js';
import type { AfterWork } from '../request-runner.js';

import type { Principal } from '../../auth/principal.js';
import type { UsageRecord } from '../../core/storage-interfaces.js';

/** The row of a request refused before it reached the pipeline (a 400 of the body): its status, no usage, no cost. */
export function refusedRequestRecord(request: { requestId: string; principal: Principal; endpoint: string; requestedModel: string; status: number; errorCode: string; mode: string; latencyMs: number }): UsageRecord {
  return {
    request_id: request.requestId,
    org_id: request.principal.orgId,
    key_id: request.principal.keyId,
    created_at: new Date().toISOString(),
    endpoint: request.endpoint,
    requested_model: request.requestedModel,
    model: null,
    provider: null,
    status: request.status,
    prompt_tokens: 0,
    completion_tokens: 0,
    cached_tokens: 0,
    reasoning_tokens: 0,
    cache_write_tokens: 0,
    audio_input_tokens: 0,
    audio_output_tokens: 0,
    estimated: false,
    cost_usd: 0,
    baseline_cost_usd: 0,
    cost_attribution: 'svc',
    intelligence_mode: request.mode,
    cache_hit: false,
    latency_ms: Math.round(request.latencyMs),
    error_code: request.errorCode,
  };
}


/** Journals the request's usage and cost, and its audit record, and queues them; the database writes happen later, in batches. */
export function usageRecordAfterWork(ledger: UsageLedger): AfterWork {
  return {
    name: 'usage_record',
    run(context) {
      const usage = context.usage;
      const createdAt = new Date().toISOString();
      ledger.record({
        request_id: context.requestId,
        org_id: context.principal.orgId,
        key_id: context.principal.keyId,
        created_at: createdAt,
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
        audio_seconds: usage?.audioSeconds ?? 0,
        characters: usage?.characters ?? 0,
        estimated: usage?.estimated ?? false,
        cost_usd: context.cost?.cost_usd ?? 0,
        baseline_cost_usd: context.cost?.baseline_cost_usd ?? 0,
        cost_attribution: context.target?.keySource === 'byok' ? 'byok' : 'svc',
        intelligence_mode: context.mode,
        cache_hit: isWholeHit(context.cacheHit),
        latency_ms: Math.round(elapsedMs(context.startedAt)),
        tier: context.route?.tier ?? null,
        task_family: context.route?.taskFamily ?? null,
        error_code: context.errorCode ?? null,
        audit: auditDetailsOf(context),
      });
    },
  };
}

import type { Principal } from '../auth/principal.js';
import type { RequestContext } from '../pipeline/request-context.js';
import type { AuditRecord } from '../storage/storage-types.js';

/** The longest prompt an audit record keeps (orgs that opted in). */
const MAX_AUDIT_PROMPT = 32 * 1024;

/** The audit id of a request: the `x-svc-audit-id` header. */
export const auditIdOf = (requestId: string) => `aud_${requestId}`;

/**
 * A request's audit record: who (org, key), what (endpoint, model asked and served, routing decision, tool
 * calls, redactions), how it ended (status, cost, cache). The prompt only when the org opted in — and then
 * as it left svc, redacted.
 */
export function auditRecordOf(context: RequestContext, createdAt: string): AuditRecord {
  const promptWanted = context.governance.policy?.audit_prompts === true;
  const request = context.request as { messages?: unknown; input?: unknown };
  return {
    id: auditIdOf(context.requestId),
    request_id: context.requestId,
    org_id: context.principal.orgId,
    key_id: context.principal.keyId,
    created_at: createdAt,
    endpoint: context.endpoint,
    requested_model: context.requestedModel,
    served_model: context.target?.model.slug ?? context.cacheHit?.source ?? null,
    provider: context.target?.provider.id ?? null,
    routing_decision: context.route?.summary ?? null,
    tool_calls: context.toolCalls ?? [],
    redactions: (context.redactions ?? {}) as Record<string, number>,
    status: context.status,
    cost_usd: context.cost?.cost_usd ?? 0,
    cache_hit: context.cacheHit !== undefined && (context.cacheHit.of === undefined || context.cacheHit.inputs === context.cacheHit.of),
    prompt: promptWanted ? JSON.stringify(request.messages ?? request.input ?? null).slice(0, MAX_AUDIT_PROMPT) : null,
  };
}

/** The audit record of a request refused before the pipeline (a 400 of the body). */
export function refusedAuditRecord(request: { requestId: string; principal: Principal; endpoint: string; requestedModel: string; status: number }, createdAt: string): AuditRecord {
  return {
    id: auditIdOf(request.requestId),
    request_id: request.requestId,
    org_id: request.principal.orgId,
    key_id: request.principal.keyId,
    created_at: createdAt,
    endpoint: request.endpoint,
    requested_model: request.requestedModel,
    served_model: null,
    provider: null,
    routing_decision: null,
    tool_calls: [],
    redactions: {},
    status: request.status,
    cost_usd: 0,
    cache_hit: false,
    prompt: null,
  };
}

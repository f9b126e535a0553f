import type { RequestContext } from '../pipeline/request-context.js';
import type { AuditRecord, UsageRecord } from '../storage/storage-types.js';

/** The longest prompt an audit record keeps (orgs that opted in). */
const MAX_AUDIT_PROMPT = 32 * 1024;

/** The audit id of a request: the `x-svc-audit-id` header. */
export const auditIdOf = (requestId: string) => `aud_${requestId}`;

/**
 * What the audit record of a request adds to its usage record (the rest — who, endpoint, models, status,
 * cost, cache — is the usage record's): journaled beside it, in the same line, so an audited request still
 * costs one write. Empty lists and absent prompts are left out of the line.
 */
export interface AuditDetails {
  served_model: string | null;
  routing_decision: string | null;
  tool_calls?: string[];
  redactions?: Record<string, number>;
  prompt?: string;
}

/** The audit details of a request; the prompt only when the org opted in — and then as it left svc, redacted. */
export function auditDetailsOf(context: RequestContext): AuditDetails {
  const details: AuditDetails = {
    served_model: context.target?.model.slug ?? context.cacheHit?.source ?? null,
    routing_decision: context.route?.summary ?? null,
  };
  if (context.toolCalls?.length) details.tool_calls = context.toolCalls;
  if (context.redactions && Object.keys(context.redactions).length > 0) details.redactions = context.redactions as Record<string, number>;
  if (context.governance.policy?.audit_prompts === true) {
    const request = context.request as { messages?: unknown; input?: unknown };
    details.prompt = JSON.stringify(request.messages ?? request.input ?? null).slice(0, MAX_AUDIT_PROMPT);
  }
  return details;
}

/** The audit record of a request: who (org, key), what (endpoint, models, routing, tool calls, redactions), how it ended. */
export function auditRecordFrom(usage: UsageRecord, details: AuditDetails = { served_model: null, routing_decision: null }): AuditRecord {
  return {
    id: auditIdOf(usage.request_id),
    request_id: usage.request_id,
    org_id: usage.org_id,
    key_id: usage.key_id,
    created_at: usage.created_at,
    endpoint: usage.endpoint,
    requested_model: usage.requested_model,
    served_model: details.served_model,
    provider: usage.provider,
    routing_decision: details.routing_decision,
    tool_calls: details.tool_calls ?? [],
    redactions: details.redactions ?? {},
    status: usage.status,
    cost_usd: usage.cost_usd,
    cache_hit: usage.cache_hit,
    prompt: details.prompt ?? null,
  };
}

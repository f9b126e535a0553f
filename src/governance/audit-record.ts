import type { RequestContext } from '../pipeline/request-context.js';
import type { AuditDetails } from '../core/storage-interfaces.js';
import { Redactor } from './pii/redactor.js';

/** The longest prompt an audit record keeps (orgs that opted in). */
const MAX_AUDIT_PROMPT = 32 * 1024;

/** The audit id of a request: the `x-svc-audit-id` header. */
export const auditIdOf = (requestId: string) => `aud_${requestId}`;

/**
 * The audit details of a request; the prompt only when the org opted in — and then always passed through
 * the PII detectors before it is written (the ledger row and the journal), whether or not the request
 * itself was redacted.
 */
export function auditDetailsOf(context: RequestContext): AuditDetails {
  const details: AuditDetails = {
    served_model: context.target?.model.slug ?? context.cacheHit?.source ?? null,
    routing_decision: context.route?.summary ?? null,
  };
  if (context.toolCalls?.length) details.tool_calls = context.toolCalls;
  if (context.redactions && Object.keys(context.redactions).length > 0) details.redactions = context.redactions as Record<string, number>;
  if (context.governance.policy?.audit_prompts === true) {
    const request = context.request as { messages?: unknown; input?: unknown };
    details.prompt = new Redactor().redactText(JSON.stringify(request.messages ?? request.input ?? null).slice(0, MAX_AUDIT_PROMPT));
  }
  return details;
}

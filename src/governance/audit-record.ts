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
    details.prompt = new Redactor().redactText(auditedPrompt(request.messages ?? request.input ?? null));
  }
  return details;
}

/**
 * The prompt as an audit record keeps it, at most MAX_AUDIT_PROMPT characters: a list of messages (or inputs) as
 * the JSON of its newest items that fit — valid JSON, and the request's own turn always in (an agent's resent
 * conversation would otherwise fill the record with its oldest turns); a single item longer than that is cut.
 */
function auditedPrompt(prompt: unknown): string {
  if (!Array.isArray(prompt)) return JSON.stringify(prompt).slice(0, MAX_AUDIT_PROMPT);
  const kept: string[] = [];
  // The brackets, then each item and the comma before it (none before the first).
  let length = 2;
  for (let index = prompt.length - 1; index >= 0; index--) {
    const item = JSON.stringify(prompt[index]) ?? 'null';
    const added = item.length + (kept.length > 0 ? 1 : 0);
    if (length + added > MAX_AUDIT_PROMPT) {
      if (kept.length === 0) return `[${item}`.slice(0, MAX_AUDIT_PROMPT);
      break;
    }
    kept.push(item);
    length += added;
  }
  return `[${kept.reverse().join(',')}]`;
}

import type { RequestContext } from '../pipeline/request-context.js';
import type { HealerReport } from '../core/healer-report.js';
import { isWholeHit } from '../core/cache-hit.js';
import { auditIdOf } from '../governance/audit-record.js';
import { elapsedMs } from '../pipeline/timing.js';

/** svc_metadata of spec 2.3. */
export interface SvcMetadata {
  request_id: string;
  routing_decision: string;
  provider: string;
  tier: string;
  provider_tier?: string;
  latency_ms: number;
  requested_model: string;
  decision_source?: string;
  /** `auto` requests: the task family the classifier read (spec 2.3). */
  task_family?: string;
  cost_usd?: number;
  baseline_cost_usd?: number;
  savings_usd?: number;
  savings_pct?: number;
  cost_attribution: 'svc' | 'byok';
  estimated_cost_usd?: number;
  intelligence_mode: string;
  warnings?: string[];
  failover_attempts?: number;
  /** The answer came from a cache: no upstream call, no cost. */
  cache_hit?: boolean;
  healer_report?: HealerReport;
  /** PII redaction: values replaced by placeholders, per type. */
  pii_redactions?: Partial<Record<string, number>>;
  cache_type?: 'exact' | 'semantic';
  semantic_similarity?: number;
  /** What the served model would have charged for the cached answer. */
  cache_saved_usd?: number;
  /** Embeddings: how many inputs of the batch the cache answered. */
  cached_inputs?: number;
}

export function buildSvcMetadata(context: RequestContext): SvcMetadata {
  const metadata: SvcMetadata = {
    request_id: context.requestId,
    routing_decision: context.route?.summary ?? 'unrouted',
    provider: context.target?.provider.id ?? context.route?.model.provider ?? 'none',
    tier: context.route?.tier ?? 'T2',
    latency_ms: Math.round(elapsedMs(context.startedAt)),
    requested_model: context.requestedModel,
    decision_source: context.route?.decisionSource,
    cost_attribution: context.target?.keySource === 'byok' ? 'byok' : 'svc',
    intelligence_mode: context.mode,
  };
  if (context.route?.taskFamily) metadata.task_family = context.route.taskFamily;
  if (context.memoryRecall) metadata.routing_decision += ` memory=${context.memoryRecall}`;
  if (context.hedge) metadata.routing_decision += ` hedge=${context.hedge}`;
  if (context.target && context.route && context.target.model !== context.route.model) {
    metadata.routing_decision += ` failover=${context.target.model.slug}`;
  }
  if (context.cost) {
    metadata.cost_usd = context.cost.cost_usd;
    metadata.baseline_cost_usd = context.cost.baseline_cost_usd;
    metadata.savings_usd = context.cost.savings_usd;
    metadata.savings_pct = context.cost.savings_pct;
    metadata.estimated_cost_usd = context.cost.cost_usd;
  }
  if (context.warnings.length > 0) metadata.warnings = context.warnings;
  if (context.healerReport) metadata.healer_report = context.healerReport;
  if (context.redactions) metadata.pii_redactions = context.redactions;
  if (context.cacheHit) {
    if (isWholeHit(context.cacheHit)) {
      metadata.cache_hit = true;
      metadata.cache_type = context.cacheHit.type;
      metadata.decision_source = 'CacheHit';
      if (context.cacheHit.similarity !== undefined) metadata.semantic_similarity = context.cacheHit.similarity;
      if (context.cacheHit.savedUsd !== undefined) metadata.cache_saved_usd = context.cacheHit.savedUsd;
      if (context.cacheHit.source) metadata.provider = context.cacheHit.source.split('/')[0];
    }
    if (context.cacheHit.of !== undefined) metadata.cached_inputs = context.cacheHit.inputs;
  }
  const failures = context.attempts?.filter((attempt) => attempt.outcome === 'error').length ?? 0;
  if (failures > 0) metadata.failover_attempts = failures;
  return metadata;
}

/** `{"stage": ms, …, "total": ms}`: the stages' timings and the time since the request came in. */
function latencyBreakdown(context: RequestContext): string {
  const total = Math.round(elapsedMs(context.startedAt) * 100) / 100;
  const stages = JSON.stringify(context.timings);
  return stages === '{}' ? `{"total":${total}}` : `${stages.slice(0, -1)},"total":${total}}`;
}

/**
 * A JSON answer's type, with its charset as Fastify writes it: an answer svc serialized itself goes out as a string of this type,
 * which Fastify sends as it is (an object would go through its serialization hooks and serializer once more).
 */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Response headers of spec 4.1 for a whole (non-stream) answer of any endpoint. */
export function nonStreamHeaders(context: RequestContext): Record<string, string> {
  // No spreads here: in V8 11 an object spread followed by more keys gives each object a hidden class of its own
  // (about a microsecond per object, and every reader of the headers goes megamorphic).
  const headers: Record<string, string> = {
    'x-svc-request-id': context.requestId,
    'x-svc-cache-hit': String(isWholeHit(context.cacheHit)),
    'x-svc-tier-used': context.route?.tier ?? 'T2',
    'x-svc-lane-used': context.target?.model.lane ?? context.route?.lane ?? 'smart',
    'x-svc-provider': sourceLabel(context) || 'none',
    'x-svc-speculation-accepted': '0',
    'x-svc-latency-breakdown': latencyBreakdown(context),
    'x-svc-audit-id': auditIdOf(context.requestId),
    'x-svc-intelligence-mode': context.mode,
  };
  if (context.cacheHit) Object.assign(headers, cacheHeaders(context));
  if (context.usage) {
    headers['x-svc-input-tokens'] = String(context.usage.inputTokens);
    headers['x-svc-output-tokens'] = String(context.usage.outputTokens);
  }
  if (context.cost) headers['x-svc-cost-usd'] = String(context.cost.cost_usd);
  if (context.limits) Object.assign(headers, context.limits.headers);
  const warnings = warningsHeader(context);
  if (warnings) headers['x-svc-warnings'] = warnings;
  return headers;
}

/** Parameters an adapter clamped or dropped, as a JSON array (also on streams, which have no svc_metadata). */
/** Bounds of `x-svc-warnings`: clients refuse answers whose headers pass 16 KiB (undici), so the header is a digest. */
export const WARNINGS_HEADER_LIMITS = { maxWarnings: 10, maxWarningChars: 300, maxBytes: 4096 } as const;

/**
 * The warnings as a header: at most 10, each cut to 300 characters, 4 KiB in all, then a last entry saying
 * how many more there are; the full list is in svc_metadata.warnings.
 */
export function warningsHeader(context: RequestContext): string | undefined {
  const warnings = context.warnings;
  if (warnings.length === 0) return undefined;
  const shown: string[] = [];
  let bytes = 2;
  for (const warning of warnings) {
    if (shown.length === WARNINGS_HEADER_LIMITS.maxWarnings) break;
    const entry = warning.length > WARNINGS_HEADER_LIMITS.maxWarningChars ? `${warning.slice(0, WARNINGS_HEADER_LIMITS.maxWarningChars)}…` : warning;
    const size = escapeHeader(JSON.stringify(entry)).length + 1;
    if (bytes + size > WARNINGS_HEADER_LIMITS.maxBytes - 80) break;
    shown.push(entry);
    bytes += size;
  }
  if (shown.length < warnings.length) shown.push(`… ${warnings.length - shown.length} more in svc_metadata.warnings`);
  return escapeHeader(JSON.stringify(shown));
}

/** Header values must be Latin-1 without control characters: everything else is escaped. */
function escapeHeader(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The headers a stream can carry: everything else is known only once it ends (and rides on its last event). */
export function streamHeaders(context: RequestContext): Record<string, string> {
  const headers: Record<string, string> = {
    'x-svc-request-id': context.requestId,
    'x-svc-intelligence-mode': context.mode,
    'x-svc-provider': sourceLabel(context),
    'x-svc-audit-id': auditIdOf(context.requestId),
    'x-svc-cache-hit': String(isWholeHit(context.cacheHit)),
    ...cacheHeaders(context),
    ...context.limits?.headers,
  };
  const warnings = warningsHeader(context);
  if (warnings) headers['x-svc-warnings'] = warnings;
  return headers;
}

/** The model that produced the answer: the one called, or the one whose answer a cache returned. */
function sourceLabel(context: RequestContext): string {
  return context.target?.model.slug ?? context.cacheHit?.source ?? '';
}

const noHeaders: Readonly<Record<string, string>> = Object.freeze({});

/** The cache-path headers of spec 4.1: type, end-to-end latency, and the similarity of a semantic hit. */
function cacheHeaders(context: RequestContext): Readonly<Record<string, string>> {
  const hit = context.cacheHit;
  if (!hit || !isWholeHit(hit)) return noHeaders;
  const headers: Record<string, string> = { 'x-svc-cache-type': hit.type, 'x-svc-latency-ms': String(Math.round(elapsedMs(context.startedAt))) };
  if (hit.similarity !== undefined) headers['x-svc-semantic-similarity'] = hit.similarity.toFixed(4);
  return headers;
}

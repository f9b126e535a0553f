import type { CallerSignal } from '../core/caller-signal.js';
import type { CacheHit } from '../core/cache-hit.js';
import type { HealerReport } from '../core/healer-report.js';
import type { Principal } from '../auth/principal.js';
import type { EndpointFamily } from '../core/endpoint-family.js';
import type { CostBreakdown } from '../billing/cost.js';
import type { CatalogModel } from '../catalog/catalog-types.js';
import type { LimitsGrant } from '../core/limits-grant.js';
import type { OrgGovernance } from '../governance/org-policy-service.js';
import type { MeteredUsage } from '../core/metered-usage.js';
import type { Operation, RequestOf } from '../core/operations.js';
import type { RoutingHints, RoutingOverride, SvcOptions } from '../core/svc-options.js';
import type { UpstreamTarget } from '../providers/provider-types.js';
import type { AttemptRecord } from '../providers/upstream-executor.js';
import type { RouteDecision } from '../routing/model-router.js';
import type { FeatureToggles } from './intelligence-modes.js';
import type { IntelligenceMode, ModeSource } from '../core/intelligence-mode.js';
import type { RequestTrace } from '../observability/request-trace.js';
import type { JsonSource } from '../shared/json-reuse.js';



/** Caller options every operation may carry: the `svc` block, routing preferences and metadata. */
export interface RequestOptions {
  svc: SvcOptions;
  routingHints?: RoutingHints;
  routingOverride?: RoutingOverride;
  /** Request metadata: the body's `metadata` plus the legacy x-svc-* headers. */
  metadata: Record<string, string>;
}

/** The conversation a request belongs to: `svc.conversation_id`, else `x-svc-conversation-id` (spec 4.1). */
export const conversationOf = (options: RequestOptions): string | undefined => options.svc.conversation_id ?? options.metadata.conversation_id;

/**
 * Everything one request carries through the pipeline, typed: a common part every stage may read,
 * and the operation's own request. Results travel as the chain's Outcome; what the answer cost and who
 * served it (target, usage, cache hit…) is recorded here for the accounting and the response metadata.
 */
interface ContextFields<O extends Operation> {
  readonly operation: O;
  /** The endpoint's name in the usage ledger (`chat.completions`, `embeddings`…). */
  readonly endpoint: string;
  /** The endpoint family: scopes and the error rows of spec section 7. */
  readonly family: EndpointFamily;
  readonly requestId: string;
  /** process.hrtime.bigint() at arrival. */
  readonly startedAt: bigint;
  readonly principal: Principal;
  /** The org's limits, switches and tool registry (read once per request, from a short cache). */
  readonly governance: OrgGovernance;
  /** The model string the caller sent (spec 2.3 `requested_model`). */
  readonly requestedModel: string;
  readonly mode: IntelligenceMode;
  readonly modeSource: ModeSource;
  readonly toggles: FeatureToggles;
  readonly options: RequestOptions;
  /** Fires when the caller goes away (or the request is finished early): upstream calls abort with it. */
  readonly signal: CallerSignal;
  /** The request's spans when tracing is on (observability/tracing.ts); undefined otherwise. */
  readonly trace: RequestTrace | undefined;
  /** The canonical request; a stage may replace it (memory injection, redaction) before the call. */
  request: RequestOf<O>;
  /**
   * The caller's JSON of it, when the endpoint's body is the canonical shape (ParsedRequest.bodySource). Let go once
   * the provider call has its answer: a stream may run for minutes, and the text and its copy are twice the body.
   */
  bodySource: JsonSource | undefined;
  /** Parameters an adapter clamped or dropped on the attempt that answered. */
  readonly warnings: string[];
  /** Milliseconds spent in each stage (its own time, without the stages it wraps). */
  readonly timings: Record<string, number>;

  target?: UpstreamTarget;
  attempts: AttemptRecord[];
  usage?: MeteredUsage;
  /** The text a streamed answer has delivered so far: a stream cut before its usage is billed from it. */
  streamedText?: string[];
  cost?: CostBreakdown;
  /** Calls made for this request before the one that answered (a re-ask, a check by a second model), each priced with its own model. */
  priorCalls?: Array<{ model: CatalogModel; usage: MeteredUsage }>;
  /** Output verification (spec 2.3 `healer_report`): set when an answer's JSON was repaired or asked again. */
  healerReport?: HealerReport;
  /** Set by a cache stage that answered (wholly or, for a batch, `inputs` of `of`) without the upstream. */
  cacheHit?: CacheHit;
  /** PII redaction: how many values of each type were replaced by placeholders. */
  redactions?: Partial<Record<string, number>>;
  /** What the memory cascade recalled (full mode), for the routing explanation: "follow-up: 2 turns, 1 fact". */
  memoryRecall?: string;
  /** A hedged call (svc.enable_hedging): the second model, when it was sent, and whether it answered first. */
  hedge?: string;
  /** Names of the tools the answer called (audit trail). */
  toolCalls?: string[];
  /** What the limits stages took (rates) and reserved (monthly counters), settled after the answer. */
  limits?: LimitsGrant;
  /** HTTP status of the outcome for the ledger: 200, an error's status, or what a stream ended with (499 client gone). */
  status: number;
  /** The error code (spec section 7) a failed request was answered with. */
  errorCode?: string;
}

/** A request as it arrives, and as the after-work sees it: routed, unless routing refused it. */
export interface RequestContext<O extends Operation = Operation> extends ContextFields<O> {
  readonly route?: RouteDecision;
}

/**
 * A request after routing: what every stage receives. The runner routes before the first stage, so no
 * stage asks whether a model was chosen. (A stage may re-point the route for one extra call: a check by a second model.)
 */
export interface RoutedContext<O extends Operation = Operation> extends ContextFields<O> {
  route: RouteDecision;
}

/** What a request is born with; the bookkeeping the pipeline fills in (warnings, timings, attempts, status) starts empty. */
export type RequestStart<O extends Operation> = Pick<
  RequestContext<O>,
  'operation' | 'endpoint' | 'family' | 'requestId' | 'startedAt' | 'principal' | 'governance' | 'requestedModel' | 'mode' | 'modeSource' | 'toggles' | 'options' | 'signal' | 'request'
> & { warnings?: string[]; trace?: RequestTrace; bodySource?: JsonSource };

/**
 * Every field written out, in one order, in this one literal: each context has the same hidden class, so the
 * property reads all over the pipeline stay fast. (Spreading `start` instead cost about 50 µs per request
 * in `npm run bench`: the contexts' shape was no longer the one V8 had optimised for.)
 */
export function newRequestContext<O extends Operation>(start: RequestStart<O>): RequestContext<O> {
  return {
    operation: start.operation,
    endpoint: start.endpoint,
    family: start.family,
    requestId: start.requestId,
    startedAt: start.startedAt,
    principal: start.principal,
    governance: start.governance,
    requestedModel: start.requestedModel,
    mode: start.mode,
    modeSource: start.modeSource,
    toggles: start.toggles,
    options: start.options,
    signal: start.signal,
    trace: start.trace,
    request: start.request,
    bodySource: start.bodySource,
    warnings: start.warnings ?? [],
    timings: {},
    attempts: [],
    status: 200,
  };
}

/**
 * A request svc makes on behalf of another (an embedding for the semantic cache): same caller, org, mode
 * and signal, its own id, endpoint and canonical request — so it is routed, cached, limited and billed like
 * any request of that org.
 */
export function subRequestContext<O extends Operation>(
  parent: RequestContext,
  sub: Pick<RequestContext<O>, 'operation' | 'endpoint' | 'family' | 'requestedModel' | 'request'> & { idSuffix: string; madeByStage: string },
): RequestContext<O> {
  const { idSuffix, madeByStage, ...own } = sub;
  return newRequestContext<O>({
    ...own,
    requestId: `${parent.requestId}-${idSuffix}`,
    startedAt: process.hrtime.bigint(),
    principal: parent.principal,
    governance: parent.governance,
    mode: parent.mode,
    modeSource: parent.modeSource,
    toggles: parent.toggles,
    options: { svc: {}, metadata: {} },
    signal: parent.signal,
    trace: parent.trace?.nested(`${own.endpoint} ${own.requestedModel}`, madeByStage),
  });
}

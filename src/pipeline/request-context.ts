import type { Principal } from '../auth/principal.js';
import type { CostBreakdown } from '../billing/cost.js';
import type { ChatCompletion, ChatRequest, Usage } from '../core/chat-types.js';
import type { RoutingHints, RoutingOverride, SvcOptions } from '../core/svc-options.js';
import type { ChatStream } from '../providers/chat-upstream.js';
import type { UpstreamTarget } from '../providers/provider-types.js';
import type { AttemptRecord } from '../providers/upstream-executor.js';
import type { RouteDecision } from '../routing/model-router.js';
import type { FeatureToggles, IntelligenceMode, ModeSource } from './intelligence-modes.js';

/** Everything one chat request carries through the pipeline: typed, no string-keyed bags. */
export interface ChatContext {
  requestId: string;
  /** process.hrtime.bigint() at arrival. */
  startedAt: bigint;
  principal: Principal;
  endpoint: string;
  requestedModel: string;
  request: ChatRequest;
  svc: SvcOptions;
  routingHints?: RoutingHints;
  routingOverride?: RoutingOverride;
  /** Request metadata: body `metadata` plus legacy x-svc-* headers. */
  metadata: Record<string, string>;
  mode: IntelligenceMode;
  modeSource: ModeSource;
  toggles: FeatureToggles;
  signal: AbortSignal;
  /** Parameters an adapter clamped or dropped. */
  warnings: string[];
  /** Milliseconds spent per stage, for x-svc-latency-breakdown. */
  stageTimings: Record<string, number>;

  route?: RouteDecision;
  target?: UpstreamTarget;
  attempts?: AttemptRecord[];
  completion?: ChatCompletion;
  stream?: ChatStream;
  usage?: Usage;
  cost?: CostBreakdown;
  cacheHit: boolean;
  /** HTTP status of the outcome for the ledger: 200, or what a stream ended with (499 when the client left). */
  outcomeStatus: number;
}

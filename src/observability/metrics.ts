import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { BoundedQueue } from '../shared/bounded-queue.js';
import type { CircuitState } from '../providers/circuit-breaker.js';
import { isWholeHit } from '../core/cache-hit.js';
import type { RequestOutcomeFacts } from './request-outcome.js';
import { SummedCounter } from './summed-counter.js';
import { SeriesHistogram } from './series-histogram.js';

/** How often the event-loop delay histogram samples the loop (ms). */
export const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * Prometheus metrics, the ones users of other gateways graph: requests, errors and latency by route,
 * model, provider and status; tokens, cost and savings by org and model; cache hits and their savings;
 * routing decisions by task family and tier; key-pool rotations and cool-downs; circuit state; limits
 * refusals; after-work queue depth; upstream errors. What every request adds is summed per series and handed
 * to the counters at each scrape (SummedCounter), and the latency histogram keeps its series by key
 * (SeriesHistogram): prom-client hashes the labels on every call otherwise.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  readonly requests: SummedCounter<'route' | 'method' | 'status' | 'provider' | 'model'>;
  readonly latency: SeriesHistogram<'route' | 'status' | 'provider' | 'model'>;
  readonly errors: Counter<'route' | 'status' | 'code'>;
  readonly upstreamErrors: Counter<'provider' | 'kind' | 'status'>;
  readonly tokens: SummedCounter<'org' | 'model' | 'direction'>;
  readonly cost: SummedCounter<'org' | 'model'>;
  readonly savings: SummedCounter<'org' | 'model'>;
  readonly cacheHits: SummedCounter<'org' | 'type'>;
  readonly cacheSavings: SummedCounter<'org' | 'type'>;
  readonly routingDecisions: SummedCounter<'source' | 'task_family' | 'tier'>;
  readonly keyRotations: Counter<'provider'>;
  readonly keyCooldowns: Counter<'provider' | 'status'>;
  readonly circuitOpenings: Counter<'circuit'>;
  readonly limitRefusals: Counter<'limit' | 'scope'>;
  /** Orgs for which the semantic cache switched itself off (measured precision under the floor). */
  readonly semanticCacheAutoOff: Counter;
  /** Config served as last read because the database did not answer in time (LastKnownCache). */
  readonly staleConfig: Counter<'what'>;

  constructor() {
    // The event-loop delay is sampled by a timer every EVENT_LOOP_SAMPLE_MS: prom-client's 10 ms woke an idle svc 114
    // times a second (its main thread's context switches; 16 at 100 ms), for a histogram read at each scrape. A stall of
    // the loop still shows whole in the maximum and the high percentiles, since the timer that waits through it is late by it.
    collectDefaultMetrics({ register: this.registry, prefix: 'svc_process_', eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    const registers = [this.registry];
    this.requests = new SummedCounter({ name: 'svc_requests_total', help: 'Requests served, by route, method, status, provider and served model', labelNames: ['route', 'method', 'status', 'provider', 'model'], registers });
    this.latency = new SeriesHistogram('svc_request_duration_seconds', 'End-to-end request latency', [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60], registers);
    this.errors = new Counter({ name: 'svc_request_errors_total', help: 'Requests answered with an error, by route, status and error code (spec section 7)', labelNames: ['route', 'status', 'code'], registers });
    this.upstreamErrors = new Counter({ name: 'svc_upstream_errors_total', help: 'Failed upstream calls', labelNames: ['provider', 'kind', 'status'], registers });
    this.tokens = new SummedCounter({ name: 'svc_tokens_total', help: 'Tokens billed by upstream models (cache hits excluded), by org, served model and direction', labelNames: ['org', 'model', 'direction'], registers });
    this.cost = new SummedCounter({ name: 'svc_cost_usd_total', help: 'Cost in USD, by org and served model', labelNames: ['org', 'model'], registers });
    this.savings = new SummedCounter({ name: 'svc_savings_usd_total', help: 'USD saved against the baseline model (routing and caches), by org and served model', labelNames: ['org', 'model'], registers });
    this.cacheHits = new SummedCounter({ name: 'svc_cache_hits_total', help: 'Requests answered wholly from a cache, by org and cache type', labelNames: ['org', 'type'], registers });
    this.cacheSavings = new SummedCounter({ name: 'svc_cache_savings_usd_total', help: 'What the served model would have charged for the answers served from a cache', labelNames: ['org', 'type'], registers });
    this.routingDecisions = new SummedCounter({ name: 'svc_routing_decisions_total', help: 'Routing decisions, by decision source, task family (model auto) and tier', labelNames: ['source', 'task_family', 'tier'], registers });
    this.keyRotations = new Counter({ name: 'svc_key_rotations_total', help: 'Calls moved to the next key of a provider pool after a per-key 429 or 402', labelNames: ['provider'], registers });
    this.keyCooldowns = new Counter({ name: 'svc_key_cooldowns_total', help: 'Pool keys put to cool down after a per-key 429 or 402', labelNames: ['provider', 'status'], registers });
    this.circuitOpenings = new Counter({ name: 'svc_circuit_opened_total', help: 'Times a circuit (provider/model) opened on its error rate', labelNames: ['circuit'], registers });
    this.limitRefusals = new Counter({ name: 'svc_limit_refusals_total', help: 'Requests refused by a limit, by limit and scope (key or org)', labelNames: ['limit', 'scope'], registers });
    this.semanticCacheAutoOff = new Counter({ name: 'svc_semantic_cache_auto_off_total', help: 'Times the semantic cache switched itself off for an org (measured precision under the floor)', registers });
    this.staleConfig = new Counter({ name: 'svc_stale_config_served_total', help: 'API keys, org policies, org settings and BYOK keys served as last read because the database did not answer in time', labelNames: ['what'], registers });
    this.queueDepth = this.queueGauge('svc_queue_depth', 'Items waiting in an after-work queue', (queue) => queue.depth);
    this.queueDropped = this.queueGauge('svc_queue_dropped_total', 'Items an after-work queue refused because it was full', (queue) => queue.dropped);
  }

  private readonly queues: Array<BoundedQueue<unknown>> = [];
  private readonly queueDepth: Gauge<'queue'>;
  private readonly queueDropped: Gauge<'queue'>;

  /** A gauge per queue, read when the registry is scraped (not kept up to date per item). */
  private queueGauge(name: string, help: string, read: (queue: BoundedQueue<unknown>) => number): Gauge<'queue'> {
    const queues = this.queues;
    return new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [this.registry],
      collect() {
        for (const queue of queues) this.set({ queue: queue.name }, read(queue));
      },
    });
  }

  /** 1 while shared state (Redis) is unreachable and this instance runs on its in-process fallback. */
  watchSharedState(isDegraded: () => boolean): void {
    this.readAtScrape('svc_shared_state_degraded', '1 while shared state is unreachable and this instance keeps its state in process', () => (isDegraded() ? 1 : 0));
  }

  /** Usage records waiting in the ledger's journal only (its queue was full: the database slow or down), read back as it drains. */
  watchLedgerSetAside(setAside: () => number): void {
    this.readAtScrape('svc_ledger_set_aside', 'Usage records waiting in the journal only, for room in the ledger queue (database slow or down)', setAside);
  }

  /** A gauge without labels whose value is read when the registry is scraped. */
  private readAtScrape(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /**
   * What the in-process caches hold, read at each scrape: `svc_cache_entries` and `svc_cache_bytes` (as each cache counts
   * its entries against its `max_bytes`), by cache. They fill up to their bounds by design; these say how far, so that an
   * operator sizes `cache.*.max_entries` and `max_bytes` against the instance's memory.
   */
  watchCaches(caches: Record<string, () => { entries: number; bytes: number }>): void {
    const read = (field: 'entries' | 'bytes') =>
      function collect(this: Gauge<'cache'>) {
        for (const [name, figures] of Object.entries(caches)) this.set({ cache: name }, figures()[field]);
      };
    new Gauge({ name: 'svc_cache_entries', help: 'Entries held by an in-process cache (exact L0, semantic index, embeddings)', labelNames: ['cache'], registers: [this.registry], collect: read('entries') });
    new Gauge({ name: 'svc_cache_bytes', help: 'Bytes held by an in-process cache, as it counts them against its bound', labelNames: ['cache'], registers: [this.registry], collect: read('bytes') });
  }

  /** Reports a queue's back-pressure figures (depth, dropped) at every scrape. */
  watchQueue(queue: BoundedQueue<any>): void {
    this.queues.push(queue);
  }

  /** The state of every circuit this instance has called (0 closed, 1 half-open, 2 open), read from the shared state at each scrape. */
  watchCircuits(circuits: { knownTargets(): string[]; stateOf(target: string): Promise<CircuitState> }): void {
    new Gauge({
      name: 'svc_circuit_state',
      help: 'Circuit state per provider/model this instance has called: 0 closed, 1 half-open, 2 open',
      labelNames: ['circuit'],
      registers: [this.registry],
      async collect() {
        const targets = circuits.knownTargets();
        const states = await Promise.all(targets.map((target) => circuits.stateOf(target).catch(() => undefined)));
        targets.forEach((target, index) => {
          const state = states[index];
          if (state) this.set({ circuit: target }, circuitValue[state]);
        });
      },
    });
  }

  /** One finished HTTP request: counted and timed; an error answer also counted by its code. */
  observeRequest(route: string, method: string, status: number, provider: string, model: string, seconds: number, errorCode?: string): void {
    const key = `${route}\u0000${method}\u0000${status}\u0000${provider}\u0000${model}`;
    this.requests.add(key, () => ({ route, method, status: String(status), provider, model }));
    // The latency's series leaves out the method: requests of two methods on one route share it.
    this.latency.observe(`${route}\u0000${status}\u0000${provider}\u0000${model}`, () => ({ route, status: String(status), provider, model }), seconds);
    if (status >= 400) this.errors.inc({ route, status: String(status), code: errorCode ?? 'none' });
  }

  /** What one request came to (after-work): tokens, cost and savings by org and model, cache hits, the routing decision. */
  observeOutcome(outcome: RequestOutcomeFacts): void {
    const org = outcome.principal.orgId;
    const model = outcome.target?.model.slug ?? outcome.cacheHit?.source ?? outcome.route?.model.slug ?? 'none';
    const key = `${org}\u0000${model}`;
    const hit = isWholeHit(outcome.cacheHit) ? outcome.cacheHit : undefined;
    if (outcome.usage && !hit) {
      this.tokens.add(`${key}\u0000input`, () => ({ org, model, direction: 'input' }), outcome.usage.inputTokens);
      this.tokens.add(`${key}\u0000output`, () => ({ org, model, direction: 'output' }), outcome.usage.outputTokens);
    }
    if (outcome.cost) {
      if (outcome.cost.cost_usd > 0) this.cost.add(key, () => ({ org, model }), outcome.cost.cost_usd);
      if (outcome.cost.savings_usd > 0) this.savings.add(key, () => ({ org, model }), outcome.cost.savings_usd);
    }
    if (hit) {
      const hitKey = `${org}\u0000${hit.type}`;
      this.cacheHits.add(hitKey, () => ({ org, type: hit.type }));
      if (hit.savedUsd && hit.savedUsd > 0) this.cacheSavings.add(hitKey, () => ({ org, type: hit.type }), hit.savedUsd);
    }
    if (outcome.route && outcome.status < 400) {
      const { decisionSource: source, taskFamily, tier } = outcome.route;
      this.routingDecisions.add(`${source}\u0000${taskFamily ?? ''}\u0000${tier}`, () => ({ source, task_family: taskFamily ?? 'none', tier }));
    }
  }
}

const circuitValue: Record<CircuitState, number> = { closed: 0, half_open: 1, open: 2 };

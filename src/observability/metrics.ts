import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BoundedQueue } from '../shared/bounded-queue.js';

/** Prometheus metrics: requests, latency and upstream errors by route, status and provider. */
export class GatewayMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'route' | 'method' | 'status' | 'provider'>;
  readonly latency: Histogram<'route' | 'status' | 'provider'>;
  readonly upstreamErrors: Counter<'provider' | 'kind' | 'status'>;
  /** Orgs for which the semantic cache switched itself off (measured precision under the floor). */
  readonly semanticCacheAutoOff: Counter;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'svc_process_' });
    this.requests = new Counter({ name: 'svc_requests_total', help: 'Requests served', labelNames: ['route', 'method', 'status', 'provider'], registers: [this.registry] });
    this.latency = new Histogram({
      name: 'svc_request_duration_seconds',
      help: 'End-to-end request latency',
      labelNames: ['route', 'status', 'provider'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [this.registry],
    });
    this.queueDepth = this.queueGauge('svc_queue_depth', 'Items waiting in an after-work queue', (queue) => queue.depth);
    this.queueDropped = this.queueGauge('svc_queue_dropped_total', 'Items an after-work queue refused because it was full', (queue) => queue.dropped);
    this.upstreamErrors = new Counter({ name: 'svc_upstream_errors_total', help: 'Failed upstream calls', labelNames: ['provider', 'kind', 'status'], registers: [this.registry] });
    this.semanticCacheAutoOff = new Counter({ name: 'svc_semantic_cache_auto_off_total', help: 'Times the semantic cache switched itself off for an org (measured precision under the floor)', registers: [this.registry] });
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
    new Gauge({
      name: 'svc_shared_state_degraded',
      help: '1 while shared state is unreachable and this instance keeps its state in process',
      registers: [this.registry],
      collect() {
        this.set(isDegraded() ? 1 : 0);
      },
    });
  }

  /** Reports a queue's back-pressure figures (depth, dropped) at every scrape. */
  watchQueue(queue: BoundedQueue<any>): void {
    this.queues.push(queue);
  }

  /** Label-bound children, built once per label combination: prom-client hashes labels on every call otherwise. */
  private readonly requestSeries = new Map<string, { count: { inc(): void }; latency: { observe(value: number): void } }>();

  observeRequest(route: string, method: string, status: number, provider: string, seconds: number): void {
    const key = `${route}\u0000${method}\u0000${status}\u0000${provider}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      const statusText = String(status);
      series = { count: this.requests.labels({ route, method, status: statusText, provider }), latency: this.latency.labels({ route, status: statusText, provider }) };
      this.requestSeries.set(key, series);
    }
    series.count.inc();
    series.latency.observe(seconds);
  }
}

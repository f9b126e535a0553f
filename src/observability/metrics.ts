import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics: requests, latency and upstream errors by route, status and provider. */
export class GatewayMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'route' | 'method' | 'status' | 'provider'>;
  readonly latency: Histogram<'route' | 'status' | 'provider'>;
  readonly upstreamErrors: Counter<'provider' | 'kind' | 'status'>;

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
    this.upstreamErrors = new Counter({ name: 'svc_upstream_errors_total', help: 'Failed upstream calls', labelNames: ['provider', 'kind', 'status'], registers: [this.registry] });
  }

  observeRequest(route: string, method: string, status: number, provider: string, seconds: number): void {
    const statusText = String(status);
    this.requests.inc({ route, method, status: statusText, provider });
    this.latency.observe({ route, status: statusText, provider }, seconds);
  }
}

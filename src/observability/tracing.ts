import type { Span, Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { RequestTrace, type TraceApi } from './request-trace.js';

/**
 * OpenTelemetry tracing, configured by the standard OTEL_* variables and off when none asks for it: then
 * no SDK is loaded and every request carries `trace: undefined`, so the hot path pays one branch per stage.
 *
 * On when OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set, or OTEL_TRACES_EXPORTER
 * names `otlp` or `console`; off with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none. The OTLP/HTTP
 * exporter reads its own variables (endpoint, headers, timeout), the batch processor OTEL_BSP_*, the sampler
 * OTEL_TRACES_SAMPLER(_ARG), the resource OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
 */
export class Tracing {
  private constructor(
    private readonly api: TraceApi,
    private readonly tracer: Tracer,
    private readonly provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> },
  ) {}

  /** Whether the environment turns tracing on (see the class comment). */
  static wanted(env: NodeJS.ProcessEnv): boolean {
    if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
    const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
    if (exporters.includes('none')) return false;
    if (exporters.includes('otlp') || exporters.includes('console')) return true;
    return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
  }

  /**
   * The tracing the environment asks for, or undefined when it is off. `exporter` (tests: an in-memory one)
   * replaces the exporters of the environment, with spans handed over as each ends.
   */
  static async start(env: NodeJS.ProcessEnv, options: { exporter?: SpanExporter; serviceVersion?: string } = {}): Promise<Tracing | undefined> {
    if (!options.exporter && !Tracing.wanted(env)) return undefined;
    // Loaded only when tracing is on: the SDK and the exporter cost start-up time and memory.
    const [api, core, sdk, resources] = await Promise.all([import('@opentelemetry/api'), import('@opentelemetry/core'), import('@opentelemetry/sdk-trace-base'), import('@opentelemetry/resources')]);
    const processors = [];
    if (options.exporter) processors.push(new sdk.SimpleSpanProcessor(options.exporter));
    else {
      const exporters = (env.OTEL_TRACES_EXPORTER ?? 'otlp').split(',').map((name) => name.trim().toLowerCase());
      if (exporters.includes('console')) processors.push(new sdk.SimpleSpanProcessor(new sdk.ConsoleSpanExporter()));
      if (exporters.includes('otlp') || exporters.every((name) => name === '')) {
        const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
        const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY);
        processors.push(new sdk.BatchSpanProcessor(new OTLPTraceExporter(otlpOptions(env)), Number.isFinite(delay) && delay > 0 ? { scheduledDelayMillis: delay } : {}));
      }
    }
    const detected = resources.detectResources({ detectors: [resources.envDetector] });
    const resource = resources
      .resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || 'svc', ...(options.serviceVersion ? { 'service.version': options.serviceVersion } : {}) })
      .merge(detected);
    const provider = new sdk.BasicTracerProvider({ resource, spanProcessors: processors });
    const tracer = provider.getTracer('svc', options.serviceVersion);
    const traceApi: TraceApi = {
      trace: api.trace,
      rootContext: api.ROOT_CONTEXT,
      propagator: new core.W3CTraceContextPropagator(),
      SpanKind: api.SpanKind,
      SpanStatusCode: api.SpanStatusCode,
    };
    return new Tracing(traceApi, tracer, provider);
  }

  /**
   * The root span of one HTTP request, a child of the caller's W3C `traceparent` when it sent one (a
   * malformed one is ignored: the request starts a trace of its own).
   */
  startRequest(method: string, path: string, headers: Record<string, string | string[] | undefined>): RequestTrace {
    const parent = this.api.propagator.extract(this.api.rootContext, headers, headerGetter);
    const root: Span = this.tracer.startSpan(
      `${method} ${path}`,
      { kind: this.api.SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': path } },
      parent,
    );
    return new RequestTrace(this.api, this.tracer, root, method);
  }

  /** Exports what has ended (tests read the exporter after it). */
  flush(): Promise<void> {
    return this.provider.forceFlush();
  }

  /** Exports what is pending and stops (at shutdown). */
  shutdown(): Promise<void> {
    return this.provider.shutdown();
  }
}

/**
 * The OTLP/HTTP exporter's endpoint and headers from the environment svc was given (the exporter would read
 * process.env itself; svc reads the same variables from its own environment, as the rest of its config).
 */
function otlpOptions(env: NodeJS.ProcessEnv): { url?: string; headers?: Record<string, string> } {
  const options: { url?: string; headers?: Record<string, string> } = {};
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (traces) options.url = traces;
  else if (base) options.url = `${base.replace(/\/+$/, '')}/v1/traces`;
  const headerList = env.OTEL_EXPORTER_OTLP_TRACES_HEADERS ?? env.OTEL_EXPORTER_OTLP_HEADERS;
  if (headerList) {
    options.headers = {};
    for (const pair of headerList.split(',')) {
      const at = pair.indexOf('=');
      if (at > 0) options.headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
    }
  }
  return options;
}

const headerGetter = {
  get(carrier: Record<string, string | string[] | undefined>, key: string): string | string[] | undefined {
    return carrier[key];
  },
  keys(carrier: Record<string, string | string[] | undefined>): string[] {
    return Object.keys(carrier);
  },
};

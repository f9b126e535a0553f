import type { Attributes, Context, Span, SpanKind, SpanStatusCode, TextMapPropagator, Tracer, trace } from '@opentelemetry/api';
import type { MeteredUsage } from '../core/metered-usage.js';
import type { UpstreamTarget } from '../providers/provider-types.js';
import type { RequestOutcomeFacts } from './request-outcome.js';
import { attemptAttributes, requestAttributes, responseAttributes, usageAttributes, type ResponseFacts } from './gen-ai-attributes.js';

/** The parts of @opentelemetry/api a trace uses, handed over by Tracing (which alone loads the SDK). */
export interface TraceApi {
  trace: typeof trace;
  rootContext: Context;
  propagator: TextMapPropagator;
  SpanKind: typeof SpanKind;
  SpanStatusCode: typeof SpanStatusCode;
}

/**
 * The spans of one request: the root (the HTTP request), one child per stage — nested as the stages are,
 * each wrapping the ones after it — and one client span per upstream attempt under the provider call, in
 * the GenAI semantic conventions. A request that svc makes for another (the semantic cache's embedding) is
 * a nested trace under the stage that made it.
 */
export class RequestTrace {
  /** The latest span of each stage name: the parent of what that stage starts (an attempt, a nested request). */
  private readonly stageSpans = new Map<string, Span>();

  constructor(
    private readonly api: TraceApi,
    private readonly tracer: Tracer,
    readonly root: Span,
    /** The HTTP method of a top-level trace (its root is renamed after the route); none for a nested trace, which ends with its request's settlement. */
    private readonly method?: string,
  ) {}

  startStage(name: string, parent: Span | undefined): Span {
    const span = this.tracer.startSpan(`svc.stage ${name}`, { attributes: { 'svc.stage': name } }, this.contextOf(parent ?? this.root));
    this.stageSpans.set(name, span);
    return span;
  }

  /** Ends a stage's span; a stage that threw marks it as failed. */
  endStage(span: Span, error?: unknown): void {
    if (error !== undefined) this.fail(span, error);
    span.end();
  }

  /** A client span for one upstream call of `operation`, under the provider call stage. */
  startAttempt(operation: string, target: UpstreamTarget, request: object): Span {
    const parent = this.stageSpans.get('provider_call') ?? this.root;
    return this.tracer.startSpan(
      `${operation} ${target.model.upstream_model}`,
      { kind: this.api.SpanKind.CLIENT, attributes: { ...attemptAttributes(operation, target), ...requestAttributes(request) } },
      this.contextOf(parent),
    );
  }

  /** The W3C headers that make the upstream's spans children of `span`. */
  headersOf(span: Span): Record<string, string> {
    const headers: Record<string, string> = {};
    this.api.propagator.inject(this.contextOf(span), headers, { set: (carrier, key, value) => (carrier[key] = value) });
    return headers;
  }

  /** Ends an attempt that answered, with what the answer said (model, id, finish reasons) and its usage. */
  finishAttempt(span: Span, facts: ResponseFacts, usage: MeteredUsage | undefined): void {
    span.setAttributes(responseAttributes(facts));
    if (usage) span.setAttributes(usageAttributes(usage));
    span.end();
  }

  /** Ends an attempt that failed (an upstream error, a time-out, the caller gone, a hedge lost). */
  failAttempt(span: Span, error: unknown): void {
    this.fail(span, error);
    span.end();
  }

  /** A trace for a request svc makes on behalf of this one, under the span of the stage that makes it (else the root). */
  nested(name: string, stage?: string): RequestTrace {
    const parent = (stage !== undefined ? this.stageSpans.get(stage) : undefined) ?? this.root;
    const span = this.tracer.startSpan(name, { attributes: { 'svc.nested_request': true } }, this.contextOf(parent));
    return new RequestTrace(this.api, this.tracer, span);
  }

  /** What the request came to once its outcome is known: models, usage, cost, cache; a nested trace ends here. */
  annotate(context: RequestOutcomeFacts): void {
    const attributes: Attributes = {
      'svc.request_id': context.requestId,
      'svc.org_id': context.principal.orgId,
      'svc.endpoint': context.endpoint,
      'svc.intelligence_mode': context.mode,
      'gen_ai.operation.name': context.operation,
      'gen_ai.request.model': context.requestedModel,
      'svc.status': context.status,
    };
    const served = context.target?.model ?? context.route?.model;
    if (served) {
      attributes['svc.served_model'] = served.slug;
      attributes['gen_ai.response.model'] = served.upstream_model;
      attributes['gen_ai.provider.name'] = context.target?.provider.telemetryName ?? served.provider;
      attributes['gen_ai.system'] = attributes['gen_ai.provider.name'];
    }
    if (context.route) {
      attributes['svc.tier'] = context.route.tier;
      attributes['svc.decision_source'] = context.route.decisionSource;
      if (context.route.taskFamily) attributes['svc.task_family'] = context.route.taskFamily;
    }
    if (context.cacheHit) attributes['svc.cache_hit'] = context.cacheHit.type;
    if (context.cost) {
      attributes['svc.cost_usd'] = context.cost.cost_usd;
      attributes['svc.savings_usd'] = context.cost.savings_usd;
    }
    this.root.setAttributes(attributes);
    if (context.usage) this.root.setAttributes(usageAttributes(context.usage));
    if (this.method === undefined) this.end(context.status);
  }

  /** Ends the root span with the HTTP status the caller got (5xx marks it as failed, as the HTTP conventions say). */
  end(status: number, route?: string): void {
    this.root.setAttribute('http.response.status_code', status);
    if (route && this.method) {
      this.root.setAttribute('http.route', route);
      this.root.updateName(`${this.method} ${route}`);
    }
    if (status >= 500) this.root.setStatus({ code: this.api.SpanStatusCode.ERROR, message: `HTTP ${status}` });
    this.root.end();
  }

  private fail(span: Span, error: unknown): void {
    const kind = (error as { kind?: unknown; name?: unknown }).kind ?? (error as { name?: unknown }).name;
    span.setAttribute('error.type', typeof kind === 'string' ? kind : 'Error');
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number') span.setAttribute('http.response.status_code', status);
    span.setStatus({ code: this.api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300) });
  }

  private contextOf(span: Span): Context {
    return this.api.trace.setSpan(this.api.rootContext, span);
  }
}

import { ConnectionSignal, type CallerSignal } from '../core/caller-signal.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointFamily } from '../core/endpoint-family.js';
import type { Operation, Outcome, RequestOf } from '../core/operations.js';
import { newRequestContext, type RequestContext, type RequestOptions, type RequestStart } from '../pipeline/request-context.js';
import type { IntelligenceMode, ModeSource } from '../core/intelligence-mode.js';
import type { GatewayServices } from '../services.js';
import { metadataFromHeaders } from './legacy-headers.js';
import { resolveRequestMode } from './request-mode.js';
import { GatewayError } from '../errors/gateway-error.js';
import { refusedRequestRecord } from '../pipeline/after-work/usage-record.js';
import { elapsedMs } from '../pipeline/timing.js';
import type { RouteDialect } from './route-dialect.js';
import type { JsonSource } from '../shared/json-reuse.js';

/** What an endpoint's parser produces: the canonical request and the caller's svc options. */
export interface ParsedRequest<O extends Operation, Extra = undefined> {
  request: RequestOf<O>;
  /** The model string as the caller sent it (or the endpoint's default). */
  requestedModel: string;
  options?: Partial<RequestOptions>;
  /** What parsing noticed but did not refuse (an unknown field): reported in svc_metadata.warnings. */
  warnings?: string[];
  /** What a translator's renderer needs of its own wire request (legacy echo, Responses ids…). */
  extra?: Extra;
  /**
   * The body's JSON, when the canonical request has that body's own shape (chat completions) and is long
   * enough to pay: an OpenAI-wire upstream reuses the parts of it svc sends unchanged instead of serializing them again.
   */
  bodySource?: JsonSource;
}

/**
 * One HTTP endpoint = parse (wire → canonical request, all validation) + the shared runner + render
 * (canonical outcome → the endpoint's wire). Translators such as legacy completions are endpoints
 * over the `chat` operation with their own parse and render.
 */
export interface Endpoint<O extends Operation, Extra = undefined> {
  method: 'POST';
  path: string;
  family: EndpointFamily;
  /** The endpoint's name in the usage ledger. */
  name: string;
  operation: O;
  /** Another API's key header and error body (the Anthropic Messages route); OpenAI's when unset. */
  dialect?: RouteDialect;
  /** The lowest mode the endpoint runs in (voice: cache, spec 4.9). */
  modeFloor?: IntelligenceMode;
  parse(body: unknown, request: FastifyRequest): ParsedRequest<O, Extra> | Promise<ParsedRequest<O, Extra>>;
  /** Sends the answer (JSON, SSE, bytes). The runner has priced it (a stream: when its usage passes) and settles it. */
  render(answer: EndpointAnswer<O, Extra>): Promise<void> | void;
}

/** Everything a renderer works with. */
export interface EndpointAnswer<O extends Operation, Extra = undefined> {
  request: FastifyRequest;
  reply: FastifyReply;
  context: RequestContext<O>;
  outcome: Outcome<O>;
  services: GatewayServices;
  /** The parser's `extra`. */
  extra: Extra;
}

const noCacheDirective = /(?:^|,)\s*no-(?:cache|store)\s*(?:,|$)/i;

export function refusesCache(header: string | string[] | undefined): boolean {
  return header !== undefined && noCacheDirective.test(Array.isArray(header) ? header.join(',') : header);
}

/** Records a request refused before the pipeline; the refusal leaves once the returned group write (if any) is done. */
export function recordRefusal(services: GatewayServices, request: FastifyRequest, endpoint: { name: string }, error: Pick<GatewayError, 'status' | 'code'>): Promise<void> | undefined {
  const model = (request.body as { model?: unknown } | null | undefined)?.model;
  const refused = {
    requestId: request.requestId,
    principal: request.principal!,
    endpoint: endpoint.name,
    requestedModel: typeof model === 'string' ? model.slice(0, 200) : '',
    status: error.status,
    errorCode: error.code,
    mode: request.mode ?? services.config.defaults.intelligenceMode,
    latencyMs: elapsedMs(request.startedAt),
  };
  services.ledger.record(refusedRequestRecord(refused));
  return services.ledger.whenJournaled();
}

/** What every request of an endpoint starts from: its mode (raised to the endpoint's floor), its org's governance, and a signal fired when the caller leaves. */
export interface RequestBeginning {
  mode: IntelligenceMode;
  source: ModeSource;
  governance: RequestStart<Operation>['governance'];
  signal: CallerSignal;
  /** What the legacy request headers carry into metadata (spec 4.1). */
  headerMetadata: Record<string, string>;
}

/**
 * Resolves the mode (spec 4.9; `modeFloor` raises it: voice escalates proxy to cache), reads the org's
 * governance, and ties an abort signal to the caller's connection: the upstream call stops when the caller goes away.
 */
export function beginRequest(request: FastifyRequest, reply: FastifyReply, services: GatewayServices, modeFloor?: IntelligenceMode): RequestBeginning | Promise<RequestBeginning> {
  const resolving = resolveRequestMode(request, services.settings, services.config.defaults.intelligenceMode);
  const orgId = request.principal!.orgId;
  const governance = services.policies.peek(orgId);
  // Synchronous when the org's settings and policy are cached (nearly every request): no promise a request for them.
  if (governance && !(resolving instanceof Promise)) return begin(request, reply, resolving, governance, modeFloor);
  return Promise.all([resolving, governance ?? services.policies.of(orgId)]).then(([resolved, policy]) => begin(request, reply, resolved, policy, modeFloor));
}

function begin(
  request: FastifyRequest,
  reply: FastifyReply,
  resolved: { mode: IntelligenceMode; source: ModeSource },
  governance: RequestBeginning['governance'],
  modeFloor: IntelligenceMode | undefined,
): RequestBeginning {
  const headerMetadata = metadataFromHeaders(request.headers);
  if (modeFloor && modeRank[resolved.mode] < modeRank[modeFloor]) {
    resolved.mode = modeFloor;
    request.mode = modeFloor;
  }
  const signal = new ConnectionSignal();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) signal.abort();
  });
  return { mode: resolved.mode, source: resolved.source, governance, signal, headerMetadata };
}

const modeRank: Record<IntelligenceMode, number> = { proxy: 0, cache: 1, full: 2 };

/** What distinguishes a request svc makes for the caller's HTTP request (a voice chat step, a realtime response). */
export interface InnerRequest<O extends Operation> extends Pick<RequestStart<O>, 'operation' | 'endpoint' | 'family' | 'requestedModel' | 'request'> {
  /** Appended to the caller's request id: `<id>-<suffix>`. */
  suffix: string;
  toggles?: RequestStart<O>['toggles'];
  warnings?: string[];
}

/** The context of such a request: the caller's principal, governance, mode, headers and abort signal, its own id and clock. */
export function innerRequestContext<O extends Operation>(request: FastifyRequest, beginning: RequestBeginning, inner: InnerRequest<O>): RequestContext<O> {
  return newRequestContext<O>({
    operation: inner.operation,
    endpoint: inner.endpoint,
    family: inner.family,
    requestId: `${request.requestId}-${inner.suffix}`,
    startedAt: process.hrtime.bigint(),
    principal: request.principal!,
    governance: beginning.governance,
    requestedModel: inner.requestedModel,
    mode: beginning.mode,
    modeSource: beginning.source,
    toggles: inner.toggles ?? { enable_cache: undefined, enable_memory: undefined },
    options: { svc: {}, metadata: beginning.headerMetadata },
    signal: beginning.signal,
    // Each inner request (a voice step, a realtime response) is a trace of its own under the caller's request.
    trace: request.trace?.nested(`${inner.endpoint} ${inner.requestedModel}`),
    request: inner.request,
    warnings: inner.warnings,
  });
}

export function registerEndpoint<O extends Operation, Extra>(app: FastifyInstance, services: GatewayServices, endpoint: Endpoint<O, Extra>): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { family: endpoint.family, dialect: endpoint.dialect },
    handler: async (request, reply) => {
      let parsed: ParsedRequest<O, Extra>;
      let beginning: RequestBeginning;
      try {
        // Awaited only when they are promises: most requests have both at once.
        const begun = beginRequest(request, reply, services, endpoint.modeFloor);
        beginning = begun instanceof Promise ? await begun : begun;
        const parsing = endpoint.parse(request.body, request);
        parsed = parsing instanceof Promise ? await parsing : parsing;
        // The body's text served the parse (and its bodySource, which keeps what it needs): not held for the request's life.
        request.bodyText = undefined;
      } catch (error) {
        // A refused request is in the ledger too, with its status: usage shows errors, not only successes.
        if (error instanceof GatewayError) await recordRefusal(services, request, endpoint, error);
        throw error;
      }
      request.logFields.model = parsed.requestedModel;
      const svc = parsed.options?.svc ?? {};
      const context = newRequestContext<O>({
        operation: endpoint.operation,
        endpoint: endpoint.name,
        family: endpoint.family,
        requestId: request.requestId,
        startedAt: request.startedAt,
        principal: request.principal!,
        governance: beginning.governance,
        requestedModel: parsed.requestedModel,
        mode: beginning.mode,
        modeSource: beginning.source,
        // `Cache-Control: no-cache` / `no-store` from the caller turns the caches off for this request, as svc.enable_cache: false does.
        toggles: { enable_cache: refusesCache(request.headers['cache-control']) ? false : svc.enable_cache, enable_memory: svc.enable_memory },
        options: {
          svc,
          routingHints: parsed.options?.routingHints,
          routingOverride: parsed.options?.routingOverride,
          metadata: { ...beginning.headerMetadata, ...(parsed.options?.metadata ?? {}) },
        },
        signal: beginning.signal,
        trace: request.trace,
        request: parsed.request,
        bodySource: parsed.bodySource,
        warnings: parsed.warnings,
      });
      // The renderer gets the parser's extra, not the parse: its bodySource is the context's to let go.
      const extra = parsed.extra as Extra;
      await services.runner.run(context, (outcome) => {
        request.logFields.provider = context.target?.provider.id;
        request.logFields.servedModel = context.target?.model.slug ?? context.route?.model.slug;
        return endpoint.render({ request, reply, context, outcome, services, extra });
      });
      return reply;
    },
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointFamily } from '../core/endpoint-family.js';
import type { Operation, Outcome, RequestOf } from '../core/operations.js';
import { newRequestContext, type RequestContext, type RequestOptions } from '../pipeline/request-context.js';
import type { GatewayServices } from '../services.js';
import { metadataFromHeaders } from './legacy-headers.js';
import { resolveRequestMode } from './request-mode.js';
import { GatewayError } from '../errors/gateway-error.js';
import { refusedRequestRecord } from '../pipeline/after-work/usage-record.js';
import { elapsedMs } from '../pipeline/timing.js';

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

function refusesCache(header: string | string[] | undefined): boolean {
  return header !== undefined && noCacheDirective.test(Array.isArray(header) ? header.join(',') : header);
}

function recordRefusal(services: GatewayServices, request: FastifyRequest, endpoint: { name: string }, status: number): void {
  const model = (request.body as { model?: unknown } | null | undefined)?.model;
  const refused = {
    requestId: request.requestId,
    principal: request.principal!,
    endpoint: endpoint.name,
    requestedModel: typeof model === 'string' ? model.slice(0, 200) : '',
    status,
    mode: request.mode ?? services.config.defaults.intelligenceMode,
    latencyMs: elapsedMs(request.startedAt),
  };
  services.ledger.record(refusedRequestRecord(refused));
}

export function registerEndpoint<O extends Operation, Extra>(app: FastifyInstance, services: GatewayServices, endpoint: Endpoint<O, Extra>): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { family: endpoint.family },
    handler: async (request, reply) => {
      let parsed: ParsedRequest<O, Extra>;
      let resolved: Awaited<ReturnType<typeof resolveRequestMode>>;
      try {
        resolved = await resolveRequestMode(request, services.settings, services.config.defaults.intelligenceMode);
        parsed = await endpoint.parse(request.body, request);
      } catch (error) {
        // A refused request is in the ledger too, with its status: usage shows errors, not only successes.
        if (error instanceof GatewayError) recordRefusal(services, request, endpoint, error.status);
        throw error;
      }
      const { mode, source } = resolved;
      const orgId = request.principal!.orgId;
      const governance = services.policies.peek(orgId) ?? (await services.policies.of(orgId));
      request.logFields.model = parsed.requestedModel;

      // The upstream call is aborted when the caller goes away before the answer is complete.
      const abort = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const svc = parsed.options?.svc ?? {};
      const context = newRequestContext<O>({
        operation: endpoint.operation,
        endpoint: endpoint.name,
        family: endpoint.family,
        requestId: request.requestId,
        startedAt: request.startedAt,
        principal: request.principal!,
        governance,
        requestedModel: parsed.requestedModel,
        mode,
        modeSource: source,
        // `Cache-Control: no-cache` / `no-store` from the caller turns the caches off for this request, as svc.enable_cache: false does.
        toggles: { enable_cache: refusesCache(request.headers['cache-control']) ? false : svc.enable_cache, enable_memory: svc.enable_memory },
        options: {
          svc,
          routingHints: parsed.options?.routingHints,
          routingOverride: parsed.options?.routingOverride,
          metadata: { ...metadataFromHeaders(request.headers), ...(parsed.options?.metadata ?? {}) },
        },
        signal: abort.signal,
        request: parsed.request,
        warnings: parsed.warnings,
      });
      await services.runner.run(context, (outcome) => {
        request.logFields.provider = context.target?.provider.id;
        request.logFields.servedModel = context.target?.model.slug;
        return endpoint.render({ request, reply, context, outcome, services, extra: parsed.extra as Extra });
      });
      return reply;
    },
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChatCompletion } from '../../core/chat-types.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { SseWriter } from '../../http/sse-writer.js';
import { resolveIntelligenceMode } from '../../pipeline/intelligence-modes.js';
import type { ChatContext } from '../../pipeline/request-context.js';
import { costStage } from '../../pipeline/stages/cost-stage.js';
import { UpstreamError } from '../../providers/provider-types.js';
import { toGatewayError } from '../../providers/upstream-errors.js';
import type { GatewayServices } from '../../services.js';
import { parseChatRequest } from './parse-chat-request.js';
import { metadataFromHeaders } from './parse-svc-fields.js';
import { buildSvcMetadata, nonStreamHeaders, warningsHeader } from './svc-metadata.js';

/** POST (and HEAD) /v1/chat/completions: validate → pipeline → render JSON or SSE. */
export function registerChatCompletionsRoute(app: FastifyInstance, services: GatewayServices): void {
  app.head('/v1/chat/completions', { config: { family: 'chat' } }, async (_request, reply) => {
    reply.code(204).send();
  });

  app.post('/v1/chat/completions', { config: { family: 'chat' } }, async (request, reply) => {
    const context = await createChatContext(request, reply, services);
    await services.chatPipeline.runBefore(context);
    request.logFields.provider = context.target?.provider.id;
    request.logFields.servedModel = context.target?.model.slug;
    if (context.stream) return streamChatResponse(context, request, reply, services);
    await services.chatPipeline.runAfter(context);
    reply.headers(nonStreamHeaders(context));
    return { ...withRequestedChoices(context.completion!, context.request.n ?? 1), svc_metadata: buildSvcMetadata(context) };
  });
}

export async function createChatContext(request: FastifyRequest, reply: FastifyReply, services: GatewayServices): Promise<ChatContext> {
  const startedAt = request.startedAt;
  const principal = request.principal!;
  // The mode is resolved before the body is validated so that a 400 also reports it.
  const tenantDefault = await services.settings.defaultMode(principal.orgId);
  const header = request.headers['x-intelligence-mode'];
  const { mode, source } = resolveIntelligenceMode(typeof header === 'string' ? header : undefined, bodyIntelligenceMode(request.body), tenantDefault, services.config.defaults.intelligenceMode);
  reply.header('x-svc-intelligence-mode', mode);
  const parsed = parseChatRequest(request.body);

  // The upstream call is aborted when the caller goes away before the answer is complete.
  const abort = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });

  request.logFields.model = parsed.request.model;
  return {
    requestId: request.requestId,
    startedAt,
    principal,
    endpoint: 'chat.completions',
    requestedModel: parsed.request.model,
    request: parsed.request,
    svc: parsed.svc,
    routingHints: parsed.routingHints,
    routingOverride: parsed.routingOverride,
    metadata: { ...metadataFromHeaders(request.headers), ...(parsed.request.metadata ?? {}) },
    mode,
    modeSource: source,
    toggles: { enable_cache: parsed.svc.enable_cache, enable_memory: parsed.svc.enable_memory },
    signal: abort.signal,
    warnings: [],
    stageTimings: {},
    cacheHit: false,
    outcomeStatus: 200,
  };
}

function bodyIntelligenceMode(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  const block = (body as { svc?: unknown }).svc;
  return typeof block === 'object' && block !== null ? (block as { intelligence_mode?: unknown }).intelligence_mode : undefined;
}

/** When n asks for more choices than the upstream returned, the first is replicated (spec 2.2). */
function withRequestedChoices(completion: ChatCompletion, n: number): ChatCompletion {
  if (completion.choices.length >= n || completion.choices.length === 0) return completion;
  const choices = [...completion.choices];
  while (choices.length < n) choices.push({ ...structuredClone(completion.choices[0]), index: choices.length });
  return { ...completion, choices };
}

async function streamChatResponse(context: ChatContext, request: FastifyRequest, reply: FastifyReply, services: GatewayServices): Promise<void> {
  const stream = context.stream!;
  request.logFields.observed = true; // logged below when the stream ends, not when the handler returns
  reply.hijack();
  const writer = new SseWriter(reply.raw);
  const warnings = warningsHeader(context);
  writer.open({
    'x-svc-request-id': context.requestId,
    'x-svc-intelligence-mode': context.mode,
    'x-svc-provider': context.target?.model.slug ?? '',
    ...(warnings ? { 'x-svc-warnings': warnings } : {}),
  });
  const includeUsage = context.request.stream_options?.include_usage === true;
  let status = 200;
  try {
    for await (const chunk of stream) {
      if (chunk.usage) context.usage = chunk.usage;
      if (chunk.choices.length === 0 && chunk.usage) {
        if (includeUsage) {
          // The usage chunk is the one moment a stream knows its cost: svc_metadata rides on it.
          costStage.run(context);
          await writer.send(JSON.stringify({ ...chunk, svc_metadata: buildSvcMetadata(context) }));
        }
        continue;
      }
      if (!includeUsage) delete chunk.usage;
      await writer.send(JSON.stringify(chunk));
      if (writer.isClosed) {
        stream.abort();
        status = 499;
        break;
      }
    }
    if (!writer.isClosed) await writer.send('[DONE]');
  } catch (error) {
    if (context.signal.aborted || writer.isClosed) {
      status = 499; // the client left: the upstream call was aborted with it, nothing to report
      return;
    }
    // A failure mid-stream ends the stream with an error event, never a clean [DONE].
    const gatewayError = error instanceof UpstreamError ? toGatewayError(error) : error instanceof GatewayError ? error : new GatewayError('internal_error', 'Internal error while streaming', { cause: error });
    if (!(error instanceof UpstreamError) && !(error instanceof GatewayError)) request.log.error({ err: error, requestId: context.requestId }, 'stream failed');
    status = gatewayError.status;
    await writer.send(JSON.stringify({ ...gatewayError.toEnvelope(), svc_request_id: context.requestId }));
  } finally {
    context.outcomeStatus = status;
    // Cost and ledger stages only queue work; running them before the response ends means a
    // graceful shutdown, which waits for open responses, never closes the ledger ahead of them.
    await services.chatPipeline.runAfter(context).catch((error) => request.log.error({ err: error, requestId: context.requestId }, 'after-response stages failed'));
    writer.end();
    services.observeCompletion(request, status);
  }
}

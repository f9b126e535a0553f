import type { IncomingMessage } from 'node:http';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { MeteredUsage } from '../../core/metered-usage.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { toGatewayError } from '../../errors/failure-table.js';
import { beginRequest, innerRequestContext, type RequestBeginning } from '../../http/endpoint.js';
import type { RequestContext } from '../../pipeline/request-context.js';
import { wireAdapters } from '../../providers/wire-adapters.js';
import type { UpstreamTarget } from '../../providers/provider-types.js';
import { bridgeSockets } from '../../realtime/realtime-bridge.js';
import { openUpstreamSession, realtimeChatRequest, RealtimeResponses, type UpstreamSession } from '../../realtime/realtime-session.js';
import { routeNamedModel, type RouteDecision } from '../../routing/model-router.js';
import type { GatewayServices } from '../../services.js';

/** Without `?model=` a session gets the lower-cost realtime model. */
const DEFAULT_REALTIME_MODEL = 'openai/gpt-realtime-mini';
const REALTIME_PATH = '/v1/voice/realtime';

interface AdmittedSession {
  beginning: RequestBeginning;
  decision: RouteDecision;
  target: UpstreamTarget;
  upstream: UpstreamSession;
}

/**
 * GET /v1/voice/realtime (spec 4.7): a websocket bridged to the upstream's Realtime API. Everything that can
 * refuse a session happens before the upgrade, so it is an HTTP error in the spec's envelope: the key (header
 * or the browser subprotocol), the mode, the model, rpm and the monthly limits, and the upstream handshake
 * (key pool, BYOK, failover). Then frames flow both ways in order, and each response the upstream reports
 * done is a ledger row with its usage; a response the budget no longer covers is cancelled.
 */
export async function registerVoiceRealtime(app: FastifyInstance, services: GatewayServices): Promise<void> {
  // In a context of its own: the websocket plugin wraps the handlers of its context's routes, and only this one needs it.
  await app.register(async (realtime) => realtimeRoute(realtime, services));
}

async function realtimeRoute(app: FastifyInstance, services: GatewayServices): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: 16 * 1024 * 1024,
      perMessageDeflate: false,
      // The key a browser offers as a subprotocol is never echoed back: only `realtime` is ever chosen.
      handleProtocols: (protocols) => (protocols.has('realtime') ? 'realtime' : false),
    },
  });
  const admitted = new WeakMap<IncomingMessage, AdmittedSession>();
  const bridged = new WeakSet<AdmittedSession>();
  // The resolved mode on the 101 answer too (spec 4.9: every voice route returns X-Svc-Intelligence-Mode).
  app.websocketServer.on('headers', (headers: string[], request: IncomingMessage) => {
    const session = admitted.get(request);
    if (session) headers.push(`x-svc-intelligence-mode: ${session.beginning.mode}`, `x-svc-provider: ${session.target.model.slug}`);
  });

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    config: { family: 'voice' },
    preHandler: async (request, reply) => {
      if (request.headers.upgrade?.toLowerCase() !== 'websocket') {
        throw new GatewayError('validation_error', `${REALTIME_PATH} is a websocket: connect with "Upgrade: websocket" (OpenAI Realtime events)`);
      }
      const beginning = await beginRequest(request, reply, services, 'cache');
      const session = await admitSession(request, services, beginning);
      admitted.set(request.raw, session);
      // The upgrade failed after admission (the client left): nothing may stay open upstream.
      request.raw.socket.once('close', () => {
        if (session.upstream.socket.readyState !== session.upstream.socket.CLOSED && !bridged.has(session)) session.upstream.socket.terminate();
      });
    },
    handler: async () => {
      throw new GatewayError('validation_error', `${REALTIME_PATH} is a websocket: connect with "Upgrade: websocket" (OpenAI Realtime events)`);
    },
    wsHandler: (client: WebSocket, request: FastifyRequest) => {
      const session = admitted.get(request.raw);
      if (!session) return client.close(1011, 'session not admitted');
      bridged.add(session);
      runSession(client, request, session, services);
    },
  });
}

async function admitSession(request: FastifyRequest, services: GatewayServices, beginning: RequestBeginning): Promise<AdmittedSession> {
  const query = request.query as { model?: unknown };
  const requested = typeof query.model === 'string' && query.model !== '' ? query.model : DEFAULT_REALTIME_MODEL;
  const decision = routeNamedModel(requested, ['realtime'], 'a realtime', services.router);
  const candidates = decision.candidates.filter((model) => wireAdapters[model.wire]?.realtime !== undefined);
  if (candidates.length === 0) throw new GatewayError('validation_error', `model ${JSON.stringify(decision.model.slug)} cannot serve realtime sessions: svc has no realtime support for the ${decision.model.wire} wire`, { param: 'model' });
  // The session's opening counts as one request against rpm, and is refused when the month's budget or quota is spent.
  const opening = responseContext(request, beginning, decision, 'open');
  await services.limits.takeRates(opening);
  await services.limits.reserveMonthly(opening);
  services.limits.settle(opening);
  const { value: upstream, target } = await services.executor.execute(candidates, request.principal!.orgId, beginning.signal, (target) => openUpstreamSession(target, wireAdapters[target.provider.wire]!, beginning.signal));
  request.logFields.model = decision.model.slug;
  request.logFields.provider = target.provider.id;
  return { beginning, decision, target, upstream };
}

/** A context for the session opening or one of its responses: the caller's org and key, the session's mode and model. */
function responseContext(request: FastifyRequest, beginning: RequestBeginning, decision: RouteDecision, suffix: string): RequestContext<'chat'> {
  const context = innerRequestContext<'chat'>(request, beginning, { operation: 'chat', endpoint: 'voice.realtime', family: 'voice', requestedModel: decision.model.slug, request: realtimeChatRequest(decision.model.slug), suffix });
  (context as { route?: RouteDecision }).route = { ...decision, candidates: [decision.model] };
  return context;
}

function runSession(client: WebSocket, request: FastifyRequest, session: AdmittedSession, services: GatewayServices): void {
  const { upstream, target } = session;
  const realtime = wireAdapters[target.provider.wire]!.realtime!;
  let responses = 0;
  const tracker = new RealtimeResponses({
    newResponse: () => {
      const context = responseContext(request, session.beginning, session.decision, `r${++responses}`);
      context.target = target;
      return context;
    },
    admit: (context) => services.limits.reserveMonthly(context),
    settle: (context: RequestContext<'chat'>, usage: MeteredUsage | undefined, status: number) => {
      if (usage) context.usage = usage;
      services.runner.settleOutside(context, status);
    },
    refuse: (responseId, error) => {
      const refusal = toGatewayError(error, 'voice');
      if (upstream.socket.readyState === upstream.socket.OPEN) upstream.socket.send(JSON.stringify({ type: 'response.cancel', response_id: responseId }));
      if (client.readyState === client.OPEN) client.send(JSON.stringify({ type: 'error', event_id: `svc_${request.requestId}`, error: { ...refusal.toEnvelope().error, event_id: null } }));
    },
  }, realtime, realtime.meter());
  bridgeSockets(client, upstream.socket, upstream.handOver(), {
    onUpstreamText: (text) => tracker.observe(text),
    onClientText: (text) => tracker.observeClient(text),
    onClosed: (by, code) => {
      tracker.closeAll();
      request.log.info({ requestId: request.requestId, by, code, responses }, 'realtime session closed');
    },
  });
}


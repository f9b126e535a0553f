import { registerMemoryRoutes } from './routes/admin/memory-routes.js';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { GatewayError } from './errors/gateway-error.js';
import { controlCharacterProblem } from './http/request-body/fields.js';
import { clientErrorHandler, frameworkError, installErrorHandling, sendError } from './http/error-handler.js';
import fastifyMultipart from '@fastify/multipart';
import { isCorsPreflight, registerCors } from './http/cors.js';
import { installJsonBodyParser } from './http/json-body.js';
import { admitCaller } from './http/admit-caller.js';
import { reportedMode } from './http/request-mode.js';
import './http/fastify-types.js';
import { registerAdminRoutes } from './routes/admin/admin-routes.js';
import { registerAudioRoutes } from './routes/audio/audio-routes.js';
import { registerVoiceRoutes } from './routes/voice/voice-routes.js';
import { registerGovernanceRoutes } from './routes/admin/governance-routes.js';
import { newRequestId } from './http/request-id.js';
import { registerChatCompletionsRoute } from './routes/chat/chat-completions-route.js';
import { registerCompletionsRoute } from './routes/completions/completions-route.js';
import { registerEmbeddingsRoute } from './routes/embeddings/embeddings-route.js';
import { registerModerationsRoute } from './routes/moderations/moderations-route.js';
import { registerResponsesRoutes } from './routes/responses/responses-route.js';
import { registerMessagesRoutes } from './routes/messages/messages-route.js';
import { registerHealthRoutes } from './routes/health-routes.js';
import { registerDashboardRoutes } from './routes/dashboard-routes.js';
import { registerModelsRoutes } from './routes/models-routes.js';
import { registerSettingsRoutes } from './routes/settings-routes.js';
import type { GatewayServices } from './services.js';

/** Builds the HTTP app: hooks (request id, auth, scopes, logging), error handling, routes. */
export async function buildApp(services: GatewayServices, logger: Logger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    // svc writes its own one line per request (observeCompletion), so Fastify's are off.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: services.config.server.bodyLimitBytes,
    genReqId: () => newRequestId(),
    // No pino child per request (it costs an allocation and a serialisation each time): svc's own log
    // lines carry the request id explicitly.
    childLoggerFactory: (logger) => logger,
    requestIdHeader: false,
    // svc answers requests that arrive while it closes itself, in the spec's envelope (below).
    return503OnClosing: false,
    clientErrorHandler,
    // Fastify's router refusals (bad percent-encoding, a path parameter over 100 characters) in the spec's envelope too.
    frameworkErrors: (error, request, reply) => sendError(reply, frameworkError(error), request),
  }) as unknown as FastifyInstance; // pino's Logger type is wider than Fastify's base logger type

  app.decorateRequest('requestId', '');
  app.decorateRequest('startedAt', 0n);
  app.decorateRequest('principal', null);
  app.decorateRequest('logFields', null as never);
  app.decorateRequest('mode', undefined);
  app.decorateRequest('trace', undefined);
  app.decorateRequest('bodyText', undefined);

  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  // Method + path of every route, so that a wrong method gets 405 rather than 404.
  const knownRoutes = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const allowed = knownRoutes.get(route.url) ?? new Set<string>();
    for (const method of methods) allowed.add(method);
    knownRoutes.set(route.url, allowed);
    // Ids in paths (orgs, keys, tools, responses) never hold control characters: a NUL would reach storage.
    // Only routes with parameters get the check, so the parameterless hot path pays nothing for it.
    if (route.url.includes(':')) route.preValidation = [refuseControlCharactersInParams, ...[route.preValidation ?? []].flat()];
  });

  // Tracing on: every request gets its root span first, so the span covers authentication too.
  const tracing = services.tracing;
  if (tracing) {
    app.addHook('onRequest', (request, _reply, done) => {
      const query = request.url.indexOf('?');
      request.trace = tracing.startRequest(request.method, query === -1 ? request.url : request.url.slice(0, query), request.headers);
      done();
    });
  }

  // Callback-style, as the hooks below: a request whose key is cached (or the master key) goes on without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    request.startedAt = process.hrtime.bigint();
    request.requestId = request.id;
    request.logFields = {};
    // Every answer carries it (the OpenAI SDKs read it as the request id): JSON and errors from the reply's
    // headers, hijacked streams too (they start from the reply's headers). Not on the raw response: one header
    // set there sends every later one through Node's per-header setHeader path (~5 KB of garbage a request).
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('connection', 'close');
      sendError(reply, new GatewayError('service_unavailable', 'svc is shutting down; retry the request (another instance will take it)'), request);
      return;
    }
    // Outside /v1, and a browser's CORS preflight (it carries no key: the CORS plugin answers it), need no key.
    if ((!request.url.startsWith('/v1/') && request.url !== '/v1') || isCorsPreflight(request.method, request.headers)) done();
    else admitCaller(services.authenticator, request, reply, done);
  });

  // Spec 4.9: every response carries the resolved mode; an answer given before a route resolved it
  // (401, 404, a 400 on another endpoint) reports the header's or the system's.
  const systemMode = services.config.defaults.intelligenceMode;
  // Callback-style hooks: no promise per request for work that never waits.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('x-svc-intelligence-mode') && request.url.startsWith('/v1/')) reply.header('x-svc-intelligence-mode', reportedMode(request, systemMode));
    // A refused websocket upgrade ends its connection: the socket was never an HTTP keep-alive one.
    if (request.headers.upgrade !== undefined) reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The socket of a refused upgrade belongs to no HTTP server any more (the upgrade took it): svc ends it.
    if (request.headers.upgrade !== undefined && reply.statusCode >= 400) request.raw.socket?.end();
    if (!request.logFields?.observed) services.observeCompletion(request, reply.statusCode);
    done();
  });

  await registerCors(app, services.config.server.corsOrigins);
  installErrorHandling(app, knownRoutes);
  installJsonBodyParser(app);
  registerHealthRoutes(app, services);
  registerModelsRoutes(app, services);
  registerSettingsRoutes(app, services);
  registerChatCompletionsRoute(app, services);
  registerCompletionsRoute(app, services);
  registerEmbeddingsRoute(app, services);
  registerModerationsRoute(app, services);
  registerResponsesRoutes(app, services);
  registerMessagesRoutes(app, services);
  // The routes that take uploads, in a scope of their own with the multipart plugin: it adds an async onResponse hook
  // (4 promises a request) that every other route ran for nothing (bench:ab ×0.966 CPU a request). Multipart bodies
  // are not parsed up front: these routes stream them (read-upload-form.ts). Elsewhere one is a 415, as text/plain is.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { throwFileSizeLimit: true });
    registerAudioRoutes(uploads, services);
    await registerVoiceRoutes(uploads, services);
  });
  registerAdminRoutes(app, services);
  registerMemoryRoutes(app, services);
  registerGovernanceRoutes(app, services);
  await registerDashboardRoutes(app);
  await app.ready();
  return app;
}

function refuseControlCharactersInParams(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const params = request.params as Record<string, string>;
  for (const name in params) {
    const problem = controlCharacterProblem(params[name]);
    if (problem) return done(new GatewayError('validation_error', `path parameter ${name} ${problem}`, { param: name }));
  }
  done();
}

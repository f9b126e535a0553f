import type { FastifyInstance } from 'fastify';
import { GatewayError } from '../errors/gateway-error.js';
import { sendError } from '../http/error-handler.js';
import type { GatewayServices } from '../services.js';

/** Probes: /healthz (alive), /readyz (storage and Redis reachable), /metrics (Prometheus; master key or `metrics` scope). */
export function registerHealthRoutes(app: FastifyInstance, services: GatewayServices): void {
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok' }));

  // Storage down: not ready (503). Shared state down: still serving from in-process state, so ready but degraded.
  app.get('/readyz', { config: { public: true } }, async (request, reply) => {
    const checks: Record<string, string> = {};
    const [storage, shared] = await Promise.allSettled([services.store.ping(), services.sharedState.ping()]);
    checks[services.store.kind] = storage.status === 'fulfilled' ? 'ok' : 'unreachable';
    checks[services.sharedState.kind] = shared.status === 'fulfilled' ? 'ok' : 'unreachable: serving from in-process state';
    if (storage.status === 'rejected') {
      return sendError(reply, new GatewayError('service_unavailable', `Not ready: ${JSON.stringify(checks)}`), request);
    }
    return { status: shared.status === 'fulfilled' ? 'ready' : 'degraded', checks };
  });

  app.get('/metrics', async (request, reply) => {
    try {
      const principal = await services.authenticator.authenticate(request.headers.authorization);
      request.principal = principal;
      if (!principal.scopes.has('metrics') && !principal.scopes.has('admin')) {
        throw new GatewayError('insufficient_scopes', 'The metrics endpoint needs the metrics scope (or the master key)');
      }
    } catch (error) {
      if (error instanceof GatewayError) return sendError(reply, error, request);
      throw error;
    }
    reply.header('content-type', services.metrics.registry.contentType);
    return services.metrics.registry.metrics();
  });
}

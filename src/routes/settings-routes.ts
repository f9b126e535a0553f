import type { FastifyInstance } from 'fastify';
import { requireObject } from '../http/validation.js';
import { GatewayError } from '../errors/gateway-error.js';
import { isIntelligenceMode } from '../pipeline/intelligence-modes.js';
import type { GatewayServices } from '../services.js';

/** PUT/GET /v1/settings: the caller's org settings (default_intelligence_mode). */
export function registerSettingsRoutes(app: FastifyInstance, services: GatewayServices): void {
  const render = (orgId: string, mode: string | null, updatedAt: string | null) => ({ org_id: orgId, default_intelligence_mode: mode, updated_at: updatedAt });

  app.get('/v1/settings', { config: { family: 'settings' } }, async (request) => {
    const orgId = request.principal!.orgId;
    const settings = await services.settings.get(orgId);
    return render(orgId, settings?.default_intelligence_mode ?? null, settings?.updated_at ?? null);
  });

  app.put('/v1/settings', { config: { family: 'settings' } }, async (request) => {
    const body = requireObject(request.body, 'body');
    const unknown = Object.keys(body).filter((key) => key !== 'default_intelligence_mode');
    if (unknown.length > 0) throw new GatewayError('validation_error', `Unknown settings field ${unknown[0]}; allowed: default_intelligence_mode`, { param: unknown[0] });
    const mode = body.default_intelligence_mode;
    if (mode !== null && !isIntelligenceMode(mode)) {
      throw new GatewayError('validation_error', `default_intelligence_mode must be one of proxy, cache, full, or null (got ${JSON.stringify(mode)})`, { param: 'default_intelligence_mode' });
    }
    const orgId = request.principal!.orgId;
    const saved = await services.settings.put(orgId, mode);
    return render(orgId, saved.default_intelligence_mode, saved.updated_at);
  });
}

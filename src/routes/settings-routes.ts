import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../http/request-body/parse-body.js';
import type { GatewayServices } from '../services.js';

/** Spec 4.8, PUT /v1/settings: the org's default mode, or null to fall back to the system default. */
const settingsBody = z.strictObject(
  {
    default_intelligence_mode: z.enum(['proxy', 'cache', 'full'], {
      error: (issue) => `must be one of proxy, cache, full, or null (got ${issue.input === undefined ? 'nothing' : JSON.stringify(issue.input)})`,
    }).nullable(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'is not a settings field; allowed: default_intelligence_mode' : undefined) },
);

/** PUT/GET /v1/settings: the caller's org settings (default_intelligence_mode). */
export function registerSettingsRoutes(app: FastifyInstance, services: GatewayServices): void {
  const render = (orgId: string, mode: string | null, updatedAt: string | null) => ({ org_id: orgId, default_intelligence_mode: mode, updated_at: updatedAt });

  app.get('/v1/settings', { config: { family: 'settings' } }, async (request) => {
    const orgId = request.principal!.orgId;
    const settings = await services.settings.get(orgId);
    return render(orgId, settings?.default_intelligence_mode ?? null, settings?.updated_at ?? null);
  });

  app.put('/v1/settings', { config: { family: 'settings' } }, async (request) => {
    const mode = parseBody(settingsBody, request.body).default_intelligence_mode;
    const orgId = request.principal!.orgId;
    const saved = await services.settings.put(orgId, mode);
    return render(orgId, saved.default_intelligence_mode, saved.updated_at);
  });
}

import type { FastifyRequest } from 'fastify';
import { resolveIntelligenceMode } from '../pipeline/intelligence-modes.js';
import { isIntelligenceMode, type IntelligenceMode, type ModeSource } from '../core/intelligence-mode.js';
import type { OrgSettingsService } from '../settings/org-settings-service.js';

/**
 * The one place that reads the intelligence mode of a request (spec 4.9): the X-Intelligence-Mode header,
 * then the body's svc.intelligence_mode, then the tenant default, then the system default.
 */

function headerMode(request: FastifyRequest): string | undefined {
  const header = request.headers['x-intelligence-mode'];
  return typeof header === 'string' ? header : undefined;
}

function bodyMode(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  const block = (body as { svc?: unknown }).svc;
  return typeof block === 'object' && block !== null ? (block as { intelligence_mode?: unknown }).intelligence_mode : undefined;
}

/**
 * Resolves the mode of an authenticated request, before its body is validated so that a 400 also
 * reports it; records it on the request for the response header. Throws a 400 for a bad value.
 */
export async function resolveRequestMode(
  request: FastifyRequest,
  settings: OrgSettingsService,
  systemDefault: IntelligenceMode,
): Promise<{ mode: IntelligenceMode; source: ModeSource }> {
  const tenantDefault = request.principal ? await settings.defaultMode(request.principal.orgId) : null;
  try {
    const resolved = resolveIntelligenceMode(headerMode(request), bodyMode(request.body), tenantDefault, systemDefault);
    request.mode = resolved.mode;
    return resolved;
  } catch (error) {
    // A bad value is a 400, which still reports a mode: the header's when valid, else the default.
    request.mode = reportedMode(request, systemDefault);
    throw error;
  }
}

/**
 * The mode reported by a response whose route did not resolve one (a 401, an unknown route, a probe
 * under /v1): the header's value when it is valid, else the system default.
 */
export function reportedMode(request: FastifyRequest, systemDefault: IntelligenceMode): IntelligenceMode {
  if (request.mode) return request.mode;
  const normalized = headerMode(request)?.trim().toLowerCase();
  return isIntelligenceMode(normalized) ? normalized : systemDefault;
}

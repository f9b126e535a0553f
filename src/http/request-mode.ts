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
 * Synchronous when the org's settings are cached (read again after a few seconds), as nearly every request finds them.
 */
export function resolveRequestMode(
  request: FastifyRequest,
  settings: OrgSettingsService,
  systemDefault: IntelligenceMode,
): Resolved | Promise<Resolved> {
  if (!request.principal) return resolveWith(request, null, systemDefault);
  const cached = settings.peekDefaultMode(request.principal.orgId);
  if (cached !== undefined) return resolveWith(request, cached, systemDefault);
  return settings.defaultMode(request.principal.orgId).then((tenantDefault) => resolveWith(request, tenantDefault, systemDefault));
}

type Resolved = { mode: IntelligenceMode; source: ModeSource };

function resolveWith(request: FastifyRequest, tenantDefault: IntelligenceMode | null, systemDefault: IntelligenceMode): Resolved {
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

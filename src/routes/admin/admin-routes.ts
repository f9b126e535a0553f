import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KeyIssuer } from '../../auth/key-issuer.js';
import type { Principal } from '../../auth/principal.js';
import { isPlatformAdmin, orgFilter, requireOrgAccess, requirePlatformAdmin } from '../../auth/tenancy.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { optionalDate, optionalInteger, optionalNumber, optionalString, requireObject, requireString } from '../../http/validation.js';
import type { GatewayServices } from '../../services.js';

/**
 * The admin API of CONTRACT.md: orgs, keys, BYOK provider keys, usage. The master key and
 * `platform_admin` keys act on every org; an `admin` key only inside its own (see auth/tenancy.ts).
 */
export function registerAdminRoutes(app: FastifyInstance, services: GatewayServices): void {
  const issuer = new KeyIssuer(services.store.tenants);
  const admin = { config: { admin: true } };
  const principalOf = (request: FastifyRequest): Principal => request.principal!;

  app.post('/v1/admin/orgs', admin, async (request, reply) => {
    requirePlatformAdmin(principalOf(request), 'create orgs');
    const body = requireObject(request.body, 'body');
    const org = await issuer.createOrg(requireString(body.name, 'name'));
    reply.code(201);
    return { id: org.id, name: org.name, created_at: org.created_at };
  });

  app.get('/v1/admin/orgs', admin, async (request) => {
    const principal = principalOf(request);
    if (isPlatformAdmin(principal)) return { object: 'list', data: await services.store.tenants.listOrgs() };
    const own = await services.store.tenants.getOrg(principal.orgId);
    return { object: 'list', data: own ? [own] : [] };
  });

  app.post('/v1/admin/keys', admin, async (request, reply) => {
    const principal = principalOf(request);
    const body = requireObject(request.body, 'body');
    const orgId = requireString(body.org_id, 'org_id');
    requireOrgAccess(principal, orgId, 'org_id');
    const scopes = body.scopes;
    if (scopes !== undefined && !(Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string'))) {
      throw new GatewayError('validation_error', 'scopes must be an array of strings', { param: 'scopes' });
    }
    if ((scopes as string[] | undefined)?.includes('platform_admin') && !principal.isMaster) {
      throw new GatewayError('tenant_violation', 'Only the master key can grant the platform_admin scope', { param: 'scopes' });
    }
    const { key, record } = await issuer.createKey({
      org_id: orgId,
      name: optionalString(body.name, 'name'),
      scopes: scopes as string[] | undefined,
      expires_at: optionalString(body.expires_at, 'expires_at'),
      rpm: optionalInteger(body.rpm, 'rpm', { min: 1, max: Number.MAX_SAFE_INTEGER }),
      tpm: optionalInteger(body.tpm, 'tpm', { min: 1, max: Number.MAX_SAFE_INTEGER }),
      monthly_token_quota: optionalInteger(body.monthly_token_quota, 'monthly_token_quota', { min: 1, max: Number.MAX_SAFE_INTEGER }),
      monthly_budget_usd: optionalNumber(body.monthly_budget_usd, 'monthly_budget_usd', { min: 0, max: Number.MAX_SAFE_INTEGER }),
    });
    reply.code(201);
    return { ...record, key };
  });

  app.get('/v1/admin/keys', admin, async (request) => {
    const requested = optionalString((request.query as Record<string, unknown>).org_id, 'org_id');
    return { object: 'list', data: await issuer.listKeys(orgFilter(principalOf(request), requested, 'org_id')) };
  });

  app.delete('/v1/admin/keys/:id', admin, async (request) => {
    const principal = principalOf(request);
    const { id } = request.params as { id: string };
    const keyHash = await issuer.revokeKey(id, isPlatformAdmin(principal) ? undefined : principal.orgId);
    await services.authenticator.revoke(keyHash);
    return { id, revoked: true };
  });

  app.put('/v1/admin/orgs/:id/provider-keys/:provider', admin, async (request) => {
    const { id, provider } = request.params as { id: string; provider: string };
    requireOrgAccess(principalOf(request), id, 'id');
    await requireOrg(services, id);
    if (!services.providers.get(provider)) throw new GatewayError('resource_not_found', `Unknown provider ${JSON.stringify(provider)}`, { param: 'provider' });
    const body = requireObject(request.body, 'body');
    const apiKey = requireString(body.api_key, 'api_key');
    if (apiKey.trim() === '') throw new GatewayError('validation_error', 'api_key must not be empty', { param: 'api_key' });
    const baseUrl = optionalString(body.base_url, 'base_url');
    if (baseUrl !== undefined && !/^https?:\/\//.test(baseUrl)) {
      throw new GatewayError('validation_error', `base_url must be an http(s) URL (got ${JSON.stringify(baseUrl)})`, { param: 'base_url' });
    }
    await services.vault.put(id, provider, apiKey, baseUrl?.replace(/\/+$/, ''));
    // The key itself is never echoed back.
    return { org_id: id, provider, base_url: baseUrl ?? null, configured: true };
  });

  app.delete('/v1/admin/orgs/:id/provider-keys/:provider', admin, async (request) => {
    const { id, provider } = request.params as { id: string; provider: string };
    requireOrgAccess(principalOf(request), id, 'id');
    const deleted = await services.vault.delete(id, provider);
    if (!deleted) throw new GatewayError('resource_not_found', `Org ${id} has no ${provider} key`, { param: 'provider' });
    return { org_id: id, provider, configured: false };
  });

  app.get('/v1/admin/usage', admin, async (request) => {
    const query = request.query as Record<string, unknown>;
    const orgId = orgFilter(principalOf(request), optionalString(query.org_id, 'org_id'), 'org_id');
    const from = optionalDate(query.from, 'from');
    const to = optionalDate(query.to, 'to');
    await services.ledger.flush();
    return services.store.usage.summarizeUsage({ org_id: orgId, from, to });
  });
}

async function requireOrg(services: GatewayServices, id: string): Promise<void> {
  if (!(await services.store.tenants.getOrg(id))) throw new GatewayError('resource_not_found', `Org ${id} does not exist`, { param: 'id' });
}

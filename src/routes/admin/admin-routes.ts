import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KeyIssuer } from '../../auth/key-issuer.js';
import type { Principal } from '../../auth/principal.js';
import { isPlatformAdmin, orgFilter, requireOrgAccess, requirePlatformAdmin, requireWithinOrgLimits } from '../../auth/tenancy.js';
import { defaultPolicy } from '../../governance/org-policy-service.js';
import { firstInternalAddress, type OutboundAllowList } from '../../shared/outbound-address.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { parseBody } from '../../http/request-body/parse-body.js';
import { keysQuery, newKeyBody, newOrgBody, providerKeyBody, usageBreakdownQuery, usageQuery } from './admin-schemas.js';
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
    const body = parseBody(newOrgBody, request.body);
    const org = await issuer.createOrg(body.name);
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
    const body = parseBody(newKeyBody, request.body);
    const orgId = body.org_id;
    requireOrgAccess(principal, orgId, 'org_id');
    const scopes = body.scopes ?? undefined;
    if (scopes?.includes('platform_admin') && !principal.isMaster) {
      throw new GatewayError('tenant_violation', 'Only the master key can grant the platform_admin scope', { param: 'scopes' });
    }
    if (!isPlatformAdmin(principal)) requireWithinOrgLimits(principal, body, (await services.store.governance.getPolicy(orgId)) ?? defaultPolicy(orgId));
    const { key, record } = await issuer.createKey({
      org_id: orgId,
      name: body.name,
      scopes,
      expires_at: body.expires_at,
      rpm: body.rpm,
      tpm: body.tpm,
      monthly_token_quota: body.monthly_token_quota,
      monthly_budget_usd: body.monthly_budget_usd,
    });
    reply.code(201);
    return { ...record, key };
  });

  app.get('/v1/admin/keys', admin, async (request) => {
    const requested = parseBody(keysQuery, request.query).org_id ?? undefined;
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
    const body = parseBody(providerKeyBody, request.body);
    const principal = principalOf(request);
    const baseUrl = body.base_url?.replace(/\/+$/, '') ?? undefined;
    const trust = isPlatformAdmin(principal) ? 'platform' : 'org';
    if (baseUrl && trust === 'org') await requirePublicBaseUrl(new URL(baseUrl), services.outboundAllowList);
    await services.vault.put(id, provider, body.api_key, baseUrl, trust);
    // The key itself is never echoed back.
    return { org_id: id, provider, base_url: baseUrl ?? null, configured: true };
  });

  // Which providers the org brings its own key for: never the key, sealed or not.
  app.get('/v1/admin/orgs/:id/provider-keys', admin, async (request) => {
    const { id } = request.params as { id: string };
    requireOrgAccess(principalOf(request), id, 'id');
    await requireOrg(services, id);
    const records = await services.store.providerKeys.listProviderKeys(id);
    return { object: 'list', data: records.map((record) => ({ org_id: record.org_id, provider: record.provider, base_url: record.base_url, created_at: record.created_at, updated_at: record.updated_at })) };
  });

  app.delete('/v1/admin/orgs/:id/provider-keys/:provider', admin, async (request) => {
    const { id, provider } = request.params as { id: string; provider: string };
    requireOrgAccess(principalOf(request), id, 'id');
    const deleted = await services.vault.delete(id, provider);
    if (!deleted) throw new GatewayError('resource_not_found', `Org ${id} has no ${provider} key`, { param: 'provider' });
    return { org_id: id, provider, configured: false };
  });

  app.get('/v1/admin/usage', admin, async (request) => {
    const query = parseBody(usageQuery, request.query);
    const orgId = orgFilter(principalOf(request), query.org_id ?? undefined, 'org_id');
    const from = query.from ?? undefined;
    const to = query.to ?? undefined;
    await services.ledger.flushForRead();
    return services.store.usage.summarizeUsage({ org_id: orgId, from, to });
  });

  // Usage per time bucket and dimension (`by=day,model`): the dashboard's charts.
  app.get('/v1/admin/usage/breakdown', admin, async (request) => {
    const query = parseBody(usageBreakdownQuery, request.query);
    const orgId = orgFilter(principalOf(request), query.org_id ?? undefined, 'org_id');
    await services.ledger.flushForRead();
    const data = await services.store.usage.usageBreakdown({ org_id: orgId, from: query.from ?? undefined, to: query.to ?? undefined }, query.by);
    return { object: 'list', org_id: orgId ?? null, by: query.by, data };
  });
}

/**
 * An org admin's base URL: https, to a host that resolves to public addresses only (the platform's
 * allow-list excepted). Checked here for a clear answer when saved, and again on every connection.
 */
async function requirePublicBaseUrl(url: URL, allowList: OutboundAllowList): Promise<void> {
  if (allowList.allows(url)) return;
  if (url.protocol !== 'https:') throw new GatewayError('forbidden', `base_url must use https (got ${url.protocol.slice(0, -1)}): only the platform may allow plain http`, { param: 'base_url' });
  let internal: Awaited<ReturnType<typeof firstInternalAddress>>;
  try {
    internal = await firstInternalAddress(url.hostname);
  } catch (error) {
    throw new GatewayError('validation_error', `base_url host ${url.hostname} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'})`, { param: 'base_url' });
  }
  if (internal) {
    throw new GatewayError('forbidden', `base_url host ${url.hostname} is ${internal.address}, a ${internal.range} address: an org admin may point provider traffic at public addresses only`, { param: 'base_url' });
  }
}

async function requireOrg(services: GatewayServices, id: string): Promise<void> {
  if (!(await services.store.tenants.getOrg(id))) throw new GatewayError('resource_not_found', `Org ${id} does not exist`, { param: 'id' });
}

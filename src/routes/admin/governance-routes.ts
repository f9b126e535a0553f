import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../../auth/principal.js';
import { isPlatformAdmin, orgFilter, requireOrgAccess, requirePlatformAdmin } from '../../auth/tenancy.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { defaultPolicy } from '../../governance/org-policy-service.js';
import { parseBody } from '../../http/request-body/parse-body.js';
import { auditQuery, orgCacheBody, orgLimitsBody, orgPolicyBody, toolBody } from './admin-schemas.js';
import type { GatewayServices } from '../../services.js';
import type { OrgPolicy } from '../../core/storage-interfaces.js';
import { schemaBoundsProblem } from '../../shared/json-schema-bounds.js';
import { schemaCompileProblem } from '../../verification/schema-validator.js';

/**
 * The governance part of the admin API: an org's limits (and this month's spend), its switches (tool
 * enforcement, PII redaction by default, prompts in the audit trail), its tool registry, and the audit
 * trail. Tenancy as everywhere in the admin API: an org admin acts on its own org only.
 */
export function registerGovernanceRoutes(app: FastifyInstance, services: GatewayServices): void {
  const admin = { config: { admin: true } };
  const principalOf = (request: FastifyRequest): Principal => request.principal!;
  const policyOf = async (orgId: string): Promise<OrgPolicy> => (await services.store.governance.getPolicy(orgId)) ?? defaultPolicy(orgId);
  const orgIdOf = async (request: FastifyRequest): Promise<string> => {
    const { id } = request.params as { id: string };
    requireOrgAccess(principalOf(request), id, 'id');
    if (!(await services.store.tenants.getOrg(id))) throw new GatewayError('resource_not_found', `Org ${id} does not exist`, { param: 'id' });
    return id;
  };

  app.get('/v1/admin/orgs/:id/limits', admin, async (request) => {
    const orgId = await orgIdOf(request);
    const policy = await policyOf(orgId);
    const month = new Date().toISOString().slice(0, 7);
    await services.ledger.flushForRead();
    const usage = await services.store.usage.summarizeUsage({ org_id: orgId, from: `${month}-01T00:00:00.000Z`, cache_hit: false });
    return {
      org_id: orgId,
      rpm: policy.rpm,
      tpm: policy.tpm,
      monthly_token_quota: policy.monthly_token_quota,
      monthly_budget_usd: policy.monthly_budget_usd,
      this_month: { month, requests: usage.requests, tokens: usage.total_tokens, spend_usd: usage.cost_usd },
    };
  });

  app.put('/v1/admin/orgs/:id/limits', admin, async (request) => {
    const orgId = await orgIdOf(request);
    // The platform's limits are the platform's: an org admin could otherwise lift its own budget.
    requirePlatformAdmin(principalOf(request), "set an org's limits, quotas and budget", 'forbidden');
    const body = parseBody(orgLimitsBody, request.body);
    const current = await policyOf(orgId);
    // null clears a limit; an absent field keeps it.
    const saved = await services.policies.putPolicy({
      ...current,
      rpm: body.rpm === undefined ? current.rpm : body.rpm,
      tpm: body.tpm === undefined ? current.tpm : body.tpm,
      monthly_token_quota: body.monthly_token_quota === undefined ? current.monthly_token_quota : body.monthly_token_quota,
      monthly_budget_usd: body.monthly_budget_usd === undefined ? current.monthly_budget_usd : body.monthly_budget_usd,
      updated_at: new Date().toISOString(),
    });
    return { org_id: orgId, rpm: saved.rpm, tpm: saved.tpm, monthly_token_quota: saved.monthly_token_quota, monthly_budget_usd: saved.monthly_budget_usd };
  });

  app.get('/v1/admin/orgs/:id/policy', admin, async (request) => switchesOf(await policyOf(await orgIdOf(request))));

  app.put('/v1/admin/orgs/:id/policy', admin, async (request) => {
    const orgId = await orgIdOf(request);
    const body = parseBody(orgPolicyBody, request.body);
    const current = await policyOf(orgId);
    const saved = await services.policies.putPolicy({
      ...current,
      enforce_tools: body.enforce_tools ?? current.enforce_tools,
      redact_pii: body.redact_pii ?? current.redact_pii,
      audit_prompts: body.audit_prompts ?? current.audit_prompts,
      updated_at: new Date().toISOString(),
    });
    return switchesOf(saved);
  });

  // The caches of an org: hits, and the semantic cache's switch and measured precision (shadow decisions).
  app.get('/v1/admin/orgs/:id/cache', admin, async (request) => {
    const orgId = await orgIdOf(request);
    return services.semanticMonitor.report(orgId, await policyOf(orgId));
  });

  app.put('/v1/admin/orgs/:id/cache', admin, async (request) => {
    const orgId = await orgIdOf(request);
    const body = parseBody(orgCacheBody, request.body);
    const current = await policyOf(orgId);
    await services.policies.putPolicy({ ...current, semantic_cache: body.semantic_cache, semantic_cache_note: null, updated_at: new Date().toISOString() });
    // A new switch starts a new measurement (else an org switched back on after an automatic stop would stop again at once).
    await services.semanticMonitor.resetMeasurement(orgId);
    return services.semanticMonitor.report(orgId, await policyOf(orgId));
  });

  app.get('/v1/admin/orgs/:id/tools', admin, async (request) => ({ object: 'list', data: await services.store.governance.listTools(await orgIdOf(request)) }));

  app.put('/v1/admin/orgs/:id/tools/:name', admin, async (request) => {
    const orgId = await orgIdOf(request);
    const { name } = request.params as { name: string };
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) throw new GatewayError('validation_error', `tool name must be 1 to 64 letters, digits, "_", "." or "-" (got ${JSON.stringify(name)})`, { param: 'name' });
    const body = parseBody(toolBody, request.body ?? {});
    const policy = body.policy ?? 'allow';
    const schema = body.schema ?? undefined;
    if (schema) {
      const problem = schemaBoundsProblem(schema);
      if (problem) throw new GatewayError('validation_error', `schema ${problem}`, { param: 'schema' });
      // Compiled by the validator that will enforce it: a schema is accepted only if it can be.
      const invalid = schemaCompileProblem(schema);
      if (invalid) throw new GatewayError('validation_error', `schema is not a valid JSON schema: ${invalid}`, { param: 'schema' });
    }
    const now = new Date().toISOString();
    return services.policies.putTool({ org_id: orgId, name, policy, schema: schema ?? null, created_at: now, updated_at: now });
  });

  app.delete('/v1/admin/orgs/:id/tools/:name', admin, async (request) => {
    const orgId = await orgIdOf(request);
    const { name } = request.params as { name: string };
    if (!(await services.policies.deleteTool(orgId, name))) throw new GatewayError('resource_not_found', `Org ${orgId} has no tool ${JSON.stringify(name)}`, { param: 'name' });
    return { org_id: orgId, name, deleted: true };
  });

  app.get('/v1/admin/audit/:id', admin, async (request) => {
    const principal = principalOf(request);
    const { id } = request.params as { id: string };
    await services.ledger.flushForRead();
    // Another org's record is answered as not found, as if it did not exist.
    const record = await services.store.audit.getAudit(id, isPlatformAdmin(principal) ? undefined : principal.orgId);
    if (!record) throw new GatewayError('resource_not_found', `No audit record ${JSON.stringify(id)}`, { param: 'id' });
    return record;
  });

  app.get('/v1/admin/audit', admin, async (request) => {
    const query = parseBody(auditQuery, request.query);
    const orgId = orgFilter(principalOf(request), query.org_id ?? undefined, 'org_id');
    await services.ledger.flushForRead();
    const data = await services.store.audit.listAudit({
      org_id: orgId,
      from: query.from ?? undefined,
      to: query.to ?? undefined,
      status: query.status ?? undefined,
      min_status: query.min_status ?? undefined,
      endpoint: query.endpoint ?? undefined,
      limit: query.limit ?? 100,
    });
    return { object: 'list', data };
  });
}

function switchesOf(policy: OrgPolicy) {
  return { org_id: policy.org_id, enforce_tools: policy.enforce_tools, redact_pii: policy.redact_pii, audit_prompts: policy.audit_prompts };
}

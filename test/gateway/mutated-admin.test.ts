import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { seededMutations } from '../support/random-mutations.js';
import { answerFault } from '../support/answer-faults.js';
import { gatewayForSuite } from '../support/test-gateway.js';
import { createKey, createOrg } from './gateway-test-helpers.js';

/**
 * The admin API under careless and hostile callers: valid bodies and queries of every admin route, mutated at random
 * (members dropped, added, or replaced by hostile values), sent with the master key and with an org admin's key. Each
 * answer must be a success or a 4xx in the spec's envelope, never a 5xx; and an org admin's request about another org
 * never succeeds, whatever the body says (its key is confined to its own org). Seeded: a failure names the seed and
 * the request, and replays (SVC_FUZZ_SEEDS=4-200 searches deeper by hand).
 */
describe('admin requests mutated at random get a success or a 4xx, and an org admin never reaches another org', () => {
  const harness = gatewayForSuite();
  let ownOrg = '';
  let otherOrg = '';
  let orgAdmin = '';

  before(async () => {
    ownOrg = await createOrg(harness, 'fuzz-own');
    otherOrg = await createOrg(harness, 'fuzz-other');
    orgAdmin = (await createKey(harness, { org_id: ownOrg, scopes: ['admin'] })).key;
  });

  type AdminRequest = { method: string; path: (org: string) => string; body?: Record<string, unknown>; query?: Record<string, unknown> };
  const requests: AdminRequest[] = [
    { method: 'POST', path: () => '/v1/admin/orgs', body: { name: 'fuzz-new' } },
    { method: 'POST', path: () => '/v1/admin/keys', body: { org_id: '$org', name: 'k', scopes: ['chat'], expires_at: '2030-01-01T00:00:00Z', rpm: 10, tpm: 1000, monthly_token_quota: 5000, monthly_budget_usd: 1 } },
    { method: 'GET', path: () => '/v1/admin/keys', query: { org_id: '$org' } },
    { method: 'PUT', path: (org) => `/v1/admin/orgs/${org}/provider-keys/openai`, body: { api_key: 'sk-fuzz-key', base_url: 'https://api.openai.com/v1' } },
    { method: 'GET', path: (org) => `/v1/admin/orgs/${org}/provider-keys` },
    { method: 'GET', path: () => '/v1/admin/usage', query: { org_id: '$org', from: '2026-01-01', to: '2027-01-01' } },
    { method: 'GET', path: () => '/v1/admin/usage/breakdown', query: { org_id: '$org', by: 'day,model' } },
    { method: 'PUT', path: (org) => `/v1/admin/orgs/${org}/limits`, body: { rpm: 100, tpm: 10_000, monthly_token_quota: 1_000_000, monthly_budget_usd: 10 } },
    { method: 'PUT', path: (org) => `/v1/admin/orgs/${org}/policy`, body: { enforce_tools: true, redact_pii: false, audit_prompts: true } },
    { method: 'PUT', path: (org) => `/v1/admin/orgs/${org}/cache`, body: { semantic_cache: 'shadow' } },
    { method: 'PUT', path: (org) => `/v1/admin/orgs/${org}/tools/lookup`, body: { policy: 'allow', schema: { type: 'object', properties: { q: { type: 'string' } } } } },
    { method: 'GET', path: () => '/v1/admin/audit', query: { org_id: '$org', status: 200, limit: 5 } },
    { method: 'GET', path: (org) => `/v1/admin/orgs/${org}/memory/conversation-1` },
    { method: 'DELETE', path: (org) => `/v1/admin/orgs/${org}/memory/conversation-1` },
  ];
  const fieldNames = ['org_id', 'name', 'scopes', 'expires_at', 'rpm', 'tpm', 'monthly_token_quota', 'monthly_budget_usd', 'api_key', 'base_url', 'policy', 'schema', 'semantic_cache', 'by', 'from', 'to', 'status', 'limit', '__proto__', 'x'];

  /** Puts the org in place of '$org' wherever a body or query names it. */
  const withOrg = (value: unknown, org: string): unknown => JSON.parse(JSON.stringify(value ?? null).replaceAll('"$org"', JSON.stringify(org)));

  const [first, last] = (process.env.SVC_FUZZ_SEEDS ?? '1-3').split('-').map(Number);
  for (let seed = first; seed <= (last ?? first); seed++) {
    test(`seed ${seed}: 80 mutated admin requests, as the platform and as an org admin`, async () => {
      const { next, pick, mutate } = seededMutations(seed);
      const faults: string[] = [];
      const statuses = new Map<number, number>();
      for (let sent = 0; sent < 80; sent++) {
        const request = pick(requests);
        const asOrgAdmin = next() < 0.5;
        const target = next() < 0.5 ? ownOrg : otherOrg;
        let body: unknown = request.body === undefined ? undefined : withOrg(request.body, target);
        let query: unknown = request.query === undefined ? undefined : withOrg(request.query, target);
        const rounds = 1 + Math.floor(next() * 2);
        for (let round = 0; round < rounds; round++) {
          if (body !== undefined) body = mutate(body, fieldNames);
          if (query !== undefined) query = mutate(query, fieldNames);
        }
        // A query's values travel as text: what the mutation put there is sent as String() would print it.
        const search = query !== null && typeof query === 'object' ? new URLSearchParams(Object.entries(query).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value) ?? ''])).toString() : '';
        const path = `${request.path(target)}${search ? `?${search}` : ''}`;
        const response = await harness.request(path, { method: request.method, body: request.method === 'GET' || request.method === 'DELETE' ? undefined : (body ?? {}), key: asOrgAdmin ? orgAdmin : undefined });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const described = `${request.method} ${path} as ${asOrgAdmin ? 'org admin' : 'master'} ${JSON.stringify(body ?? null).slice(0, 200)}`;
        const fault = answerFault(response.status, await response.text());
        if (fault) faults.push(`${described}\n  → ${fault}`);
        // Confinement: whatever the body or query says, an org admin's request aimed at another org never succeeds.
        const aimedElsewhere = target === otherOrg && (request.path(target).includes(otherOrg) || JSON.stringify([body, query]).includes(otherOrg));
        if (asOrgAdmin && aimedElsewhere && response.status < 300) faults.push(`${described}\n  → an org admin reached another org: HTTP ${response.status}`);
      }
      assert.deepEqual(faults, [], `seed ${seed}: ${faults.length} faults`);
      assert.ok([...statuses.keys()].some((status) => status < 300) && [...statuses.keys()].some((status) => status >= 400), JSON.stringify([...statuses]));
      const after = await harness.request('/v1/admin/orgs');
      assert.equal(after.status, 200);
      await after.arrayBuffer();
    });
  }
});

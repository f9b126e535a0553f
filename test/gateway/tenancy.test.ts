import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { chatBody, createKey, createOrg, expectError, postChat } from './gateway-test-helpers.js';

/**
 * CONTRACT.md tenancy: an `admin` key acts only inside its own org; the master key and `platform_admin`
 * keys (granted only by the master key) act on every org and alone create orgs. Another org named →
 * 403 authorization_error / tenant_violation; another org's key id → 404 as if it did not exist.
 */
describe('admin tenancy', () => {
  let harness: TestGateway;
  let orgA: string;
  let orgB: string;
  let adminA: string;
  let keyB: { id: string; key: string };

  before(async () => {
    harness = await startTestGateway();
    orgA = await createOrg(harness, 'Tenant A');
    orgB = await createOrg(harness, 'Tenant B');
    adminA = (await createKey(harness, { org_id: orgA, scopes: ['admin'] })).key;
    keyB = await createKey(harness, { org_id: orgB });
  });
  after(() => harness.close());

  const asAdminA = (path: string, init: { method?: string; body?: unknown } = {}) => harness.request(path, { ...init, key: adminA });
  const tenantViolation = { status: 403, type: 'authorization_error', code: 'tenant_violation' } as const;

  test("an org admin cannot read another org's usage, and reads its own by default", async () => {
    await expectError(await asAdminA(`/v1/admin/usage?org_id=${orgB}`), { ...tenantViolation, param: 'org_id' });
    const own = await asAdminA('/v1/admin/usage');
    assert.equal(own.status, 200);
    assert.equal((await own.json()).org_id, orgA);
  });

  test('an org admin cannot mint keys in another org, admin keys included', async () => {
    await expectError(await asAdminA('/v1/admin/keys', { body: { org_id: orgB } }), { ...tenantViolation, param: 'org_id' });
    await expectError(await asAdminA('/v1/admin/keys', { body: { org_id: orgB, scopes: ['admin'] } }), { ...tenantViolation, param: 'org_id' });
    const own = await asAdminA('/v1/admin/keys', { body: { org_id: orgA, scopes: ['admin'] } });
    assert.equal(own.status, 201, 'its own org is fine');
  });

  test("an org admin cannot set another org's BYOK key or base URL (it would route that org's traffic)", async () => {
    const body = { api_key: 'sk-attacker', base_url: 'https://attacker.example/v1' };
    await expectError(await asAdminA(`/v1/admin/orgs/${orgB}/provider-keys/openai`, { method: 'PUT', body }), { ...tenantViolation, param: 'id' });
    await expectError(await asAdminA(`/v1/admin/orgs/${orgB}/provider-keys/openai`, { method: 'DELETE' }), { ...tenantViolation, param: 'id' });
    harness.mock.reset();
    assert.equal((await postChat(harness, chatBody(), { key: keyB.key })).status, 200);
    assert.equal(harness.mock.requests[0].apiKey, 'sk-openai-test', "org B still uses the platform key, not the attacker's");
  });

  test("revoking another org's key is 404, as if it did not exist, and the key keeps working", async () => {
    await expectError(await asAdminA(`/v1/admin/keys/${keyB.id}`, { method: 'DELETE' }), { status: 404, type: 'not_found_error', code: 'resource_not_found' });
    assert.equal((await postChat(harness, chatBody(), { key: keyB.key })).status, 200);
  });

  test("an org admin lists only its own org's keys and its own org", async () => {
    await expectError(await asAdminA(`/v1/admin/keys?org_id=${orgB}`), { ...tenantViolation, param: 'org_id' });
    const keys = (await (await asAdminA('/v1/admin/keys')).json()).data as Array<{ org_id: string }>;
    assert.ok(keys.length >= 2);
    assert.ok(keys.every((key) => key.org_id === orgA), 'no key of another org');
    const orgs = (await (await asAdminA('/v1/admin/orgs')).json()).data as Array<{ id: string }>;
    assert.deepEqual(orgs.map((org) => org.id), [orgA]);
  });

  test('only the master key or a platform admin creates orgs', async () => {
    await expectError(await asAdminA('/v1/admin/orgs', { body: { name: 'Sneaky' } }), tenantViolation);
  });

  test('platform_admin is granted only by the master key, and acts on every org', async () => {
    await expectError(await asAdminA('/v1/admin/keys', { body: { org_id: orgA, scopes: ['platform_admin'] } }), { ...tenantViolation, param: 'scopes' });
    const platform = (await createKey(harness, { org_id: orgA, scopes: ['platform_admin'] })).key;
    const asPlatform = (path: string, init: { method?: string; body?: unknown } = {}) => harness.request(path, { ...init, key: platform });
    assert.equal((await asPlatform(`/v1/admin/usage?org_id=${orgB}`)).status, 200);
    assert.equal((await asPlatform('/v1/admin/orgs', { body: { name: 'Made by platform' } })).status, 201);
    await expectError(await asPlatform('/v1/admin/keys', { body: { org_id: orgB, scopes: ['platform_admin'] } }), { ...tenantViolation, param: 'scopes' });
    const all = (await (await asPlatform('/v1/admin/usage')).json()) as { org_id: string | null };
    assert.equal(all.org_id, null, 'a platform admin without org_id sees every org');
  });
});

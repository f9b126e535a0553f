import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { storageVariants } from '../support/storage-variants.js';
import { chatBody, createKey, createOrg, expectError, postChat, writeConfigFile } from './gateway-test-helpers.js';

/**
 * What an org admin may do inside its own org, and what only the platform (master key, platform_admin)
 * may do — the table of the README's security section, row by row — and where an org admin's BYOK
 * base_url may point (public https only; checked when saved and again on every connection).
 */
const forbidden = { status: 403, type: 'authorization_error', code: 'forbidden' } as const;

for (const variant of storageVariants()) {
  describe(`admin privileges (${variant.name})`, { skip: variant.skip }, () => {
    let harness: TestGateway;
    let orgId: string;
    let admin: string;
    let caller: string;
    const asAdmin = (path: string, init: { method?: string; body?: unknown } = {}) => harness.request(path, { ...init, key: admin });

    before(async () => {
      const env = await variant.prepare();
      if (variant.name === 'postgres' && process.env.SVC_TEST_REDIS_URL) env.SVC_REDIS_URL = process.env.SVC_TEST_REDIS_URL;
      harness = await startTestGateway({ env });
      orgId = await createOrg(harness, `privileges-${variant.name}`);
      admin = (await createKey(harness, { org_id: orgId, scopes: ['admin'] })).key;
      caller = (await createKey(harness, { org_id: orgId })).key;
      // The platform caps the org.
      assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/limits`, { method: 'PUT', body: { rpm: 100, tpm: 50_000, monthly_budget_usd: 5 } })).status, 200);
    });
    after(async () => {
      await harness?.close();
      await variant.cleanup();
    });

    test('org limits, quotas and budget: the org admin reads them, only the platform sets, raises or clears them', async () => {
      for (const body of [{ rpm: 1_000_000 }, { monthly_budget_usd: null }, { tpm: 10 }]) {
        await expectError(await asAdmin(`/v1/admin/orgs/${orgId}/limits`, { method: 'PUT', body }), forbidden);
      }
      const limits = await (await asAdmin(`/v1/admin/orgs/${orgId}/limits`)).json();
      assert.deepEqual([limits.rpm, limits.tpm, limits.monthly_budget_usd], [100, 50_000, 5], 'unchanged by the refused writes');
      const platform = await harness.request(`/v1/admin/orgs/${orgId}/limits`, { method: 'PUT', body: { rpm: 120 } });
      assert.equal(platform.status, 200);
      assert.equal((await platform.json()).rpm, 120);
    });

    test("keys: the org admin sets limits on its own keys only within the org's", async () => {
      await expectError(await asAdmin('/v1/admin/keys', { body: { org_id: orgId, rpm: 10_000 } }), { ...forbidden, param: 'rpm' });
      await expectError(await asAdmin('/v1/admin/keys', { body: { org_id: orgId, monthly_budget_usd: 5.01 } }), { ...forbidden, param: 'monthly_budget_usd' });
      const within = await asAdmin('/v1/admin/keys', { body: { org_id: orgId, rpm: 50, monthly_budget_usd: 1, monthly_token_quota: 1_000_000_000 } });
      assert.equal(within.status, 201, 'within the org limits, and a quota the org does not cap');
      const platformKey = await harness.request('/v1/admin/keys', { body: { org_id: orgId, rpm: 10_000 } });
      assert.equal(platformKey.status, 201, 'the platform may give a key more (the org limit still applies)');
    });

    test("the org's own switches, tools and settings are the org admin's", async () => {
      assert.equal((await asAdmin(`/v1/admin/orgs/${orgId}/policy`, { method: 'PUT', body: { enforce_tools: false, redact_pii: false } })).status, 200);
      assert.equal((await asAdmin(`/v1/admin/orgs/${orgId}/tools/lookup`, { method: 'PUT', body: { policy: 'allow' } })).status, 200);
      assert.equal((await asAdmin('/v1/settings', { method: 'PUT', body: { default_intelligence_mode: 'proxy' } })).status, 200);
      assert.equal((await asAdmin('/v1/settings', { method: 'PUT', body: { default_intelligence_mode: null } })).status, 200);
    });

    test('an org admin may point BYOK only at public https addresses; the key must be one printable line', async () => {
      const put = (body: Record<string, unknown>) => asAdmin(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'PUT', body });
      const refusedAddresses = [
        ['http://8.8.8.8/v1', 'https'],
        ['https://127.0.0.1:8443/v1', 'loopback'],
        ['https://localhost/v1', 'loopback'],
        ['https://169.254.169.254/latest', 'link-local'],
        ['https://10.1.2.3/v1', 'private'],
        ['https://192.168.0.10/v1', 'private'],
        ['https://[::1]/v1', 'loopback'],
        ['https://[::ffff:127.0.0.1]/v1', 'loopback'],
        ['https://[fd00::1]/v1', 'private'],
        ['https://0.0.0.0/v1', 'reserved'],
      ];
      for (const [base_url, why] of refusedAddresses) {
        await expectError(await put({ api_key: 'sk-org', base_url }), { ...forbidden, param: 'base_url', message: why });
      }
      await expectError(await put({ api_key: 'sk-org', base_url: 'http://' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'base_url' });
      await expectError(await put({ api_key: 'sk-org', base_url: 'https://user:pw@8.8.8.8/v1' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'base_url' });
      await expectError(await put({ api_key: 'sk-org\nX-Injected: 1' }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'api_key' });
      assert.equal((await put({ api_key: 'sk-org', base_url: 'https://8.8.8.8/v1' })).status, 200, 'a public https address is fine');
      assert.equal((await asAdmin(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'DELETE' })).status, 200);
      // The platform may point an org anywhere (a self-hosted model inside the network).
      assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'PUT', body: { api_key: 'sk-org', base_url: 'http://10.1.2.3/v1' } })).status, 200);
      assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'DELETE' })).status, 200);
    });

    test('checked again when connecting: a saved base URL that now resolves inside the network is refused, and nothing is sent', async () => {
      // As if saved while its host still resolved to a public address: the record says an org admin set it.
      const port = new URL(harness.mock.url).port;
      for (const baseUrl of [`${harness.mock.url}/v1`, `https://localhost:${port}/v1`]) {
        await harness.gateway.services.vault.put(orgId, 'openai', 'sk-org-ssrf-probe', baseUrl, 'org');
        const before = harness.mock.requests.length;
        await expectError(await postChat(harness, chatBody({ model: 'openai/gpt-4o-mini' }), { key: caller }), { status: 502, type: 'upstream_error', code: 'provider_error', message: ['loopback', 'only public addresses'] });
        assert.equal(harness.mock.requests.slice(before).filter((request) => request.apiKey === 'sk-org-ssrf-probe').length, 0, 'the mock never saw the org key');
      }
      await harness.gateway.services.vault.delete(orgId, 'openai');
    });
  });
}

describe('the platform allow-list (security.byok_allowed_hosts)', () => {
  let harness: TestGateway;

  before(async () => {
    harness = await startTestGateway({ env: { SVC_CONFIG: await writeConfigFile('security: { byok_allowed_hosts: [127.0.0.1] }\n') } });
  });
  after(() => harness.close());

  test("lets an org admin's BYOK reach an internal host the platform named, over plain http", async () => {
    const orgId = await createOrg(harness, 'allow-listed');
    const admin = (await createKey(harness, { org_id: orgId, scopes: ['admin'] })).key;
    const caller = (await createKey(harness, { org_id: orgId })).key;
    const put = await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'PUT', key: admin, body: { api_key: 'sk-org-allowed', base_url: `${harness.mock.url}/v1` } });
    assert.equal(put.status, 200, await put.clone().text());
    const answer = await postChat(harness, chatBody({ model: 'openai/gpt-4o-mini' }), { key: caller });
    assert.equal(answer.status, 200, await answer.clone().text());
    assert.equal(harness.mock.requests.at(-1)?.apiKey, 'sk-org-allowed');
    await expectError(
      await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'PUT', key: admin, body: { api_key: 'sk-org', base_url: 'https://10.0.0.1/v1' } }),
      { ...forbidden, param: 'base_url' },
    );
  });

  test('an entry that is not a host, an IP or a range stops the start with the key named', async () => {
    await assert.rejects(startTestGateway({ env: { SVC_CONFIG: await writeConfigFile('security: { byok_allowed_hosts: ["http://x y"] }\n') } }), /security\.byok_allowed_hosts/);
  });
});

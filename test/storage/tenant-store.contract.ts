import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { NewApiKey } from '../../src/core/storage-interfaces.js';
import { withStore, type MakeRecordStore } from './store-harness.js';

function apiKey(overrides: Partial<NewApiKey> = {}): NewApiKey {
  return {
    id: 'key_1',
    org_id: 'org_a',
    name: 'ci',
    prefix: 'svc_ab12cd34',
    key_hash: 'a'.repeat(64),
    scopes: ['chat', 'admin'],
    expires_at: null,
    rpm: 60,
    tpm: 100_000,
    monthly_token_quota: 5_000_000_000,
    monthly_budget_usd: 12.5,
    ...overrides,
  };
}

export function describeTenantStoreContract(name: string, makeStore: MakeRecordStore, options: { skip?: string } = {}): void {
  describe(`TenantStore contract: ${name}`, { skip: options.skip }, () => {
    test('orgs: create, get, list', () =>
      withStore(makeStore, async ({ tenants: store }) => {
        const created = await store.createOrg({ id: 'org_b', name: 'Beta', created_at: '2024-01-02T00:00:00.000Z' });
        assert.deepEqual(created, { id: 'org_b', name: 'Beta', created_at: '2024-01-02T00:00:00.000Z' });
        await store.createOrg({ id: 'org_a', name: 'Alpha', created_at: '2024-01-01T00:00:00.000Z' });
        assert.deepEqual(await store.getOrg('org_b'), created);
        assert.equal(await store.getOrg('missing'), undefined);
        assert.deepEqual(
          (await store.listOrgs()).map((org) => org.id),
          ['org_a', 'org_b'],
        );
        await assert.rejects(store.createOrg({ id: 'org_b', name: 'again', created_at: '2024-01-03T00:00:00.000Z' }));
      }));

    test('api keys: create, get, find by hash, list by org, numeric and array fields round-trip', () =>
      withStore(makeStore, async ({ tenants: store }) => {
        const created = await store.createApiKey(apiKey());
        assert.equal(created.revoked_at, null);
        assert.ok(!Number.isNaN(Date.parse(created.created_at)));
        await store.createApiKey(apiKey({ id: 'key_2', key_hash: 'b'.repeat(64), scopes: [], name: null, rpm: null, tpm: null, monthly_token_quota: null, monthly_budget_usd: null }));
        await store.createApiKey(apiKey({ id: 'key_3', org_id: 'org_other', key_hash: 'c'.repeat(64), expires_at: '2030-01-01T00:00:00.000Z' }));

        const found = await store.findApiKeyByHash('a'.repeat(64));
        assert.deepEqual(found, created);
        assert.deepEqual(found?.scopes, ['chat', 'admin']);
        assert.equal(found?.expires_at, null);
        assert.equal(found?.monthly_token_quota, 5_000_000_000);
        assert.equal(found?.monthly_budget_usd, 12.5);
        assert.equal(found?.rpm, 60);
        assert.equal(await store.findApiKeyByHash('f'.repeat(64)), undefined);

        const second = await store.getApiKey('key_2');
        assert.deepEqual(second?.scopes, []);
        assert.equal(second?.name, null);
        assert.equal(second?.monthly_token_quota, null);
        assert.equal(second?.monthly_budget_usd, null);
        assert.equal((await store.getApiKey('key_3'))?.expires_at, '2030-01-01T00:00:00.000Z');
        assert.equal(await store.getApiKey('missing'), undefined);

        assert.deepEqual((await store.listApiKeys('org_a')).map((key) => key.id).sort(), ['key_1', 'key_2']);
        assert.deepEqual((await store.listApiKeys('org_other')).map((key) => key.id), ['key_3']);
        assert.equal((await store.listApiKeys()).length, 3);
        assert.deepEqual(await store.listApiKeys('nobody'), []);
        await assert.rejects(store.createApiKey(apiKey({ id: 'key_4' })), 'a second key with the same hash is refused');
      }));

    test('api keys: revoke sets revoked_at once; unknown key is false', () =>
      withStore(makeStore, async ({ tenants: store }) => {
        await store.createApiKey(apiKey());
        assert.equal(await store.revokeApiKey('key_1', '2024-06-01T00:00:00.000Z'), true);
        assert.equal((await store.getApiKey('key_1'))?.revoked_at, '2024-06-01T00:00:00.000Z');
        assert.equal((await store.findApiKeyByHash('a'.repeat(64)))?.revoked_at, '2024-06-01T00:00:00.000Z');
        assert.equal(await store.revokeApiKey('key_1', '2024-07-01T00:00:00.000Z'), true);
        assert.equal((await store.getApiKey('key_1'))?.revoked_at, '2024-06-01T00:00:00.000Z');
        assert.equal(await store.revokeApiKey('missing', '2024-06-01T00:00:00.000Z'), false);
      }));
  });
}

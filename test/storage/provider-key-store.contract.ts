import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withStore, type MakeRecordStore } from './store-harness.js';

export function describeProviderKeyStoreContract(name: string, makeStore: MakeRecordStore, options: { skip?: string } = {}): void {
  describe(`ProviderKeyStore contract: ${name}`, { skip: options.skip }, () => {
    test('provider keys: put (upsert), get, list, delete', () =>
      withStore(makeStore, async ({ providerKeys: store }) => {
        const openai = {
          org_id: 'org_a',
          provider: 'openai',
          encrypted_key: 'cipher-1',
          key_id: 'k1',
          base_url: null as string | null,
          base_url_trust: null as 'platform' | 'org' | null,
          created_at: '2024-01-01T00:00:00.000Z',
          updated_at: '2024-01-01T00:00:00.000Z',
        };
        await store.putProviderKey(openai);
        assert.deepEqual(await store.getProviderKey('org_a', 'openai'), openai);
        await store.putProviderKey({ ...openai, encrypted_key: 'cipher-2', key_id: 'k2', base_url: 'https://proxy.example/v1', base_url_trust: 'org', created_at: '2024-03-01T00:00:00.000Z', updated_at: '2024-03-01T00:00:00.000Z' });
        assert.deepEqual(await store.getProviderKey('org_a', 'openai'), {
          ...openai,
          encrypted_key: 'cipher-2',
          key_id: 'k2',
          base_url: 'https://proxy.example/v1',
          base_url_trust: 'org',
          updated_at: '2024-03-01T00:00:00.000Z',
        });
        await store.putProviderKey({ ...openai, provider: 'anthropic' });
        await store.putProviderKey({ ...openai, org_id: 'org_b' });
        assert.deepEqual((await store.listProviderKeys('org_a')).map((key) => key.provider), ['anthropic', 'openai']);
        assert.equal(await store.getProviderKey('org_a', 'mistral'), undefined);

        assert.equal(await store.deleteProviderKey('org_a', 'openai'), true);
        assert.equal(await store.deleteProviderKey('org_a', 'openai'), false);
        assert.equal(await store.getProviderKey('org_a', 'openai'), undefined);
        assert.equal((await store.getProviderKey('org_b', 'openai'))?.encrypted_key, 'cipher-1');
        assert.deepEqual((await store.listProviderKeys('org_a')).map((key) => key.provider), ['anthropic']);
        assert.deepEqual((await store.listAllProviderKeys()).map((key) => `${key.org_id}/${key.provider}`), ['org_a/anthropic', 'org_b/openai']);
      }));
  });
}

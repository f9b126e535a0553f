import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyRecord, TenantStore } from '../core/storage-interfaces.js';
import { Authenticator } from './authenticator.js';

const realKey = 'svc_real_key_0123456789abcdef';

/** A tenant store holding one key, counting how often it is asked. */
function countingStore() {
  const hash = createHash('sha256').update(realKey).digest('hex');
  const record = { id: 'key_1', org_id: 'org_1', prefix: 'svc_real', key_hash: hash, scopes: ['api'], revoked_at: null, expires_at: null, rpm: null, tpm: null, monthly_token_quota: null, monthly_budget_usd: null } as unknown as ApiKeyRecord;
  const store = { lookups: 0 } as { lookups: number } & Pick<TenantStore, 'findApiKeyByHash'>;
  store.findApiKeyByHash = async (keyHash: string) => {
    store.lookups++;
    return keyHash === hash ? record : undefined;
  };
  return store;
}

test('a spray of unknown tokens does not evict the real keys from the cache (misses are cached apart, bounded)', async () => {
  const store = countingStore();
  const authenticator = new Authenticator(store as unknown as TenantStore, undefined, 60_000, 100);
  assert.equal((await authenticator.authenticate(`Bearer ${realKey}`)).orgId, 'org_1');
  assert.equal(store.lookups, 1);
  for (let attempt = 0; attempt < 2000; attempt++) {
    await assert.rejects(async () => authenticator.authenticate(`Bearer svc_${randomBytes(12).toString('hex')}`), { code: 'invalid_api_key' });
  }
  const before = store.lookups;
  assert.equal((await authenticator.authenticate(`Bearer ${realKey}`)).orgId, 'org_1');
  assert.equal(store.lookups, before, 'the real key was still cached');
});

test('a repeated unknown token is answered from the miss cache', async () => {
  const store = countingStore();
  const authenticator = new Authenticator(store as unknown as TenantStore, undefined, 60_000, 100);
  for (let attempt = 0; attempt < 3; attempt++) await assert.rejects(async () => authenticator.authenticate('Bearer svc_not_a_key'), { code: 'invalid_api_key' });
  assert.equal(store.lookups, 1);
});

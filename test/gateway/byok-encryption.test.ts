import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { rotateEncryption } from '../../src/cli/rotate-encryption.js';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server.js';
import { storageVariants } from '../support/storage-variants.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { chatBody, createKey, createOrg, expectError, postChat } from './gateway-test-helpers.js';

/**
 * BYOK keys at rest: sealed with an encryption key of their own (never the master key), bound to their
 * org and provider, rotatable, and a key that cannot be opened is a clear answer, not a 500.
 */
for (const variant of storageVariants()) {
  describe(`BYOK keys at rest (${variant.name})`, { skip: variant.skip }, () => {
    let mock: MockUpstream;
    let harness: TestGateway;
    let storageEnv: Record<string, string>;
    let dataDir: string;
    let orgId: string;
    let caller: string;
    const ORG_KEY = 'sk-org-at-rest-5521';
    const encryptionEnv = variant.name === 'postgres' ? { SVC_ENCRYPTION_KEY: 'first-encryption-key' } : {};

    /** Another gateway on the same storage, with other secrets. */
    const restart = async (env: Record<string, string | undefined>) => startTestGateway({ mock, env: { ...storageEnv, SVC_DATA_DIR: dataDir, ...env } });
    const chatWith = (gateway: TestGateway, key: string) => postChat(gateway, chatBody({ model: 'openai/gpt-4o-mini' }), { key });

    before(async () => {
      mock = await startMockUpstream();
      storageEnv = await variant.prepare();
      harness = await startTestGateway({ mock, env: { ...storageEnv, ...encryptionEnv } });
      dataDir = harness.gateway.config.storage.dataDir;
      orgId = await createOrg(harness, `at-rest-${variant.name}`);
      caller = (await createKey(harness, { org_id: orgId })).key;
      const put = await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'PUT', body: { api_key: ORG_KEY } });
      assert.equal(put.status, 200, await put.clone().text());
    });
    after(async () => {
      await harness?.close();
      await mock?.close();
      await variant.cleanup();
    });

    test('rotating the master key loses nothing: the org key is still used', async () => {
      const other = await restart({ ...encryptionEnv, SVC_MASTER_KEY: 'a-brand-new-master-key' });
      try {
        assert.equal((await chatWith(other, caller)).status, 200);
        assert.equal(mock.requests.at(-1)?.apiKey, ORG_KEY);
      } finally {
        await other.close();
      }
    });

    test("a ciphertext copied to another org's row does not open there: a clear 502, and the key is never sent", async () => {
      const store = harness.gateway.services.store.providerKeys;
      const record = await store.getProviderKey(orgId, 'openai');
      assert.ok(record?.key_id, 'each row names its encryption key');
      const thief = await createOrg(harness, `thief-${variant.name}`);
      const thiefKey = (await createKey(harness, { org_id: thief })).key;
      await store.putProviderKey({ ...record, org_id: thief });
      const before = mock.requests.length;
      await expectError(await chatWith(harness, thiefKey), { status: 502, type: 'upstream_error', code: 'provider_error', message: ['cannot be decrypted', 'another org or provider'] });
      assert.equal(mock.requests.slice(before).filter((request) => request.apiKey === ORG_KEY).length, 0);
      await store.deleteProviderKey(thief, 'openai');
    });

    test('another encryption key: the stored key cannot be opened, and the caller is told why (not a 500)', async () => {
      const other = await restart({ SVC_ENCRYPTION_KEY: 'not-the-key-it-was-sealed-with' });
      try {
        await expectError(await chatWith(other, caller), { status: 502, type: 'upstream_error', code: 'provider_error', message: ['cannot be decrypted', 'does not hold'] });
      } finally {
        await other.close();
      }
    });

    test('rotation re-seals every key under the new encryption key; the old key is then no longer needed', async () => {
      const store = harness.gateway.services.store.providerKeys;
      const sealedBefore = await store.getProviderKey(orgId, 'openai');
      let newEnv: Record<string, string>;
      if (variant.name === 'postgres') {
        // The operator sets the new key, keeps the old one readable, and rotates.
        const result = await rotateEncryption({ ...harness.gateway.config, encryptionKey: 'second-encryption-key', previousEncryptionKeys: ['first-encryption-key'] }, store);
        assert.equal(result.unreadable.length, 0);
        newEnv = { SVC_ENCRYPTION_KEY: 'second-encryption-key' };
      } else {
        const fileBefore = await readFile(join(dataDir, 'encryption-key'), 'utf8');
        const result = await rotateEncryption(harness.gateway.config, store);
        assert.equal(result.unreadable.length, 0);
        const fileAfter = await readFile(join(dataDir, 'encryption-key'), 'utf8');
        assert.notEqual(fileAfter, fileBefore, 'a new key was generated');
        assert.equal(fileAfter.trim().split('\n').length, 1, 'and the old one dropped once every row moved');
        newEnv = {};
      }
      const sealedAfter = await store.getProviderKey(orgId, 'openai');
      assert.notEqual(sealedAfter?.key_id, sealedBefore?.key_id);
      assert.notEqual(sealedAfter?.encrypted_key, sealedBefore?.encrypted_key);
      const rotated = await restart(newEnv);
      try {
        assert.equal((await chatWith(rotated, caller)).status, 200);
        assert.equal(mock.requests.at(-1)?.apiKey, ORG_KEY);
      } finally {
        await rotated.close();
      }
    });

    if (variant.name === 'sqlite') {
      test('with local storage the encryption key is generated into the data dir, readable by its owner only', async () => {
        const info = await stat(join(dataDir, 'encryption-key'));
        assert.equal(info.mode & 0o777, 0o600);
      });
    } else {
      test('with a shared database and no SVC_ENCRYPTION_KEY, storing a BYOK key is refused with the reason', async () => {
        const keyless = await restart({ SVC_ENCRYPTION_KEY: '' });
        try {
          await expectError(await keyless.request(`/v1/admin/orgs/${orgId}/provider-keys/anthropic`, { method: 'PUT', body: { api_key: 'sk-ant-org' } }), {
            status: 400,
            type: 'invalid_request_error',
            code: 'invalid_request',
            message: 'SVC_ENCRYPTION_KEY must be set',
          });
        } finally {
          await keyless.close();
        }
      });
    }
  });
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashApiKey } from '../auth/api-key-secrets.js';
import { openRecordStore } from '../storage/open-storage.js';
import { issueStarterKey, STARTER_KEY_FILE } from './starter-key.js';

async function withStore(run: (store: Awaited<ReturnType<typeof openRecordStore>>, dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-starter-'));
  const store = await openRecordStore({ dataDir });
  try {
    await run(store, dataDir);
  } finally {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

test('a fresh install gets one key of the org default, written to the data dir', () =>
  withStore(async (store, dataDir) => {
    const path = await issueStarterKey(store.tenants, dataDir, undefined);
    assert.equal(path, join(dataDir, STARTER_KEY_FILE));
    const key = (await readFile(path!, 'utf8')).trim();
    const record = await store.tenants.findApiKeyByHash(hashApiKey(key));
    assert.equal(record?.org_id, 'default');
    assert.ok(!record?.scopes.includes('admin'), 'the starter key is no admin key');
    // A second start (or a second worker) issues nothing more.
    assert.equal(await issueStarterKey(store.tenants, dataDir, undefined), undefined);
    assert.equal((await store.tenants.listApiKeys()).length, 1);
  }));

test('no starter key with a master key, or when keys already exist', () =>
  withStore(async (store, dataDir) => {
    assert.equal(await issueStarterKey(store.tenants, dataDir, 'master'), undefined);
    await store.tenants.createOrg({ id: 'acme', name: 'Acme', created_at: new Date().toISOString() });
    await store.tenants.createApiKey({ id: 'key_1', org_id: 'acme', name: null, prefix: 'svc_x', key_hash: 'h', scopes: ['chat'], expires_at: null, rpm: null, tpm: null, monthly_token_quota: null, monthly_budget_usd: null });
    assert.equal(await issueStarterKey(store.tenants, dataDir, undefined), undefined);
  }));

test('workers starting at once issue one key between them', () =>
  withStore(async (store, dataDir) => {
    const issued = await Promise.all([1, 2, 3].map(() => issueStarterKey(store.tenants, dataDir, undefined)));
    assert.equal(issued.filter(Boolean).length, 1);
    assert.equal((await store.tenants.listApiKeys()).length, 1);
  }));

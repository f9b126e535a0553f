import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { chatBody, createKey, createOrg, postChat, waitFor, writeConfigFile } from './gateway-test-helpers.js';

/** A key revoked through one instance stops working on every instance within a second (published through Redis). */
const redisUrl = process.env.SVC_TEST_REDIS_URL;
describe('revocation across instances', { skip: redisUrl ? undefined : 'SVC_TEST_REDIS_URL not set' }, () => {
  const prefix = `svc-revoke-${randomBytes(4).toString('hex')}:`;
  let mock: MockUpstream;
  let dataDir: string;
  let configPath: string;
  let gatewayA: TestGateway;
  let gatewayB: TestGateway;

  before(async () => {
    mock = await startMockUpstream();
    dataDir = await mkdtemp(join(tmpdir(), 'svc-revoke-'));
    configPath = await writeConfigFile(`storage:\n  redis_key_prefix: "${prefix}"\n`);
    // One database and one Redis, two gateway instances.
    const env = { SVC_DATA_DIR: dataDir, SVC_REDIS_URL: redisUrl, SVC_CONFIG: configPath };
    gatewayA = await startTestGateway({ env, mock });
    gatewayB = await startTestGateway({ env, mock });
  });
  after(async () => {
    await Promise.allSettled([gatewayA?.close(), gatewayB?.close()]);
    await mock?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(dirname(configPath), { recursive: true, force: true });
    const client = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    client.disconnect();
  });

  test('a key revoked on A is refused by B within one second, though B had it cached', async () => {
    const orgId = await createOrg(gatewayA, 'revocable');
    const { id, key } = await createKey(gatewayA, { org_id: orgId });
    assert.equal((await postChat(gatewayB, chatBody(), { key })).status, 200, 'B knows (and caches) the key');
    const revokedAt = Date.now();
    assert.equal((await gatewayA.request(`/v1/admin/keys/${id}`, { method: 'DELETE' })).status, 200);
    const refused = await waitFor(async () => (await postChat(gatewayB, chatBody(), { key })).status === 401, 1000, 20);
    assert.ok(refused, 'B refuses the revoked key within 1 s');
    assert.ok(Date.now() - revokedAt < 1000);
  });
});

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server.js';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';
import { prepareSharedStorage, sharedStorageSkip, type SharedStorage } from '../support/shared-storage.js';

/**
 * Limits hold across replicas: two gateway processes on one PostgreSQL and one Redis share a key's rpm and
 * its monthly budget exactly — N replicas never allow N times the limit.
 */
const masterKey = 'svc-limits-e2e-master';

describe('limits across two gateway processes (PostgreSQL + Redis)', { skip: sharedStorageSkip }, () => {
  let storage: SharedStorage;
  let mock: MockUpstream;
  const dataDirs: string[] = [];
  const gateways: GatewayProcess[] = [];

  before(async () => {
    storage = await prepareSharedStorage('limits');
    mock = await startMockUpstream();
    for (let index = 0; index < 2; index++) {
      const dataDir = await mkdtemp(join(tmpdir(), 'svc-limits-e2e-'));
      dataDirs.push(dataDir);
      gateways.push(
        await startGatewayProcess({
          ...storage.env,
          SVC_DATA_DIR: dataDir,
          SVC_MASTER_KEY: masterKey,
          OPENAI_API_KEY: 'sk-limits-e2e',
          OPENAI_BASE_URL: `${mock.url}/v1`,
        }),
      );
    }
  });

  after(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await mock?.close();
    await storage?.cleanup();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  async function admin(path: string, body: unknown): Promise<any> {
    const response = await fetch(`${gateways[0].url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${masterKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.ok(response.ok, `${path}: ${response.status} ${await response.clone().text()}`);
    return response.json();
  }

  /** `count` requests at once, alternating between the two processes. */
  async function burst(key: string, count: number, body: Record<string, unknown>): Promise<number[]> {
    const responses = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        fetch(`${gateways[index % 2].url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body }),
        }),
      ),
    );
    await Promise.all(responses.map((response) => response.arrayBuffer()));
    return responses.map((response) => response.status);
  }

  test('rpm 5 over both processes: exactly 5 of 8 concurrent requests pass', async () => {
    const org = await admin('/v1/admin/orgs', { name: 'rpm' });
    const { key } = await admin('/v1/admin/keys', { org_id: org.id, rpm: 5 });
    const statuses = await burst(key, 8, {});
    assert.equal(statuses.filter((status) => status === 200).length, 5, JSON.stringify(statuses));
    assert.equal(statuses.filter((status) => status === 429).length, 3);
  });

  test('a budget that fits 3 worst cases: exactly 3 of 8 concurrent requests pass, whichever process they reach', async () => {
    const org = await admin('/v1/admin/orgs', { name: 'budget' });
    // Worst case: about (prompt × 0.15 + 1000 × 0.60) / 1e6 ≈ 0.0006015 USD: three fit in 0.0019, four do not.
    const { key } = await admin('/v1/admin/keys', { org_id: org.id, monthly_budget_usd: 0.0019 });
    mock.enqueueFault({ delayMs: 400, times: 3 });
    const statuses = await burst(key, 8, { max_tokens: 1000 });
    assert.equal(statuses.filter((status) => status === 200).length, 3, JSON.stringify(statuses));
    assert.equal(statuses.filter((status) => status === 402).length, 5);
  });
});

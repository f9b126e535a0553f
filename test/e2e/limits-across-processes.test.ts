import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server.js';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';
import { writeConfigFile } from '../support/helpers.js';

/**
 * Limits hold across replicas: two gateway processes on one PostgreSQL and one Redis share a key's rpm and
 * its monthly budget exactly — N replicas never allow N times the limit.
 */
const databaseUrl = process.env.SVC_TEST_DATABASE_URL;
const redisUrl = process.env.SVC_TEST_REDIS_URL;
const skip = databaseUrl && redisUrl ? undefined : 'SVC_TEST_DATABASE_URL and SVC_TEST_REDIS_URL are needed';
const masterKey = 'svc-limits-e2e-master';

describe('limits across two gateway processes (PostgreSQL + Redis)', { skip }, () => {
  const run = randomBytes(4).toString('hex');
  const schema = `svc_limits_${run}`;
  const redisPrefix = `svc-limits-${run}:`;
  let database: pg.Client;
  let mock: MockUpstream;
  let configPath: string;
  const dataDirs: string[] = [];
  const gateways: GatewayProcess[] = [];

  before(async () => {
    database = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    await database.connect();
    await database.query(`create schema "${schema}"`);
    mock = await startMockUpstream();
    configPath = await writeConfigFile(`storage:\n  redis_key_prefix: "${redisPrefix}"\n`);
    const separator = databaseUrl!.includes('?') ? '&' : '?';
    for (let index = 0; index < 2; index++) {
      const dataDir = await mkdtemp(join(tmpdir(), 'svc-limits-e2e-'));
      dataDirs.push(dataDir);
      gateways.push(
        await startGatewayProcess({
          SVC_DATABASE_URL: `${databaseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
          SVC_REDIS_URL: redisUrl,
          SVC_CONFIG: configPath,
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
    await database.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
    await database.end();
    for (const dir of [...dataDirs, configPath ? dirname(configPath) : undefined]) if (dir) await rm(dir, { recursive: true, force: true });
    const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1, retryStrategy: () => null });
    try {
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
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

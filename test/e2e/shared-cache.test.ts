import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { postChat, writeConfigFile } from '../support/helpers.js';

/**
 * Two gateway instances sharing one PostgreSQL and one Redis, as replicas do: an answer cached by one is
 * served by the other — the exact cache through its L1 in Redis, the semantic cache through its shared log.
 */
const databaseUrl = process.env.SVC_TEST_DATABASE_URL;
const redisUrl = process.env.SVC_TEST_REDIS_URL;
const skip = databaseUrl && redisUrl ? undefined : 'SVC_TEST_DATABASE_URL and SVC_TEST_REDIS_URL are needed';

describe('caches shared by two instances (PostgreSQL + Redis)', { skip }, () => {
  const run = randomBytes(4).toString('hex');
  const schema = `svc_cache_${run}`;
  const redisPrefix = `svc-cache-${run}:`;
  let first: TestGateway;
  let second: TestGateway;
  let configPath: string;
  let database: pg.Client;

  before(async () => {
    database = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    await database.connect();
    await database.query(`create schema "${schema}"`);
    configPath = await writeConfigFile(`storage:\n  redis_key_prefix: "${redisPrefix}"\n`);
    const separator = databaseUrl!.includes('?') ? '&' : '?';
    const env = { SVC_DATABASE_URL: `${databaseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`, SVC_REDIS_URL: redisUrl, SVC_CONFIG: configPath };
    first = await startTestGateway({ env });
    second = await startTestGateway({ env, mock: first.mock });
  });

  after(async () => {
    await second?.close();
    await first?.close();
    await database.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
    await database.end();
    if (configPath) await rm(dirname(configPath), { recursive: true, force: true });
    const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1, retryStrategy: () => null });
    try {
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  const chatCalls = () => first.mock.requests.filter((request) => request.path.includes('chat/completions')).length;
  const ask = (harness: TestGateway, content: string) => postChat(harness, { model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'user', content }] });

  test('exact: the second instance answers from L1 what the first stored', async () => {
    first.mock.reset();
    first.mock.enqueueReply({ content: 'Cached across replicas.' });
    await (await ask(first, `Replicated question ${run}`)).arrayBuffer();
    await first.gateway.services.exactCache.flush();
    const response = await ask(second, `Replicated question ${run}`);
    assert.equal(response.headers.get('x-svc-cache-hit'), 'true');
    assert.equal(response.headers.get('x-svc-cache-type'), 'exact');
    assert.equal((await response.json()).choices[0].message.content, 'Cached across replicas.');
    assert.equal(chatCalls(), 1);
  });

  test('semantic: the second instance finds a paraphrase of what the first stored', async () => {
    first.mock.reset();
    first.mock.enqueueReply({ content: 'Mount Everest.' });
    await (await ask(first, `What is the tallest mountain on Earth? ${run}`)).arrayBuffer();
    await first.gateway.services.semanticCache.flush();
    const response = await ask(second, `what's the tallest mountain on earth ${run}`);
    assert.equal(response.headers.get('x-svc-cache-type'), 'semantic');
    assert.equal((await response.json()).choices[0].message.content, 'Mount Everest.');
    assert.equal(chatCalls(), 1);
  });
});

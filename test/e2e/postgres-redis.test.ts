import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { assertClose } from '../support/helpers.js';
import { prepareSharedStorage, sharedStorageSkip, type SharedStorage } from '../support/shared-storage.js';

/**
 * The whole request path with the shared implementations underneath: PostgreSQL as the database and
 * Redis as shared state, as a multi-instance deployment runs. Runs when SVC_TEST_DATABASE_URL and
 * SVC_TEST_REDIS_URL are set (CI sets both); each run has its own schema and its own Redis key prefix.
 */
describe('the full request path on PostgreSQL and Redis', { skip: sharedStorageSkip }, () => {
  let harness: TestGateway;
  let storage: SharedStorage;
  let schema: string;
  let redisPrefix: string;
  let database: SharedStorage['database'];
  const redisUrl = process.env.SVC_TEST_REDIS_URL;

  before(async () => {
    storage = await prepareSharedStorage('e2e');
    ({ schema, redisPrefix, database } = storage);
    harness = await startTestGateway({
      env: {
        ...storage.env,
        // Two keys: every request takes a rotation turn in Redis.
        OPENAI_API_KEY: 'sk-e2e-one,sk-e2e-two',
      },
    });
  });

  after(async () => {
    await harness?.close();
    await storage?.cleanup();
  });

  test('storage is PostgreSQL and shared state is Redis, both ready', async () => {
    assert.equal(harness.gateway.services.store.kind, 'postgres');
    assert.equal(harness.gateway.services.sharedState.kind, 'redis');
    const ready = await (await harness.request('/readyz', { key: null })).json();
    assert.deepEqual(ready, { status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
  });

  test('a completion and a stream through the SDK are billed exactly, in PostgreSQL, with the key rotation in Redis', async () => {
    const org = (await (await harness.request('/v1/admin/orgs', { body: { name: 'e2e' } })).json()) as { id: string };
    const { key } = (await (await harness.request('/v1/admin/keys', { body: { org_id: org.id } })).json()) as { key: string };
    const client = harness.client(key);

    harness.mock.enqueueReply({ content: 'plain answer', usage: { input: 100, output: 40 } });
    const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] });
    assert.equal(completion.choices[0].message.content, 'plain answer');

    harness.mock.enqueueReply({ content: 'streamed answer', usage: { input: 30, output: 10 } });
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    assert.equal(text, 'streamed answer');

    // gpt-4o-mini in the catalog: 0.15 USD per million input tokens, 0.60 per million output tokens.
    const usage = (await (await harness.request(`/v1/admin/usage?org_id=${org.id}`)).json()) as Record<string, number>;
    assert.equal(usage.requests, 2);
    assert.equal(usage.prompt_tokens, 130);
    assert.equal(usage.completion_tokens, 50);
    assertClose(usage.cost_usd, (130 * 0.15 + 50 * 0.6) / 1e6, 'cost_usd');
    assertClose(usage.baseline_cost_usd, (130 * 2.5 + 50 * 10) / 1e6, 'baseline_cost_usd');

    const rows = await database.query(`select endpoint, status, prompt_tokens, completion_tokens from "${schema}".usage_ledger where org_id = $1 order by prompt_tokens`, [org.id]);
    assert.deepEqual(
      rows.rows.map((row) => [row.endpoint, row.status, Number(row.prompt_tokens), Number(row.completion_tokens)]),
      [
        ['chat.completions', 200, 30, 10],
        ['chat.completions', 200, 100, 40],
      ],
    );
    const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
    try {
      assert.ok(Number(await redis.get(`${redisPrefix}keypool:openai:turn`)) >= 2, 'the rotation turn lives in Redis under this run\'s prefix');
    } finally {
      redis.disconnect();
    }
    const upstreamKeys = harness.mock.requests.slice(-2).map((request) => request.apiKey);
    assert.deepEqual([...upstreamKeys].sort(), ['sk-e2e-one', 'sk-e2e-two'], 'the two requests used the two keys in turn');
  });
});

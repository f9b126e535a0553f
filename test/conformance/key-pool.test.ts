import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { expectApiError, requestsSince, sdkClient, svcMetadataOf, writeConfigFile } from './conformance-helpers.js';

/**
 * The platform key pool: round-robin over `<PROVIDER>_API_KEY=a,b,c`, a per-key 429/402 moves the call to
 * the next key at once and cools that key down (for the upstream's Retry-After when it gives one), and,
 * with Redis, rotation and cool-downs are shared by every gateway instance.
 */

const POOL = 'sk-one,sk-two,sk-three';
const messages = [{ role: 'user' as const, content: 'hello pool' }];

async function ask(harness: TestGateway, model = 'openai/gpt-4o-mini') {
  return sdkClient(harness).chat.completions.create({ model, messages });
}

/** The keys the mock saw since `start`. */
/**
 * Sends requests through `harness` until one reaches the upstream with `key` (within 5 s); returns when
 * the upstream received it. Polling rather than sleeping: the assertion is on when the key came back.
 */
async function firstUseAfter(harness: TestGateway, mock: MockUpstream, key: string, send: (harness: TestGateway) => Promise<unknown>): Promise<number> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const start = mock.requests.length;
    await send(harness);
    const used = mock.requests.slice(start).find((request) => request.apiKey === key);
    if (used) return used.receivedAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`${key} was not used again within 5 s`);
}

function keysSince(mock: MockUpstream, start: number): (string | undefined)[] {
  return requestsSince(mock, start).map((request) => request.apiKey);
}

describe('key pool (in-process state)', () => {
  test('consecutive requests rotate over the keys round-robin', async () => {
    const harness = await startTestGateway({ env: { OPENAI_API_KEY: POOL } });
    try {
      for (let index = 0; index < 6; index++) await ask(harness);
      assert.deepEqual(keysSince(harness.mock, 0), ['sk-one', 'sk-two', 'sk-three', 'sk-one', 'sk-two', 'sk-three']);
    } finally {
      await harness.close();
    }
  });

  test('429 with Retry-After: the same client call succeeds on the next key; the key sits out exactly its Retry-After', async () => {
    const harness = await startTestGateway({ env: { OPENAI_API_KEY: POOL } });
    try {
      harness.mock.enqueueFault({ status: 429, retryAfterSeconds: 2, apiKey: 'sk-one', message: 'Rate limit reached for requests' });
      const completion = await ask(harness);
      assert.equal(completion.choices[0].message.content, 'Echo: hello pool');
      assert.deepEqual(keysSince(harness.mock, 0), ['sk-one', 'sk-two'], 'one client call: sk-one answered 429, sk-two answered');
      assert.equal(svcMetadataOf(completion).failover_attempts, 1);
      const rateLimitedAt = harness.mock.requests[0].receivedAt;

      // While sk-one cools down, a whole rotation and more goes to the other keys.
      let start = harness.mock.requests.length;
      for (let index = 0; index < 4; index++) await ask(harness);
      const during = keysSince(harness.mock, start);
      assert.equal(during.length, 4, 'no retries needed while cooling down');
      assert.ok(!during.includes('sk-one'), `sk-one is not used while it cools down: ${during.join(', ')}`);
      assert.ok(Date.now() < rateLimitedAt + 2000, 'those requests ran inside the Retry-After window');

      // After the 2 s of Retry-After (not the 30 s default), sk-one is back in the rotation, and not before.
      const backAt = await firstUseAfter(harness, harness.mock, 'sk-one', (harness) => ask(harness));
      assert.ok(backAt >= rateLimitedAt + 2000 - 50, `sk-one came back ${backAt - rateLimitedAt} ms after its 429, inside the Retry-After`);
    } finally {
      await harness.close();
    }
  });

  test('402 (out of credit) on a key → the next key in the same call, and the key is set aside', async () => {
    const harness = await startTestGateway({ env: { OPENAI_API_KEY: POOL } });
    try {
      harness.mock.enqueueFault({ status: 402, apiKey: 'sk-one', message: 'Insufficient balance' });
      const completion = await ask(harness);
      assert.equal(completion.choices[0].message.content, 'Echo: hello pool');
      assert.deepEqual(keysSince(harness.mock, 0), ['sk-one', 'sk-two']);
      const start = harness.mock.requests.length;
      for (let index = 0; index < 4; index++) await ask(harness);
      assert.ok(!keysSince(harness.mock, start).includes('sk-one'), 'an out-of-credit key is not retried on the next requests');
    } finally {
      await harness.close();
    }
  });

  test('a streamed request moves to the next key as well (the 429 comes before the first token)', async () => {
    const harness = await startTestGateway({ env: { OPENAI_API_KEY: POOL } });
    try {
      harness.mock.enqueueFault({ status: 429, retryAfterSeconds: 2, apiKey: 'sk-one' });
      const stream = await sdkClient(harness).chat.completions.create({ model: 'openai/gpt-4o-mini', stream: true, messages });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
      assert.equal(text, 'Echo: hello pool');
      assert.deepEqual(keysSince(harness.mock, 0), ['sk-one', 'sk-two']);
    } finally {
      await harness.close();
    }
  });

  test("OpenAI's 429 insufficient_quota (out of credit, not a rate limit) also moves to the next key", async () => {
    const harness = await startTestGateway({ env: { OPENAI_API_KEY: POOL } });
    try {
      harness.mock.enqueueFault({ status: 429, errorType: 'insufficient_quota', apiKey: 'sk-one', message: 'You exceeded your current quota' });
      await ask(harness);
      assert.deepEqual(keysSince(harness.mock, 0), ['sk-one', 'sk-two']);
    } finally {
      await harness.close();
    }
  });

  test('every key rate limited → 429 upsteam_rate_limit with retry-after, and the cooled pool is not called again', async () => {
    const harness = await startTestGateway({ env: { OPENAI_API_KEY: POOL } });
    try {
      harness.mock.enqueueFault({ status: 429, retryAfterSeconds: 5, times: 3, message: 'Rate limit reached' });
      const error = await expectApiError(ask(harness), { status: 429, code: 'upsteam_rate_limit', message: 'Rate limit reached' });
      assert.deepEqual(keysSince(harness.mock, 0), ['sk-one', 'sk-two', 'sk-three']);
      assert.equal(error.headers?.get('retry-after'), '5');
      const again = await expectApiError(ask(harness), { status: 429, code: 'upsteam_rate_limit' });
      const retryAfter = Number(again.headers?.get('retry-after'));
      assert.ok(retryAfter >= 4 && retryAfter <= 5, `retry-after ${retryAfter} (5 s cool-down, just started)`);
      assert.equal(harness.mock.requests.length, 3, 'keys that cool down are not called');
    } finally {
      await harness.close();
    }
  });
});

const redisUrl = process.env.SVC_TEST_REDIS_URL;

describe('key pool shared through Redis by two gateway instances', { skip: redisUrl ? undefined : 'SVC_TEST_REDIS_URL not set' }, () => {
  // A provider id of its own per run: the key pool's Redis keys (`keypool:<provider>:…`, `circuit:<provider>/…`)
  // then never collide with another run or another test sharing this Redis. Deleted at the end.
  const providerId = `kp-${randomBytes(5).toString('hex')}`;
  const model = `${providerId}/pool-model`;
  let mock: MockUpstream;
  let gatewayA: TestGateway;
  let gatewayB: TestGateway;
  let configPath: string;

  before(async () => {
    // Set but unreachable must fail, not skip.
    const probe = new Redis(redisUrl!, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy: () => null });
    probe.on('error', () => undefined); // connect() rejects with the cause
    try {
      await probe.connect();
      assert.equal(await probe.ping(), 'PONG');
    } finally {
      probe.disconnect();
    }
    mock = await startMockUpstream();
    configPath = await writeConfigFile(
      [
        'providers:',
        `  ${providerId}:`,
        '    wire: openai',
        `    base_url: ${mock.url}/v1`,
        '    api_keys: [sk-one, sk-two, sk-three]',
        '    models: [pool-model]',
        'routing:',
        '  circuit_breaker: { minimum_calls: 5 }',
        '',
      ].join('\n'),
    );
    const env = { SVC_REDIS_URL: redisUrl, SVC_CONFIG: configPath };
    gatewayA = await startTestGateway({ env, mock });
    gatewayB = await startTestGateway({ env, mock });
    for (const gateway of [gatewayA, gatewayB]) {
      assert.equal(gateway.gateway.services.sharedState.kind, 'redis');
      assert.equal((await gateway.request('/readyz', { key: null })).status, 200, 'the gateway reaches Redis');
    }
  });

  after(async () => {
    await Promise.allSettled([gatewayA?.close(), gatewayB?.close()]);
    await mock?.close();
    if (configPath) await rm(dirname(configPath), { recursive: true, force: true });
    // Only this run's keys go: every one of them names the run's own provider id.
    const client = new Redis(redisUrl!, { maxRetriesPerRequest: 1, disconnectTimeout: 200, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `*${providerId}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await client.del(...keys);
      } while (cursor !== '0');
    } catch {
      // Redis unreachable: before() has already failed the suite.
    } finally {
      client.disconnect();
    }
  });

  test('requests alternating between gateway A and B rotate the keys globally', async () => {
    const start = mock.requests.length;
    for (let index = 0; index < 6; index++) await ask(index % 2 === 0 ? gatewayA : gatewayB, model);
    assert.deepEqual(keysSince(mock, start), ['sk-one', 'sk-two', 'sk-three', 'sk-one', 'sk-two', 'sk-three']);
  });

  test('a 429 seen by gateway A cools the key down for gateway B too, for its Retry-After', async () => {
    mock.enqueueFault({ status: 429, retryAfterSeconds: 2, apiKey: 'sk-one', message: 'Rate limit reached' });
    // Whichever key the rotation starts at, sk-one comes up within one rotation on gateway A.
    let start = mock.requests.length;
    for (let index = 0; index < 3 && !keysSince(mock, start).includes('sk-one'); index++) await ask(gatewayA, model);
    const seenByA = requestsSince(mock, start);
    const limited = seenByA.find((request) => request.apiKey === 'sk-one');
    assert.ok(limited, `gateway A hit sk-one: ${seenByA.map((request) => request.apiKey).join(', ')}`);
    const rateLimitedAt = limited.receivedAt;

    start = mock.requests.length;
    for (let index = 0; index < 4; index++) await ask(gatewayB, model);
    const seenByB = keysSince(mock, start);
    assert.equal(seenByB.length, 4);
    assert.ok(!seenByB.includes('sk-one'), `gateway B leaves sk-one alone while it cools down: ${seenByB.join(', ')}`);
    assert.ok(Date.now() < rateLimitedAt + 2000, 'inside the Retry-After window');

    const backAt = await firstUseAfter(gatewayB, mock, 'sk-one', (harness) => ask(harness, model));
    assert.ok(backAt >= rateLimitedAt + 2000 - 50, `gateway B used sk-one again ${backAt - rateLimitedAt} ms after the 429, inside the Retry-After`);
  });

  test('a circuit opened by failures on gateway A is open on gateway B within a second', async () => {
    // Failures on A until its circuit opens (earlier successes on A count in its failure ratio).
    mock.enqueueFault({ status: 500, times: 20, message: 'upstream is broken' });
    let opened = false;
    for (let index = 0; index < 20 && !opened; index++) {
      const status = await ask(gatewayA, model).then(
        () => 200,
        (error: { status?: number }) => error.status,
      );
      assert.ok(status === 502 || status === 503, `A answers 502 until its circuit opens, then 503 (got ${status})`);
      opened = status === 503;
    }
    assert.ok(opened, 'A opened the circuit');
    // B trusted the circuit closed when it last used it; that trust lasts at most one second.
    await sleep(1100);
    const start = mock.requests.length;
    await expectApiError(ask(gatewayB, model), { status: 503, code: 'circuit_breaker_open' });
    assert.equal(mock.requests.length, start, 'gateway B did not call the failing target');
  });
});

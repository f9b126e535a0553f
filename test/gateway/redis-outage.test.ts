import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { FreezingProxy } from '../support/freezing-proxy.js';
import { startOwnRedis, type OwnRedis } from '../support/redis-server.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { chatBody, postChat, waitFor } from './gateway-test-helpers.js';

/**
 * Redis down is not an outage: requests keep being served from in-process state, the outage is logged
 * once and shown by /readyz and a metric, and sharing resumes when Redis is back. The test runs a
 * redis-server of its own and kills it.
 */
describe('a Redis outage', () => {
  let redis: OwnRedis;
  let harness: TestGateway;

  before(async () => {
    redis = await startOwnRedis();
    // Two platform keys: every request takes a key-rotation turn in shared state.
    harness = await startTestGateway({ env: { SVC_REDIS_URL: redis.url, OPENAI_API_KEY: 'sk-one,sk-two' } });
  });
  after(async () => {
    await harness?.close();
    await redis?.stop();
  });

  const readiness = async () => (await (await harness.request('/readyz', { key: null })).json()) as { status: string; checks: Record<string, string> };
  const degradedMetric = async () => /^svc_shared_state_degraded 1$/m.test(await (await harness.request('/metrics')).text());
  const outageLines = () => harness.logLines.filter((line) => line.includes('shared state unreachable')).length;

  test('requests succeed while Redis is up, down, and back; readiness and the metric tell the state', async () => {
    assert.equal((await postChat(harness, chatBody())).status, 200);
    assert.equal((await readiness()).status, 'ready');

    await redis.stop();
    for (let index = 0; index < 5; index++) {
      const response = await postChat(harness, chatBody());
      assert.equal(response.status, 200, `request ${index} while Redis is down: ${await response.text()}`);
    }
    const down = await readiness();
    assert.equal(down.status, 'degraded');
    assert.match(down.checks.redis, /unreachable/);
    assert.equal(await degradedMetric(), true);
    assert.equal(outageLines(), 1, 'the outage is logged once, not per request');

    await redis.start();
    assert.ok(await waitFor(async () => (await readiness()).status === 'ready', 8000, 200), 'ready again');
    // "ready" means sharing, not only that Redis answers: the fallback was left when the probe saw Redis back.
    assert.equal(await degradedMetric(), false, 'sharing resumed by the time /readyz says ready');
    assert.equal((await postChat(harness, chatBody())).status, 200);
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      assert.ok(await client.get('svc:keypool:openai:turn'), 'the rotation turn is written to the restarted Redis again');
    } finally {
      client.disconnect();
    }
  });
});

/**
 * A Redis that hangs (SIGSTOP, a network cut that leaves the connection open) rather than one that is gone: a command
 * fails after ioredis's 1 s time-out, and from then on requests are served from in-process state without waiting on
 * Redis each time; sharing resumes once it answers again.
 */
describe('a Redis that stops answering', () => {
  let redis: OwnRedis;
  let proxy: FreezingProxy;
  let harness: TestGateway;

  before(async () => {
    redis = await startOwnRedis();
    proxy = await FreezingProxy.forUrl(redis.url, 6379);
    harness = await startTestGateway({ env: { SVC_REDIS_URL: proxy.via(redis.url), OPENAI_API_KEY: 'sk-one,sk-two' } });
  });
  after(async () => {
    await harness?.close();
    await proxy?.close();
    await redis?.stop();
  });

  test('requests are served while it hangs, the first within its command time-out and the next ones at once', async () => {
    assert.equal((await postChat(harness, chatBody())).status, 200);
    proxy.freeze();
    try {
      const latencies: number[] = [];
      for (let index = 0; index < 5; index++) {
        const startedAt = performance.now();
        const response = await postChat(harness, chatBody());
        latencies.push(performance.now() - startedAt);
        assert.equal(response.status, 200, `request ${index} while Redis hangs: ${await response.text()}`);
      }
      assert.ok(latencies[0] < 3_000, `the first request took ${latencies[0].toFixed(0)} ms (the command time-out is 1 s)`);
      for (const latency of latencies.slice(1)) assert.ok(latency < 500, `a later request took ${latency.toFixed(0)} ms: the fallback must not wait on Redis again (${latencies.map((ms) => ms.toFixed(0)).join(', ')})`);
      assert.equal((await (await harness.request('/readyz', { key: null })).json()).status, 'degraded');
    } finally {
      proxy.thaw();
    }
    assert.ok(await waitFor(async () => (await (await harness.request('/readyz', { key: null })).json()).status === 'ready', 8000, 200), 'ready again once Redis answers');
  });
});

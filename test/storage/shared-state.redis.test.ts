import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { Redis } from 'ioredis';
import { openSharedState } from '../../src/storage/open-storage.js';
import pino from 'pino';
import { FailoverSharedState } from '../../src/storage/failover-shared-state.js';
import { RedisSharedState } from '../../src/storage/redis/redis-shared-state.js';
import { describeSharedStateContract } from './shared-state.contract.js';
import { startOwnRedis } from '../support/redis-server.js';
import { waitFor } from '../support/helpers.js';

/**
 * Runs against a real server from SVC_TEST_REDIS_URL. Unset: skipped. Set but unreachable: the
 * tests fail. Every state uses its own key prefix, and its keys are deleted afterwards.
 */
const redisUrl = process.env.SVC_TEST_REDIS_URL;
const skip = redisUrl ? undefined : 'SVC_TEST_REDIS_URL not set';
const runPrefix = `svc_test_${randomBytes(4).toString('hex')}`;
let stateCount = 0;

async function deleteKeys(prefix: string): Promise<number> {
  const client = new Redis(redisUrl!, { maxRetriesPerRequest: 1, disconnectTimeout: 200 });
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await client.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    client.disconnect();
  }
}

describeSharedStateContract(
  'redis',
  async () => {
    const keyPrefix = `${runPrefix}:${stateCount++}:`;
    const state = new RedisSharedState({ url: redisUrl!, keyPrefix });
    return {
      state,
      cleanup: async () => {
        await state.close();
        await deleteKeys(keyPrefix);
      },
    };
  },
  { skip },
);

test('openSharedState with redisUrl uses Redis, and keys carry the prefix', { skip }, async () => {
  const keyPrefix = `${runPrefix}:open:`;
  const state = new RedisSharedState({ url: redisUrl!, keyPrefix });
  const opened = await openSharedState({ redisUrl });
  try {
    assert.equal(opened.kind, 'redis');
    await state.increment('hits', 3, 10_000);
    const client = new Redis(redisUrl!, { maxRetriesPerRequest: 1, disconnectTimeout: 200 });
    try {
      assert.equal(await client.get(`${keyPrefix}hits`), '3');
    } finally {
      client.disconnect();
    }
  } finally {
    await state.close();
    await opened.close();
    assert.equal(await deleteKeys(keyPrefix), 1);
  }
});

test('a TTL Redis would refuse is a RangeError, which the failover state passes on instead of leaving Redis for its in-process state', { skip }, async () => {
  const keyPrefix = `${runPrefix}:ttl:`;
  const failover = new FailoverSharedState(new RedisSharedState({ url: redisUrl!, keyPrefix }), pino({ level: 'silent' }));
  try {
    await assert.rejects(failover.set('cool', '1', 1e23), RangeError);
    assert.equal(failover.degraded, false);
    await failover.set('cool', '1', 60_000);
    assert.equal(await failover.get('cool'), '1');
  } finally {
    await failover.close();
    await deleteKeys(keyPrefix);
  }
});

// Needs no server: an unreachable address must make ping() fail within its time-out.
test('ping rejects promptly when Redis is unreachable', async () => {
  const state = new RedisSharedState({ url: 'redis://127.0.0.1:1' });
  const started = Date.now();
  try {
    await assert.rejects(state.ping());
    assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
  } finally {
    await state.close();
  }
});

test('subscriptions come back after a Redis restart and after a flapping one, with no unhandled rejection on the way', async () => {
  const own = await startOwnRedis();
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const state = new RedisSharedState({ url: own.url, keyPrefix: 'restart:' });
  const publisher = new RedisSharedState({ url: own.url, keyPrefix: 'restart:' });
  const received: string[] = [];
  /** Publishes `text` until the subscriber has it (the subscription may still be coming back). */
  const delivered = (text: string) =>
    waitFor(async () => {
      await publisher.publish('news', text).catch(() => undefined);
      return received.includes(text);
    }, 8000, 100);
  try {
    await state.subscribe('news', (message) => received.push(message));
    await own.stop();
    await own.start(); // empty, and every connection to it is new
    assert.ok(await delivered('after the restart'), 'the subscription was restored on the new connection');
    // A flapping Redis: gone again the moment the subscriber is back, before it answers the resubscription.
    // The pending SUBSCRIBE fails once the reconnection gives up on it; nobody may leave that unhandled (an
    // unhandled rejection ends a Node process).
    const subscriber = (state as unknown as { subscriber: Redis }).subscriber;
    await own.stop();
    const lostAgain = new Promise<void>((resolve) => subscriber.once('ready', () => void own.stop().then(resolve)));
    // Its own readiness probe may lose the race with the kill: only the kill matters here.
    const starting = own.start().catch(() => undefined);
    await lostAgain;
    await starting;
    await new Promise((resolve) => setTimeout(resolve, 1500)); // reconnection attempts run out for the pending command
    await own.start();
    assert.ok(await delivered('after the flapping'), 'the subscription was restored after the flapping too');
    assert.deepEqual(unhandled.map(String), []);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await Promise.allSettled([state.close(), publisher.close()]);
    await own.stop();
  }
});

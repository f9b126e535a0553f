import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { Redis, ReplyError } from 'ioredis';
import { openSharedState } from '../../src/storage/open-storage.js';
import pino from 'pino';
import { FailoverSharedState } from '../../src/storage/failover-shared-state.js';
import { isRedisOutage, RedisSharedState } from '../../src/storage/redis/redis-shared-state.js';
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

test('Redis error replies: a server that serves nobody now is an outage, a refusal of one key or command is not', () => {
  const outages = [
    "OOM command not allowed when used memory > 'maxmemory'.",
    'LOADING Redis is loading the dataset in memory',
    "READONLY You can't write against a read only replica.",
    'BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSCRIPT.',
    'MISCONF Redis is configured to save RDB snapshots, but it is currently not able to persist on disk.',
    'NOAUTH Authentication required.',
    'ERR max number of clients reached',
  ];
  for (const message of outages) assert.equal(isRedisOutage(new ReplyError(message)), true, message);
  const refusals = ['WRONGTYPE Operation against a key holding the wrong kind of value', 'ERR Error running script (call to f_0123): @user_script:1: bad argument'];
  for (const message of refusals) assert.equal(isRedisOutage(new ReplyError(message)), false, message);
  // No reply at all: a time-out or a lost connection.
  assert.equal(isRedisOutage(new Error('Command timed out')), true);
  assert.equal(isRedisOutage(new Error('Connection is closed.')), true);
});

test('a key of the wrong type is one refused operation: it is served in process, and the instance goes on sharing everything else', { skip }, async () => {
  const keyPrefix = `${runPrefix}:wrongtype:`;
  const failover = new FailoverSharedState(new RedisSharedState({ url: redisUrl!, keyPrefix }), pino({ level: 'silent' }));
  const client = new Redis(redisUrl!, { maxRetriesPerRequest: 1, disconnectTimeout: 200 });
  try {
    // Another program (or an older version) left a string where svc keeps a log.
    await client.set(`${keyPrefix}conversation`, 'not a stream', 'PX', 60_000);
    const appended = await failover.appendLog('conversation', 'turn 1', 10, 60_000);
    assert.equal(appended.started, true);
    assert.equal(failover.degraded, false, 'one refused key is not an outage');
    const read = await failover.readLog('conversation', '', 10);
    assert.deepEqual(read.map((entry) => entry.value), ['turn 1'], 'its reads are refused too, and served from the same in-process log');
    assert.equal(await client.get(`${keyPrefix}conversation`), 'not a stream', 'the other program\'s value is left as it was');
    await failover.set('limit', '7', 60_000);
    assert.equal(await client.get(`${keyPrefix}limit`), '7', 'every other key is still shared');
  } finally {
    client.disconnect();
    await failover.close();
    await deleteKeys(keyPrefix);
  }
});

test('a Redis out of memory is an outage: the instance keeps its state in process until Redis takes writes again', async () => {
  const own = await startOwnRedis();
  const probeIntervalMs = 50;
  const failover = new FailoverSharedState(new RedisSharedState({ url: own.url }), pino({ level: 'silent' }), {}, probeIntervalMs);
  const client = new Redis(own.url, { maxRetriesPerRequest: 1, disconnectTimeout: 200 });
  try {
    await failover.set('before', '1', 60_000);
    assert.equal(failover.degraded, false);
    await client.config('SET', 'maxmemory-policy', 'noeviction');
    await client.config('SET', 'maxmemory', '1');
    await failover.set('during', '2', 60_000);
    assert.equal(failover.degraded, true, 'OOM refuses every write: an outage');
    assert.equal(await failover.get('during'), '2', 'served from the in-process state meanwhile');
    // Redis still answers PING while out of memory: the probe must not take that for a recovery.
    assert.equal(await waitFor(() => !failover.degraded, 10 * probeIntervalMs, probeIntervalMs / 2), false, 'still degraded while writes are refused');
    await client.config('SET', 'maxmemory', '0');
    assert.ok(await waitFor(() => !failover.degraded, 5000, probeIntervalMs / 2), 'sharing resumed once Redis takes writes');
    await failover.set('after', '3', 60_000);
    assert.equal(await client.get('after'), '3');
  } finally {
    client.disconnect();
    await failover.close();
    await own.stop();
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

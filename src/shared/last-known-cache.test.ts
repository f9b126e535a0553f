import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LastKnownCache } from './last-known-cache.js';

/** A cache on a clock the test moves, and a store whose reads the test answers. */
function setUp(options: { freshMs?: number; staleMs?: number; waitMs?: number; firstReadWaitMs?: number } = {}) {
  let now = 1_000_000;
  const stale: unknown[] = [];
  const cache = new LastKnownCache<string, string>({
    maxEntries: 10,
    freshMs: options.freshMs ?? 5_000,
    staleMs: options.staleMs ?? 60_000,
    waitMs: options.waitMs ?? 100,
    firstReadWaitMs: options.firstReadWaitMs,
    what: 'the thing',
    keeps: (value) => value !== 'not-kept',
    onStale: (cause) => stale.push(cause),
    clock: () => now,
  });
  let reads = 0;
  const answering = (value: string) => () => (reads++, Promise.resolve(value));
  const failing = (message: string) => () => (reads++, Promise.reject(new Error(message)));
  const hanging = () => (reads++, new Promise<string>(() => undefined));
  return { cache, stale, answering, failing, hanging, reads: () => reads, advance: (ms: number) => (now += ms) };
}

test('a fresh value is served without reading the store again', async () => {
  const { cache, answering, reads, advance } = setUp();
  assert.equal(await cache.get('k', answering('v1')), 'v1');
  advance(4_999);
  assert.equal(cache.fresh('k'), 'v1');
  assert.equal(await cache.get('k', answering('v2')), 'v1');
  assert.equal(reads(), 1);
});

test('past its freshness a value is read again, and the answer replaces it', async () => {
  const { cache, answering, advance, stale } = setUp();
  await cache.get('k', answering('v1'));
  advance(5_000);
  assert.equal(cache.fresh('k'), undefined, 'no longer fresh: the hot path must ask');
  assert.equal(await cache.get('k', answering('v2')), 'v2');
  assert.equal(cache.fresh('k'), 'v2');
  assert.deepEqual(stale, []);
});

test('when the store fails, the last known value is served, and for a second no read is tried again', async () => {
  const { cache, answering, failing, advance, stale, reads } = setUp();
  await cache.get('k', answering('v1'));
  advance(6_000);
  assert.equal(await cache.get('k', failing('connection refused')), 'v1');
  assert.equal((stale[0] as Error).message, 'connection refused');
  assert.equal(await cache.get('k', failing('connection refused')), 'v1');
  assert.equal(reads(), 2, 'the second call read nothing: the store was just found failing');
  advance(1_000);
  assert.equal(await cache.get('k', answering('v2')), 'v2', 'a second later the store is asked again');
});

test('when the store hangs, the last known value is served after the wait', async () => {
  const { cache, answering, hanging, advance, stale } = setUp({ waitMs: 100 });
  await cache.get('k', answering('v1'));
  advance(6_000);
  const startedAt = performance.now();
  assert.equal(await cache.get('k', hanging), 'v1');
  const waited = performance.now() - startedAt;
  assert.ok(waited >= 80 && waited < 1_000, `served after ${waited.toFixed(0)} ms (wait 100 ms)`);
  assert.deepEqual(stale, [undefined]);
});

test('a key never read gets its read\'s error, and concurrent callers share one read', async () => {
  const { cache, answering, failing, reads } = setUp();
  await assert.rejects(cache.get('k', failing('down')), /down/);
  const [first, second] = await Promise.all([cache.get('j', answering('v')), cache.get('j', answering('other'))]);
  assert.deepEqual([first, second], ['v', 'v']);
  assert.equal(reads(), 2);
});

test('a value past its freshness and its stale allowance is not served: the read\'s error is', async () => {
  const { cache, answering, failing, advance } = setUp({ freshMs: 5_000, staleMs: 60_000 });
  await cache.get('k', answering('v1'));
  advance(65_000);
  await assert.rejects(cache.get('k', failing('down')), /down/);
});

test('a deleted key (a revoked API key, a changed policy) is never served stale', async () => {
  const { cache, answering, failing, advance } = setUp();
  await cache.get('k', answering('v1'));
  cache.delete('k');
  advance(6_000);
  await assert.rejects(cache.get('k', failing('down')), /down/);
});

test('a read answered after its key was deleted is not kept', async () => {
  const { cache } = setUp();
  let answer!: (value: string) => void;
  const reading = cache.get('k', () => new Promise<string>((resolve) => (answer = resolve)));
  cache.delete('k');
  answer('late');
  assert.equal(await reading, 'late');
  assert.equal(cache.fresh('k'), undefined);
});

test('a value the cache does not keep is returned but not stored', async () => {
  const { cache, answering, reads } = setUp();
  assert.equal(await cache.get('k', answering('not-kept')), 'not-kept');
  assert.equal(cache.fresh('k'), undefined);
  await cache.get('k', answering('not-kept'));
  assert.equal(reads(), 2);
});

test('a value the store no longer has replaces the known one: it is not served stale later', async () => {
  const { cache, answering, failing, advance } = setUp();
  await cache.get('k', answering('v1'));
  advance(6_000);
  assert.equal(await cache.get('k', answering('not-kept')), 'not-kept');
  advance(6_000);
  await assert.rejects(cache.get('k', failing('down')), /down/);
});

test('a first read that hangs is refused with a 503 naming what could not be read, after firstReadWaitMs', async () => {
  const { cache, hanging } = setUp({ firstReadWaitMs: 100 });
  const startedAt = performance.now();
  await assert.rejects(cache.get('k', hanging), (error: Error & { status?: number; code?: string }) => {
    assert.equal(error.status, 503);
    assert.equal(error.code, 'service_unavailable');
    assert.match(error.message, /did not answer within 0\.1 s: the thing could not be read/);
    return true;
  });
  const waited = performance.now() - startedAt;
  assert.ok(waited >= 80 && waited < 1_000, `refused after ${waited.toFixed(0)} ms`);
});

/** The same cache with a reader: values in use are renewed in the background before they go stale. */
function withReader(answers: string[]) {
  let now = 1_000_000;
  const keys: string[] = [];
  const cache = new LastKnownCache<string, string>({
    maxEntries: 10,
    freshMs: 5_000,
    staleMs: 60_000,
    waitMs: 100,
    clock: () => now,
    reader: (key) => {
      keys.push(key);
      const answer = answers.shift();
      return answer === undefined ? Promise.reject(new Error('connection refused')) : Promise.resolve(answer);
    },
  });
  const afterThisTurn = () => new Promise((resolve) => setImmediate(resolve)).then(() => new Promise((resolve) => setImmediate(resolve)));
  return { cache, keys, afterThisTurn, advance: (ms: number) => (now += ms) };
}

test('a value asked for in the last second of its freshness is read again after this turn, and never goes stale while in use', async () => {
  const { cache, keys, afterThisTurn, advance } = withReader(['v2', 'v3']);
  cache.set('k', 'v1');
  advance(3_900);
  assert.equal(cache.fresh('k'), 'v1');
  await afterThisTurn();
  assert.deepEqual(keys, [], 'earlier than the last second: nothing read');
  advance(200);
  assert.equal(cache.fresh('k'), 'v1', 'the caller gets the value it had at once');
  assert.deepEqual(keys, [], 'the read waits for the end of the turn');
  assert.equal(cache.fresh('k'), 'v1');
  await afterThisTurn();
  assert.deepEqual(keys, ['k'], 'one read, however many callers asked in the turn');
  advance(1_000);
  assert.equal(cache.fresh('k'), 'v2', 'past the first freshness, the renewed value is fresh: no caller waits on a read');
  advance(3_500);
  assert.equal(await cache.get('k', () => Promise.resolve('unused')), 'v2');
  await afterThisTurn();
  assert.deepEqual(keys, ['k', 'k'], 'get() renews a value in use the same way');
});

test('a background read that fails changes nothing: past its freshness the value is read on the request path', async () => {
  const { cache, keys, afterThisTurn, advance } = withReader([]);
  cache.set('k', 'v1');
  advance(4_500);
  assert.equal(cache.fresh('k'), 'v1');
  await afterThisTurn();
  assert.deepEqual(keys, ['k']);
  advance(600);
  assert.equal(cache.fresh('k'), undefined, 'stale now: the failed read renewed nothing');
  assert.equal(await cache.get('k', () => Promise.resolve('v2')), 'v2');
});

test('a key deleted while its background read runs is not brought back by it', async () => {
  const { cache, afterThisTurn, advance } = withReader(['revoked-but-read']);
  cache.set('k', 'v1');
  advance(4_500);
  cache.fresh('k');
  cache.delete('k');
  await afterThisTurn();
  assert.equal(cache.fresh('k'), undefined);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LruCache } from './lru-cache.js';

test('the least recently used entry is evicted first', () => {
  const cache = new LruCache<string, number>({ maxEntries: 2 });
  cache.set('a', 1);
  cache.set('b', 2);
  assert.equal(cache.get('a'), 1); // a is now the most recent
  cache.set('c', 3);
  assert.equal(cache.get('b'), undefined);
  assert.equal(cache.get('a'), 1);
  assert.equal(cache.get('c'), 3);
  assert.equal(cache.evictions, 1);
});

test('entries expire after the TTL of the injected clock', () => {
  let now = 1_000;
  const cache = new LruCache<string, string>({ maxEntries: 10, ttlMs: 500, clock: () => now });
  cache.set('k', 'v');
  now += 499;
  assert.equal(cache.get('k'), 'v');
  now += 1;
  assert.equal(cache.get('k'), undefined);
  assert.equal(cache.size, 0);
});

test('a per-entry TTL overrides the default', () => {
  let now = 0;
  const cache = new LruCache<string, string>({ maxEntries: 10, ttlMs: 100, clock: () => now });
  cache.set('short', 'x', 10);
  cache.set('long', 'y');
  now = 50;
  assert.equal(cache.get('short'), undefined);
  assert.equal(cache.get('long'), 'y');
});

test('the size bound evicts oldest entries and refuses values larger than the bound', () => {
  const cache = new LruCache<string, string>({ maxEntries: 100, maxSize: 10, sizeOf: (value) => value.length });
  cache.set('a', '1234');
  cache.set('b', '1234');
  cache.set('c', '1234');
  assert.equal(cache.get('a'), undefined);
  assert.equal(cache.weight, 8);
  cache.set('huge', '12345678901');
  assert.equal(cache.get('huge'), undefined);
  assert.equal(cache.weight, 8);
});

test('replacing a key keeps the size accounting exact', () => {
  const cache = new LruCache<string, string>({ maxEntries: 5, maxSize: 100, sizeOf: (value) => value.length });
  cache.set('a', 'xxxx');
  cache.set('a', 'xx');
  assert.equal(cache.weight, 2);
  assert.equal(cache.delete('a'), true);
  assert.equal(cache.weight, 0);
});

test('reading the newest entry again keeps the order right when others are read in between', () => {
  const cache = new LruCache<string, number>({ maxEntries: 3 });
  cache.set('a', 1);
  cache.set('b', 2);
  cache.set('c', 3);
  cache.get('c');
  cache.get('a'); // a is now the newest, b the oldest
  cache.get('a');
  cache.set('d', 4);
  assert.equal(cache.get('b'), undefined);
  assert.deepEqual([cache.get('a'), cache.get('c'), cache.get('d')], [1, 3, 4]);
});

test('the least recently used entry can be read without using it, for a caller that evicts by its own measure', () => {
  const cache = new LruCache<string, number>({ maxEntries: 10 });
  assert.equal(cache.leastRecentlyUsed(), undefined);
  cache.set('a', 1);
  cache.set('b', 2);
  assert.deepEqual(cache.leastRecentlyUsed(), ['a', 1]);
  assert.deepEqual(cache.leastRecentlyUsed(), ['a', 1], 'reading it does not make it used');
  cache.get('a');
  assert.deepEqual(cache.leastRecentlyUsed(), ['b', 2]);
  cache.delete('b');
  assert.deepEqual(cache.leastRecentlyUsed(), ['a', 1]);
});

test('over thousands of random reads, writes and deletes the cache holds what a plain recency list holds, in the same order', () => {
  // The reference: keys in an array, least recently used first, as the bound's definition reads.
  const maxEntries = 7;
  const cache = new LruCache<number, number>({ maxEntries });
  const order: number[] = [];
  const values = new Map<number, number>();
  let seed = 42;
  const random = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % below;
  };
  const touch = (key: number) => {
    order.splice(order.indexOf(key), 1);
    order.push(key);
  };
  for (let step = 0; step < 5000; step++) {
    const key = random(12);
    const action = random(10);
    if (action < 4) {
      cache.set(key, step);
      if (values.has(key)) order.splice(order.indexOf(key), 1);
      order.push(key);
      values.set(key, step);
      if (order.length > maxEntries) values.delete(order.shift()!);
    } else if (action < 8) {
      const expected = values.get(key);
      assert.equal(cache.get(key), expected, `step ${step}: get(${key})`);
      if (expected !== undefined) touch(key);
    } else {
      assert.equal(cache.delete(key), values.has(key), `step ${step}: delete(${key})`);
      if (values.delete(key)) order.splice(order.indexOf(key), 1);
    }
    assert.equal(cache.size, order.length);
    const oldest = order[0];
    assert.deepEqual(cache.leastRecentlyUsed(), oldest === undefined ? undefined : [oldest, values.get(oldest)], `step ${step}: the least recently used`);
  }
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waitFor } from '../support/helpers.js';
import { MemorySharedState } from '../../src/storage/memory/memory-shared-state.js';
import { openSharedState } from '../../src/storage/open-storage.js';
import { describeSharedStateContract } from './shared-state.contract.js';

describeSharedStateContract('memory', async () => {
  const state = new MemorySharedState();
  return { state, cleanup: () => state.close() };
});

test('openSharedState without redisUrl is in process', async () => {
  const state = await openSharedState({});
  try {
    assert.equal(state.kind, 'memory');
  } finally {
    await state.close();
  }
});

test('the sweep removes expired entries that are never read again', async () => {
  const state = new MemorySharedState({ sweepIntervalMs: 20 });
  try {
    await state.set('stale', 'x', 10);
    await state.set('live', 'y');
    // Reach the map without a read, which would expire lazily and hide what the sweep did.
    const entries = (state as unknown as { entries: Map<string, unknown> }).entries;
    assert.ok(await waitFor(() => entries.size === 1, 2000), 'the sweep ran');
    assert.deepEqual([...entries.keys()], ['live']);
  } finally {
    await state.close();
  }
});

test('the logs are bounded in bytes: the least recently used go whole, the one just written keeps its newest', async () => {
  // Two bytes a character and 64 per entry (memory-shared-state.ts): 10,000-character entries count 20,064 bytes.
  const entry = (letter: string) => letter.repeat(10_000);
  const state = new MemorySharedState({ maxDroppableBytes: 3 * 20_064 });
  try {
    await state.appendLog('conversation:a', entry('a'), 20, 60_000);
    await state.appendLog('conversation:b', entry('b'), 20, 60_000);
    await state.appendLog('conversation:c', entry('c'), 20, 60_000);
    assert.equal(state.droppableSize, 3 * 20_064);
    // Reading a makes b the least recently used.
    assert.equal((await state.readLog('conversation:a', '', 10)).length, 1);
    await state.appendLog('conversation:d', entry('d'), 20, 60_000);
    assert.equal((await state.readLog('conversation:b', '', 10)).length, 0, 'b went');
    for (const key of ['conversation:a', 'conversation:c', 'conversation:d']) assert.equal((await state.readLog(key, '', 10)).length, 1, key);
    assert.equal(state.droppableSize, 3 * 20_064);
    // One log alone over the bound keeps its newest entries; the others went first.
    for (let turn = 0; turn < 5; turn++) await state.appendLog('conversation:e', entry(String(turn)), 20, 60_000);
    assert.deepEqual((await state.readLog('conversation:e', '', 10)).map((kept) => kept.value[0]), ['2', '3', '4']);
    assert.equal(state.droppableSize, 3 * 20_064);
    // Counters are never dropped to make room; e, the least recently used log now, goes whole.
    await state.increment('rpm:key', 1, 60_000);
    await state.appendLog('conversation:f', entry('f'), 20, 60_000);
    assert.equal(await state.get('rpm:key'), '1');
    assert.equal((await state.readLog('conversation:e', '', 10)).length, 0);
    assert.equal(state.droppableSize, 20_064);
    // Deleting a log gives its bytes back.
    await state.delete('conversation:f');
    assert.equal(state.droppableSize, 0);
  } finally {
    await state.close();
  }
});

test('the sweep removes expired logs that are never read again', async () => {
  const state = new MemorySharedState({ sweepIntervalMs: 20 });
  try {
    await state.appendLog('stale', 'x', 10, 10);
    await state.appendLog('live', 'y', 10, 60_000);
    const logs = (state as unknown as { logs: Map<string, unknown> }).logs;
    assert.ok(await waitFor(() => logs.size === 1, 2000), 'the sweep ran');
    assert.deepEqual([...logs.keys()], ['live']);
    assert.equal(state.droppableSize, 2 + 64);
  } finally {
    await state.close();
  }
});

test('a pinned log is never dropped to make room, even when it is the least recently used', async () => {
  const state = new MemorySharedState({ maxDroppableBytes: 3 * 20_064 });
  try {
    await state.appendLog('index', 'conversation:a', 100, 60_000, { pinned: true });
    for (const letter of ['a', 'b', 'c', 'd']) await state.appendLog(`conversation:${letter}`, letter.repeat(10_000), 20, 60_000);
    assert.deepEqual((await state.readLog('index', '', 10)).map((entry) => entry.value), ['conversation:a']);
    assert.ok(state.droppableSize <= 3 * 20_064);
  } finally {
    await state.close();
  }
});

test('droppable values share the logs\' bound: the least recently used of both go first, counters and plain values never', async () => {
  // A value counts 2 × (key + value characters) + 96 bytes (memory-shared-state.ts): a 10,000-character value under a
  // 7-character key counts 20,110; a 10,000-character log entry 20,064.
  const value = (letter: string) => letter.repeat(10_000);
  const state = new MemorySharedState({ maxDroppableBytes: 3 * 20_110 });
  try {
    await state.set('plain:a', value('p'), 60_000);
    await state.increment('counter', 1, 60_000);
    await state.set('value:a', value('a'), 60_000, { droppable: true });
    await state.appendLog('log:b', value('b'), 20, 60_000);
    assert.equal(await state.setIfAbsent('value:c', value('c'), 60_000, { droppable: true }), true);
    assert.equal(state.droppableSize, 2 * 20_110 + 20_064, 'plain values and counters are not counted');
    // Reading value:a makes log:b the least recently used: the next write drops it, not the value.
    assert.equal(await state.get('value:a'), value('a'));
    await state.set('value:d', value('d'), 60_000, { droppable: true });
    assert.deepEqual(await state.readLog('log:b', '', 10), [], 'the log went');
    assert.equal(await state.get('value:a'), value('a'));
    // Now value:c is the oldest used: a log appended goes in its place.
    await state.appendLog('log:e', value('e'), 20, 60_000);
    assert.equal(await state.get('value:c'), undefined, 'value:c went');
    assert.equal(await state.get('value:d'), value('d'));
    assert.equal((await state.readLog('log:e', '', 10)).length, 1);
    assert.equal(await state.get('plain:a'), value('p'), 'a value set without droppable is never dropped');
    assert.equal(await state.get('counter'), '1');
    // A value larger than the whole bound is not kept; overwriting a value counts its new size only.
    await state.set('value:huge', value('h').repeat(4), 60_000, { droppable: true });
    assert.equal(await state.get('value:huge'), undefined);
    await state.set('value:d', 'short', 60_000, { droppable: true });
    await state.delete('value:a');
    await state.delete('log:e');
    assert.equal(state.droppableSize, 2 * ('value:d'.length + 'short'.length) + 96);
    // Set again without droppable, a key leaves the room.
    await state.set('value:d', value('d'), 60_000);
    assert.equal(state.droppableSize, 0);
    assert.equal(await state.get('value:d'), value('d'));
  } finally {
    await state.close();
  }
});

test('the sweep removes expired droppable values that are never read again', async () => {
  const state = new MemorySharedState({ sweepIntervalMs: 20 });
  try {
    await state.set('stale', 'x', 10, { droppable: true });
    await state.set('live', 'y', 60_000, { droppable: true });
    assert.ok(await waitFor(() => state.droppableSize === 2 * ('live'.length + 1) + 96, 2000), `the sweep ran (${state.droppableSize})`);
    assert.equal(await state.get('live'), 'y');
  } finally {
    await state.close();
  }
});

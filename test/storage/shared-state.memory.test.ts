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

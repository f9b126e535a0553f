import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { waitFor } from '../support/helpers.js';
import type { SharedState } from '../../src/storage/storage-types.js';

/**
 * The behaviour every SharedState must have. Each test gets a fresh state from makeState and
 * calls cleanup afterwards (which must close it and remove its keys).
 */
export type MakeSharedState = () => Promise<{ state: SharedState; cleanup: () => Promise<void> }>;

export function describeSharedStateContract(name: string, makeState: MakeSharedState, options: { skip?: string } = {}): void {
  async function withState(body: (state: SharedState) => Promise<void>): Promise<void> {
    const { state, cleanup } = await makeState();
    try {
      await body(state);
    } finally {
      await cleanup();
    }
  }

  describe(`SharedState contract: ${name}`, { skip: options.skip }, () => {
    test('ping answers', () => withState((state) => state.ping()));

    test('a published message reaches every subscriber of its channel, and only them', () =>
      withState(async (state) => {
        const first: string[] = [];
        const second: string[] = [];
        const other: string[] = [];
        await state.subscribe('news', (message) => first.push(message));
        await state.subscribe('news', (message) => second.push(message));
        await state.subscribe('other', (message) => other.push(message));
        await state.publish('news', 'key-1 revoked');
        assert.ok(await waitFor(() => first.length === 1 && second.length === 1, 2000), `delivered: ${first}, ${second}`);
        assert.deepEqual([first, second, other], [['key-1 revoked'], ['key-1 revoked'], []]);
      }));

    test('increment accumulates integer and fractional amounts per key', () =>
      withState(async (state) => {
        assert.equal(await state.increment('counter', 2, 10_000), 2);
        assert.equal(await state.increment('counter', 3, 10_000), 5);
        assert.equal(await state.increment('counter', 0.5, 10_000), 5.5);
        assert.equal(await state.increment('counter', -1.5, 10_000), 4);
        assert.equal(await state.increment('other', 1, 10_000), 1);
        assert.equal(await state.get('counter'), '4');
        assert.equal(await state.get('other'), '1');
      }));

    test('a counter expires ttlMs after it was created, not after its last increment', () =>
      withState(async (state) => {
        const created = Date.now();
        await state.increment('window', 1, 150);
        assert.equal(await state.increment('window', 1, 10_000), 2);
        const remaining = await state.ttl('window');
        assert.ok(remaining !== undefined && remaining <= 150, `ttl kept from creation, got ${remaining}`);
        assert.ok(await waitFor(async () => (await state.get('window')) === undefined, 2000), 'the window expires');
        assert.ok(Date.now() - created >= 140, 'not before its ttl');
        assert.equal(await state.ttl('window'), undefined);
        assert.equal(await state.increment('window', 1, 10_000), 1, 'a new window starts from zero');
      }));

    test('a counter that reached zero keeps its expiry', () =>
      withState(async (state) => {
        await state.increment('zero', 1, 150);
        assert.equal(await state.increment('zero', -1, 10_000), 0);
        const remaining = await state.ttl('zero');
        assert.ok(remaining !== undefined && remaining <= 150, `ttl kept, got ${remaining}`);
      }));

    test('ttl reports the time left, or undefined when absent or without expiry', () =>
      withState(async (state) => {
        assert.equal(await state.ttl('absent'), undefined);
        await state.set('forever', 'v');
        assert.equal(await state.ttl('forever'), undefined);
        await state.set('soon', 'v', 5000);
        const remaining = await state.ttl('soon');
        assert.ok(remaining !== undefined && remaining > 4000 && remaining <= 5000, `got ${remaining}`);
        await state.increment('counted', 1, 3000);
        const counterRemaining = await state.ttl('counted');
        assert.ok(counterRemaining !== undefined && counterRemaining > 2000 && counterRemaining <= 3000, `got ${counterRemaining}`);
      }));

    test('set with ttl expires; set without ttl replaces the value and removes the expiry', () =>
      withState(async (state) => {
        await state.set('short', 'a', 150);
        assert.equal(await state.get('short'), 'a');
        await state.set('kept', 'a', 150);
        await state.set('kept', 'b');
        assert.ok(await waitFor(async () => (await state.get('short')) === undefined, 2000), 'the short entry expires');
        assert.equal(await state.get('kept'), 'b');
        assert.equal(await state.get('never-set'), undefined);
      }));

    test('delete removes a key; deleting an absent key is fine', () =>
      withState(async (state) => {
        await state.set('doomed', 'x');
        await state.increment('doomed-counter', 4, 10_000);
        await state.delete('doomed');
        await state.delete('doomed-counter');
        await state.delete('never-existed');
        assert.equal(await state.get('doomed'), undefined);
        assert.equal(await state.increment('doomed-counter', 1, 10_000), 1);
      }));

    test('increment of a stored number adds to it; of text it fails', () =>
      withState(async (state) => {
        await state.set('numeric', '10');
        assert.equal(await state.increment('numeric', 5, 10_000), 15);
        await state.set('text', 'hello');
        await assert.rejects(state.increment('text', 1, 10_000));
        assert.equal(await state.get('text'), 'hello');
      }));

    test('a log is read in order, after a given id, in pages; it expires after its TTL', () =>
      withState(async (state) => {
        assert.deepEqual(await state.readLog('log', '', 10), [], 'an absent log is empty');
        const ids: string[] = [];
        for (const value of ['a', 'b', 'c', 'd']) ids.push(await state.appendLog('log', value, 100, 10_000));
        assert.deepEqual((await state.readLog('log', '', 10)).map((entry) => entry.value), ['a', 'b', 'c', 'd']);
        assert.deepEqual(await state.readLog('log', ids[1], 10), [{ id: ids[2], value: 'c' }, { id: ids[3], value: 'd' }]);
        assert.deepEqual((await state.readLog('log', '', 2)).map((entry) => entry.value), ['a', 'b'], 'at most count');
        assert.deepEqual(await state.readLog('log', ids[3], 10), [], 'nothing after the newest');
        await state.appendLog('short', 'x', 100, 50);
        assert.ok(await waitFor(async () => (await state.readLog('short', '', 10)).length === 0, 2000));
      }));

    test('a log keeps about maxLength entries, the newest', () =>
      withState(async (state) => {
        for (let index = 0; index < 300; index++) await state.appendLog('capped', String(index), 100, 10_000);
        const entries = await state.readLog('capped', '', 1000);
        // Redis trims in whole nodes (MAXLEN ~): a little over the cap is allowed, never the oldest ones all kept.
        assert.ok(entries.length >= 100 && entries.length < 300, `${entries.length} entries kept`);
        assert.equal(entries.at(-1)!.value, '299');
      }));

    test('50 parallel increments sum exactly', () =>
      withState(async (state) => {
        const results = await Promise.all(Array.from({ length: 50 }, () => state.increment('parallel', 1, 10_000)));
        assert.equal(await state.get('parallel'), '50');
        // Atomic: every call saw a different total.
        assert.deepEqual(
          [...results].sort((left, right) => left - right),
          Array.from({ length: 50 }, (_, index) => index + 1),
        );
      }));
  });
}

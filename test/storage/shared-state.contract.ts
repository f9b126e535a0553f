import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { waitFor } from '../support/helpers.js';
import type { SharedState } from '../../src/core/shared-state.js';

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
        for (const value of ['a', 'b', 'c', 'd']) ids.push((await state.appendLog('log', value, 100, 10_000)).id);
        assert.deepEqual((await state.readLog('log', '', 10)).map((entry) => entry.value), ['a', 'b', 'c', 'd']);
        assert.deepEqual(await state.readLog('log', ids[1], 10), [{ id: ids[2], value: 'c' }, { id: ids[3], value: 'd' }]);
        assert.deepEqual((await state.readLog('log', '', 2)).map((entry) => entry.value), ['a', 'b'], 'at most count');
        assert.deepEqual(await state.readLog('log', ids[3], 10), [], 'nothing after the newest');
        await state.appendLog('short', 'x', 100, 50);
        assert.ok(await waitFor(async () => (await state.readLog('short', '', 10)).length === 0, 2000));
      }));

    test("an append says whether it started the log: absent, deleted or expired before it", () =>
      withState(async (state) => {
        assert.equal((await state.appendLog('started', 'a', 100, 10_000)).started, true);
        assert.equal((await state.appendLog('started', 'b', 100, 10_000)).started, false);
        await state.delete('started');
        assert.equal((await state.appendLog('started', 'c', 100, 10_000)).started, true);
        await state.appendLog('brief', 'x', 100, 50);
        assert.ok(await waitFor(async () => (await state.readLog('brief', '', 10)).length === 0, 2000));
        assert.equal((await state.appendLog('brief', 'y', 100, 10_000)).started, true);
      }));

    test('delete removes a log as it removes a value', () =>
      withState(async (state) => {
        await state.appendLog('doomed', 'x', 100, 10_000);
        await state.delete('doomed');
        assert.deepEqual(await state.readLog('doomed', '', 10), []);
      }));

    test('a log keeps about maxLength entries, the newest', () =>
      withState(async (state) => {
        for (let index = 0; index < 300; index++) await state.appendLog('capped', String(index), 100, 10_000);
        const entries = await state.readLog('capped', '', 1000);
        // Redis trims in whole nodes (MAXLEN ~): a little over the cap is allowed, never the oldest ones all kept.
        assert.ok(entries.length >= 100 && entries.length < 300, `${entries.length} entries kept`);
        assert.equal(entries.at(-1)!.value, '299');
      }));

    test('setIfAbsent stores only when the key is absent', () =>
      withState(async (state) => {
        assert.equal(await state.setIfAbsent('seed', '5', 10_000), true);
        assert.equal(await state.setIfAbsent('seed', '7', 10_000), false);
        assert.equal(await state.get('seed'), '5');
      }));

    test('acquireRate: a limit of 3 per window lets 3 through, refuses the 4th with the exact wait, and is all-or-nothing', () =>
      withState(async (state) => {
        const rpm = { key: 'rl:a', limit: 3, windowMs: 60_000, cost: 1 };
        const remaining: number[] = [];
        for (let index = 0; index < 3; index++) {
          const outcome = await state.acquireRate([rpm]);
          assert.equal(outcome.allowed, true);
          remaining.push(outcome.states[0].remaining);
        }
        assert.deepEqual(remaining, [2, 1, 0]);
        const refused = await state.acquireRate([rpm]);
        assert.equal(refused.allowed, false);
        if (!refused.allowed) {
          // One unit frees every 20 s: the 4th fits 20 s after the first (give or take the time the test took).
          assert.ok(refused.retryAfterMs > 19_000 && refused.retryAfterMs <= 20_000, `retry after ${refused.retryAfterMs} ms`);
          assert.equal(refused.failedIndex, 0);
          assert.equal(refused.states[0].remaining, 0);
        }
        // Another limit with room is not charged when one of the checks refuses.
        const other = { key: 'rl:b', limit: 10, windowMs: 60_000, cost: 1 };
        assert.equal((await state.acquireRate([other, rpm])).allowed, false);
        const first = await state.acquireRate([other]);
        assert.equal(first.allowed && first.states[0].remaining, 9, 'rl:b was untouched by the refused pair');
      }));

    test('acquireRate with token costs, and adjustRate refunds what the estimate over-counted', () =>
      withState(async (state) => {
        const tpm = { key: 'rl:tokens', limit: 1000, windowMs: 60_000 };
        assert.equal((await state.acquireRate([{ ...tpm, cost: 800 }])).allowed, true);
        assert.equal((await state.acquireRate([{ ...tpm, cost: 300 }])).allowed, false, '800 + 300 > 1000');
        await state.adjustRate(tpm, -600);
        const after = await state.acquireRate([{ ...tpm, cost: 300 }]);
        assert.equal(after.allowed, true, '200 + 300 ≤ 1000 once 600 were refunded');
        assert.ok(after.states[0].remaining >= 499 && after.states[0].remaining <= 500);
        assert.equal((await state.acquireRate([{ ...tpm, cost: 5000 }])).allowed, false, 'more than the limit never fits');
      }));

    test('reserve: all-or-nothing against caps; 50 parallel reservations of 1 against a cap of 10 let exactly 10 through', () =>
      withState(async (state) => {
        assert.deepEqual(await state.reserve([{ key: 'budget', cap: 1, amount: 0.4 }, { key: 'quota', cap: 100, amount: 10 }], 60_000), { reserved: true, amounts: [0.4, 10] });
        assert.deepEqual(await state.reserve([{ key: 'quota', cap: 100, amount: 10 }, { key: 'budget', cap: 1, amount: 0.7 }], 60_000), { reserved: false, failedIndex: 1, used: 0.4 });
        assert.equal(Number(await state.get('quota')), 10, 'the refused pair changed nothing');
        const outcomes = await Promise.all(Array.from({ length: 50 }, () => state.reserve([{ key: 'burst', cap: 10, amount: 1 }], 60_000)));
        assert.equal(outcomes.filter((outcome) => outcome.reserved).length, 10);
        assert.equal(Number(await state.get('burst')), 10);
      }));

    test('reserve with a minimum: past the cap, what is left is taken when it is at least the minimum — then nothing is left for anyone', () =>
      withState(async (state) => {
        await state.reserve([{ key: 'left', cap: 10, amount: 7 }], 60_000);
        // The worst case (8) does not fit in the 3 left; the realistic 2 does: all 3 are taken.
        assert.deepEqual(await state.reserve([{ key: 'left', cap: 10, amount: 8, minimum: 2 }], 60_000), { reserved: true, amounts: [3] });
        assert.equal(Number(await state.get('left')), 10);
        assert.deepEqual(await state.reserve([{ key: 'left', cap: 10, amount: 8, minimum: 0.5 }], 60_000), { reserved: false, failedIndex: 0, used: 10 });
        // Concurrent: of 20 requests with a minimum of 1 against a cap of 10, the first takes what is left; none overspends.
        const outcomes = await Promise.all(Array.from({ length: 20 }, () => state.reserve([{ key: 'race', cap: 10, amount: 15, minimum: 1 }], 60_000)));
        assert.equal(outcomes.filter((outcome) => outcome.reserved).length, 1);
        assert.equal(Number(await state.get('race')), 10);
      }));

    test('reserve with mustExist: an absent counter is reported and nothing is reserved; once it exists it counts from its value', () =>
      withState(async (state) => {
        await state.setIfAbsent('seeded', '4', 60_000);
        const checks = [
          { key: 'seeded', cap: 10, amount: 1, mustExist: true },
          { key: 'gone', cap: 10, amount: 1, mustExist: true },
        ];
        assert.deepEqual(await state.reserve(checks, 60_000), { reserved: false, failedIndex: 1, absent: true });
        assert.equal(await state.get('seeded'), '4', 'the present counter took nothing');
        assert.equal(await state.get('gone'), undefined, 'the absent one was not created');
        await state.setIfAbsent('gone', '9.5', 60_000);
        assert.deepEqual(await state.reserve(checks, 60_000), { reserved: false, failedIndex: 1, used: 9.5 }, 'present now: refused on its value, 9.5 + 1 > 10');
        assert.deepEqual(await state.reserve([{ key: 'gone', cap: 10, amount: 0.5, mustExist: true }], 60_000), { reserved: true, amounts: [0.5] });
        assert.equal(Number(await state.get('gone')), 10);
      }));

    test('adjustIfPresent corrects a counter that exists and never creates one', () =>
      withState(async (state) => {
        assert.equal(await state.adjustIfPresent('never', -2.5), false);
        assert.equal(await state.get('never'), undefined, 'an absent counter stays absent');
        await state.increment('spent', 3, 60_000);
        assert.equal(await state.adjustIfPresent('spent', -1.25), true);
        assert.equal(Number(await state.get('spent')), 1.75);
        const ttl = await state.ttl('spent');
        assert.ok(ttl !== undefined && ttl > 50_000 && ttl <= 60_000, `the expiry is kept (${ttl} ms)`);
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

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { MemorySharedState } from '../storage/memory/memory-shared-state.js';
import { KeyPool } from './key-pool.js';

const state = new MemorySharedState();
after(() => state.close());

test('keys rotate round-robin: each request starts at the next key', async () => {
  const pool = new KeyPool(state);
  const firsts: string[] = [];
  for (let index = 0; index < 6; index++) firsts.push((await pool.orderKeys('rotation', ['a', 'b', 'c'])).keys[0]);
  assert.deepEqual(firsts, ['a', 'b', 'c', 'a', 'b', 'c']);
});

test('a cooled-down key goes last until its cool-down ends', async () => {
  const pool = new KeyPool(state);
  await pool.coolDown('cooling', 'a', 150);
  const during = await pool.orderKeys('cooling', ['a', 'b']);
  assert.ok(during.coolingDown.has('a'));
  assert.equal(during.keys.at(-1), 'a');
  assert.ok((await pool.soonestRecoveryMs('cooling', ['a', 'b']))! <= 150);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const afterwards = await pool.orderKeys('cooling', ['a', 'b']);
  assert.equal(afterwards.coolingDown.size, 0);
});

test('without Retry-After the default cool-down applies', async () => {
  const pool = new KeyPool(state, 60_000);
  await pool.coolDown('default-cooldown', 'a');
  const remaining = await pool.soonestRecoveryMs('default-cooldown', ['a']);
  assert.ok(remaining! > 55_000 && remaining! <= 60_000);
});

test('an upstream asking for a wait of days puts the key aside for an hour at most', async () => {
  const pool = new KeyPool(state);
  await pool.coolDown('long-wait', 'a', 24 * 3600_000);
  const remaining = await pool.soonestRecoveryMs('long-wait', ['a']);
  assert.ok(remaining! > 3_500_000 && remaining! <= 3_600_000, String(remaining));
});

test('shared state never holds a key in clear', async () => {
  const pool = new KeyPool(state);
  await pool.coolDown('secrets', 'sk-very-secret-key', 1000);
  for (const key of ['keypool:secrets:cool:sk-very-secret-key']) assert.equal(await state.get(key), undefined);
});

test("a provider's only key, found not cooling, is trusted for localTrustMs without a shared-state read; a cool-down set here ends the trust at once", async () => {
  let now = 1_000_000;
  let reads = 0;
  const counting = new MemorySharedState();
  const get = counting.get.bind(counting);
  counting.get = (key: string) => ((reads += 1), get(key));
  const pool = new KeyPool(counting, 30_000, 1000, () => now);
  try {
    assert.equal(pool.trustedOrder('single', ['sk-only']), undefined, 'nothing is trusted before a read');
    assert.deepEqual((await pool.orderKeys('single', ['sk-only'])).keys, ['sk-only']);
    assert.equal(reads, 1);
    const trusted = pool.trustedOrder('single', ['sk-only']);
    assert.deepEqual(trusted?.keys, ['sk-only'], 'trusted after a read found it usable');
    assert.equal(trusted?.coolingDown.size, 0);
    assert.equal(pool.trustedOrder('single', ['sk-only', 'sk-two']), undefined, 'a pool of several keys is never trusted');
    now += 1000;
    assert.equal(pool.trustedOrder('single', ['sk-only']), undefined, 'the trust lasts localTrustMs');

    await pool.orderKeys('single', ['sk-only']);
    await pool.coolDown('single', 'sk-only', 60_000);
    assert.equal(pool.trustedOrder('single', ['sk-only']), undefined, 'a cool-down set here ends the trust');
    const cooled = await pool.orderKeys('single', ['sk-only']);
    assert.ok(cooled.coolingDown.has('sk-only'));
    assert.equal(pool.trustedOrder('single', ['sk-only']), undefined, 'a cooling key is not trusted');
  } finally {
    counting.close();
  }
});

test('a read of shared state that raced this instance\'s own cool-down does not trust the key', async () => {
  const racing = new MemorySharedState();
  const pool = new KeyPool(racing);
  // The read answers as shared state stood before the cool-down's write landed.
  racing.get = async () => undefined;
  try {
    const reading = pool.orderKeys('race', ['sk-only']);
    await pool.coolDown('race', 'sk-only', 60_000);
    assert.ok((await reading).coolingDown.has('sk-only'), 'the raced read reports the key cooling down');
    assert.equal(pool.trustedOrder('race', ['sk-only']), undefined);
  } finally {
    racing.close();
  }
});

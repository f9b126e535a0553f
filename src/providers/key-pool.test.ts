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

test('shared state never holds a key in clear', async () => {
  const pool = new KeyPool(state);
  await pool.coolDown('secrets', 'sk-very-secret-key', 1000);
  for (const key of ['keypool:secrets:cool:sk-very-secret-key']) assert.equal(await state.get(key), undefined);
});

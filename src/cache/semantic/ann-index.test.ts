import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnnIndex } from './ann-index.js';

/** 12 dimensions (not whole bytes): +1 where `positive` names the dimension, −1 elsewhere. */
function vector(...positive: number[]): Float32Array {
  const values = new Float32Array(12).fill(-1);
  for (const dimension of positive) values[dimension] = 1;
  return values;
}

test('the ANN index proposes the nearest vectors first, forgets removed ones, and answers nothing once emptied', () => {
  const index = new AnnIndex(12);
  assert.deepEqual(index.search(vector(0), 3), []);
  index.add(10, vector(0, 1, 2));
  index.add(11, vector(6, 7, 8, 9, 10, 11));
  index.add(12, vector(0, 1, 2, 3));
  assert.deepEqual(index.search(vector(0, 1, 2), 2), [10, 12]);
  assert.deepEqual(index.search(vector(7, 8, 9, 10, 11), 1), [11]);
  index.remove(10);
  assert.deepEqual(index.search(vector(0, 1, 2), 1), [12]);
  index.remove(12);
  index.remove(12); // removing twice changes nothing
  index.remove(11);
  assert.deepEqual(index.search(vector(3), 3), []);
  index.add(13, vector(5));
  assert.deepEqual(index.search(vector(5), 3), [13]);
});

test('dimensions past the last whole byte count: vectors differing only there are told apart', () => {
  const index = new AnnIndex(12);
  index.add(1, vector(8, 9));
  index.add(2, vector(10, 11));
  assert.deepEqual(index.search(vector(10, 11), 1), [2]);
  assert.deepEqual(index.search(vector(8, 9), 1), [1]);
});

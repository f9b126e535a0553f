import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnnIndex } from './ann-index.js';

/** A unit vector along `axis` (of 8), tilted a little towards the next axis so neighbours are ordered. */
function vector(axis: number, tilt = 0): Float32Array {
  const values = new Float32Array(8);
  values[axis] = 1;
  values[(axis + 1) % 8] = tilt;
  const norm = Math.hypot(1, tilt);
  return values.map((value) => value / norm);
}

test('the ANN index finds the nearest vectors first, forgets removed ones, and answers nothing once emptied', () => {
  const index = new AnnIndex(8);
  assert.deepEqual(index.search(vector(0), 3), []);
  index.add(10, vector(0));
  index.add(11, vector(3));
  index.add(12, vector(0, 0.5));
  assert.deepEqual(index.search(vector(0, 0.1), 2), [10, 12]);
  index.remove(10);
  assert.deepEqual(index.search(vector(0, 0.1), 1), [12]);
  index.remove(12);
  index.remove(12); // removing twice changes nothing
  index.remove(11);
  assert.deepEqual(index.search(vector(3), 3), []);
  index.add(13, vector(5));
  assert.deepEqual(index.search(vector(5), 3), [13]);
});

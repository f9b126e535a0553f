import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dot, dotQuantized, embedLocally, normalize, quantize } from './local-embedder.js';

/** A reproducible unit vector (a linear congruential generator: the test needs no randomness of its own). */
function unitVector(dimensions: number, seed: number): Float32Array {
  const vector = new Float32Array(dimensions);
  let state = seed;
  for (let index = 0; index < dimensions; index++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    vector[index] = state / 2 ** 31 - 0.5;
  }
  return normalize(vector);
}

test('a stored vector takes one byte a component, and a prompt against its own entry reads similarity 1.0000', () => {
  for (const vector of [embedLocally('what is the capital of france'), unitVector(1536, 7)]) {
    const kept = quantize(vector);
    assert.equal(kept.bytes.length, vector.length);
    assert.equal(dotQuantized(vector, kept.bytes, kept.step).toFixed(4), '1.0000');
  }
});

test('the similarity to a quantized vector is within 0.003 of the exact cosine', () => {
  for (let seed = 1; seed <= 50; seed++) {
    const [stored, asked] = [unitVector(356, seed), unitVector(356, seed + 1000)];
    // Make the pair close, as candidates near the threshold are.
    for (let index = 0; index < 356; index++) asked[index] = 0.8 * stored[index] + 0.2 * asked[index];
    normalize(asked);
    const kept = quantize(stored);
    assert.ok(Math.abs(dotQuantized(asked, kept.bytes, kept.step) - dot(asked, stored)) < 0.003, `seed ${seed}`);
  }
});

test('a vector of zeros stays zeros', () => {
  const kept = quantize(new Float32Array(8));
  assert.equal(dotQuantized(unitVector(8, 3), kept.bytes, kept.step), 0);
});

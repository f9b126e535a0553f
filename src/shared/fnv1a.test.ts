import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fnv1a } from './fnv1a.js';

test('fnv1a: the published 32-bit FNV-1a values', () => {
  // Test vectors of the FNV reference (draft-eastlake-fnv): "" → 0x811c9dc5, "a" → 0xe40c292c, "foobar" → 0xbf9cf968.
  assert.equal(fnv1a(''), 0x811c9dc5);
  assert.equal(fnv1a('a'), 0xe40c292c);
  assert.equal(fnv1a('foobar'), 0xbf9cf968);
});

test('fnv1a: hashing goes on from the hash of what came before, as if the parts were one string', () => {
  assert.equal(fnv1a('bar', fnv1a('foo')), 0xbf9cf968);
  assert.equal(fnv1a('übersetzen', fnv1a('s:w:')), fnv1a('s:w:übersetzen'));
  assert.equal(fnv1a('', fnv1a('x')), fnv1a('x'));
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flattened } from './flat-string.js';

test('a flattened string is the same text, whatever it holds', () => {
  const built = JSON.stringify({ answer: 'x'.repeat(2000), n: [1, 2, 3] });
  for (const text of [built, '', '42', '  7 ', 'NaN', '0x1f', `${'a'.repeat(100)}${'b'.repeat(100)}`, '日本語 🙂']) assert.equal(flattened(text), text);
});

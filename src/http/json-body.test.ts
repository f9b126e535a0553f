import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonDepthExceeds } from './json-body.js';

test('JSON depth: nesting past the limit is found, however many brackets a shallow body holds', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  assert.equal(jsonDepthExceeds(nested(128), 128), false, 'exactly the limit is allowed');
  assert.equal(jsonDepthExceeds(nested(129), 128), true);
  assert.equal(jsonDepthExceeds(`{"messages": [${nested(200)}]}`, 128), true);
  // Many brackets, little depth: 300 flat objects, and brackets inside strings (escaped quotes too).
  const flat = `[${Array.from({ length: 300 }, (_, index) => `{"n": ${index}, "list": [1, 2]}`).join(',')}]`;
  assert.equal(jsonDepthExceeds(flat, 128), false);
  assert.equal(jsonDepthExceeds(JSON.stringify({ content: `${'{['.repeat(400)} \\" ${'[{'.repeat(400)}` }), 128), false);
  assert.equal(jsonDepthExceeds(JSON.stringify({ content: '"' + '['.repeat(300) }) + nested(10), 128), false);
  // A string that ends in an escaped backslash ends at its quote: the brackets after it count (no quote follows
  // to end a string read as still open).
  assert.equal(jsonDepthExceeds(`["x\\\\", ${nested(128)}]`, 128), true);
  assert.equal(jsonDepthExceeds(`["x\\\\", ${nested(127)}]`, 128), false);
  // An unterminated string is not JSON: the parser refuses it next.
  assert.equal(jsonDepthExceeds(`{"a": "${'['.repeat(300)}`, 128), false);
});

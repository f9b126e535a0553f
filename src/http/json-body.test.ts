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
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { limitHeapGrowth } from './heap-growth.js';

test('the heap growth limit is set unless the operator chose one, in node flags or NODE_OPTIONS, with dashes or underscores', () => {
  assert.equal(limitHeapGrowth(['--heap-growing-percent=80'], ''), false);
  assert.equal(limitHeapGrowth([], '--max-old-space-size=512 --heap_growing_percent=50'), false);
  assert.equal(limitHeapGrowth(['--max-semi-space-size=16'], '--enable-source-maps'), true);
});

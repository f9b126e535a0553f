import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyV8StartSettings } from './v8-settings.js';

test("each V8 start setting is made unless the operator chose that flag, in node flags or NODE_OPTIONS, with dashes or underscores", () => {
  assert.deepEqual(applyV8StartSettings(['--heap-growing-percent=80'], ''), ['--no-parallel-scavenge']);
  assert.deepEqual(applyV8StartSettings([], '--max-old-space-size=512 --heap_growing_percent=50 --parallel-scavenge'), []);
  assert.deepEqual(applyV8StartSettings(['--no_parallel_scavenge'], ''), ['--heap-growing-percent=40']);
  assert.deepEqual(applyV8StartSettings(['--max-semi-space-size=16'], '--enable-source-maps'), ['--heap-growing-percent=40', '--no-parallel-scavenge']);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newRequestId } from './request-id.js';

test('request ids: req_ + 32 hex, unique, and ordered by the millisecond they were made in', async () => {
  const before = Date.now();
  const ids: string[] = [];
  for (let index = 0; index < 5000; index++) {
    ids.push(newRequestId());
    if (index === 2500) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const after = Date.now();
  for (const id of ids) assert.match(id, /^req_[0-9a-f]{32}$/);
  assert.equal(new Set(ids).size, ids.length, 'no id repeats');
  const millis = ids.map((id) => parseInt(id.slice(4, 16), 16));
  for (const at of millis) assert.ok(at >= before && at <= after, `the clock part ${at} lies within the test's ${before}–${after}`);
  for (let index = 1; index < millis.length; index++) assert.ok(millis[index] >= millis[index - 1], 'later ids sort after earlier ones');
  // The rest is random: ids of the same millisecond differ in it, in more than a counter's last digits.
  const sameMillisecond = ids.filter((id) => id.slice(4, 16) === ids[0].slice(4, 16));
  assert.ok(new Set(sameMillisecond.map((id) => id.slice(16, 24))).size > sameMillisecond.length / 2);
});

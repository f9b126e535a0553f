import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BloomFilter } from './bloom-filter.js';

const members = Array.from({ length: 20_000 }, (_, index) => `member-${index}`);

test('a Bloom filter knows every member, also after a round trip through its bytes', () => {
  const filter = BloomFilter.sized(members.length, 0.01);
  for (const member of members) filter.add(member);
  const restored = BloomFilter.fromBytes(filter.toBytes());
  assert.deepEqual(members.filter((member) => !restored.has(member)), []);
});

test('a Bloom filter says yes to non-members at about the rate it was sized for (1 %)', () => {
  const filter = BloomFilter.sized(members.length, 0.01);
  for (const member of members) filter.add(member);
  let wrong = 0;
  for (let index = 0; index < 100_000; index++) if (filter.has(`stranger-${index}`)) wrong++;
  assert.ok(wrong > 200 && wrong < 2000, `${wrong} false positives in 100,000 (expected about 1,000)`);
});

test('bytes that are not a filter are refused', () => {
  assert.throws(() => BloomFilter.fromBytes(new Uint8Array(12)), /not a Bloom filter/);
});

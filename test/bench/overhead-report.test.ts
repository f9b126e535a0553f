import { test } from 'node:test';
import assert from 'node:assert/strict';
import { combineRounds, roundRatios, type TargetResult } from '../../bench/overhead-report.js';

/** A round as the load generator reports it, from its measured latencies (ms) and the target's CPU time over them (µs). */
function roundOf(latencies: number[], cpuUs: number, measuredSeconds: number): TargetResult {
  const none = { p50: NaN, p90: NaN, p99: NaN, max: NaN, mean: NaN };
  return {
    requests: latencies.length,
    errors: 0,
    measuredSeconds,
    rps: latencies.length / measuredSeconds,
    total: none,
    firstByte: none,
    samples: { total: Float64Array.from(latencies), firstByte: Float64Array.from(latencies, (value) => value / 2) },
    cpuUs,
    cpuUsPerRequest: cpuUs / latencies.length,
  };
}

test("rounds are pooled: a target's percentiles are those of all its rounds' requests, its CPU a request all their CPU over all their requests", () => {
  // A quiet round of four requests at 100 µs each, a busy one of two at 300 µs: six requests, 1,000 µs.
  const pooled = combineRounds([roundOf([1, 2, 3, 4], 400, 1), roundOf([10, 20], 600, 1)]);
  assert.equal(pooled.requests, 6);
  // Nearest rank over [1, 2, 3, 4, 10, 20]: p50 the 3rd, p90 and p99 the 6th; the mean 40 / 6.
  assert.equal(pooled.total.p50, 3);
  assert.equal(pooled.total.p90, 20);
  assert.equal(pooled.total.p99, 20);
  assert.equal(pooled.total.max, 20);
  assert.ok(Math.abs(pooled.total.mean - 40 / 6) < 1e-9);
  assert.equal(pooled.firstByte.p50, 1.5);
  // Not the median of the rounds' 100 and 300 (200): the busy round weighs by its two requests.
  assert.ok(Math.abs(pooled.cpuUsPerRequest! - 1000 / 6) < 1e-9, `${pooled.cpuUsPerRequest}`);
  assert.equal(pooled.rps, 3);
});

test('one round is reported as it is', () => {
  const only = roundOf([5], 50, 1);
  assert.equal(combineRounds([only]), only);
});

test('pooling needs every round to keep its latencies', () => {
  const { samples: _samples, ...withoutSamples } = roundOf([1], 10, 1);
  assert.throws(() => combineRounds([roundOf([1], 10, 1), withoutSamples]), /keep its samples/);
});

test("each round's CPU ratio is read against the bare proxy of the same round", () => {
  const bare = [roundOf([1, 1], 200, 1), roundOf([1, 1], 400, 1)];
  const svc = [roundOf([1, 1], 300, 1), roundOf([1, 1], 500, 1)];
  const ratios = roundRatios({ direct: [], bare, svc, governed: [] }, 'svc');
  assert.deepEqual(ratios, [1.5, 1.25]);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { EVENT_LOOP_SAMPLE_MS, GatewayMetrics } from './metrics.js';

/** A gauge's value in the Prometheus text. */
function gauge(text: string, name: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  assert.ok(line, `${name} in /metrics`);
  return Number(line.slice(name.length + 1));
}

test('a stall of the event loop shows whole in the lag maximum, though the loop is sampled only every 100 ms', async () => {
  assert.equal(EVENT_LOOP_SAMPLE_MS, 100);
  const metrics = new GatewayMetrics();
  await sleep(2 * EVENT_LOOP_SAMPLE_MS);
  const stalledUntil = Date.now() + 300;
  while (Date.now() < stalledUntil) {
    // The loop is held, as a synchronous piece of work would hold it.
  }
  // The sampling timer fires once the loop is free again, late by the stall.
  await sleep(2 * EVENT_LOOP_SAMPLE_MS);
  const text = await metrics.registry.metrics();
  assert.ok(gauge(text, 'svc_process_nodejs_eventloop_lag_max_seconds') >= 0.25, 'the 300 ms stall is in the maximum');
  assert.ok(gauge(text, 'svc_process_nodejs_eventloop_lag_p99_seconds') >= 0.25, 'and in the 99th percentile');
});

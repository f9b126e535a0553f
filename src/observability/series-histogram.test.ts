import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Histogram, Registry } from 'prom-client';
import { SeriesHistogram } from './series-histogram.js';

const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const observations: Array<[Record<'route' | 'status', string>, number]> = [
  [{ route: '/v1/chat/completions', status: '200' }, 0.0031],
  [{ route: '/v1/chat/completions', status: '200' }, 0.012],
  [{ route: '/v1/chat/completions', status: '200' }, 0.01],
  [{ route: '/v1/chat/completions', status: '502' }, 61],
  [{ route: '/v1/embeddings', status: '200' }, 0.25],
  [{ route: '/v1/chat/completions', status: '200' }, 2.4999],
];

test('a series histogram prints exactly what prom-client\'s Histogram prints for the same observations', async () => {
  const reference = new Registry();
  const ours = new Registry();
  const histogram = new Histogram({ name: 'svc_request_duration_seconds', help: 'End-to-end request latency', labelNames: ['route', 'status'], buckets, registers: [reference] });
  const series = new SeriesHistogram<'route' | 'status'>('svc_request_duration_seconds', 'End-to-end request latency', buckets, [ours]);
  for (const [labels, value] of observations) {
    histogram.observe(labels, value);
    series.observe(`${labels.route} ${labels.status}`, () => labels, value);
  }
  assert.equal(await ours.metrics(), await reference.metrics());
  assert.deepEqual(await ours.getMetricsAsJSON(), await reference.getMetricsAsJSON());
});

test('labels are built once per series, and reset empties the histogram', async () => {
  const registry = new Registry();
  const series = new SeriesHistogram<'route'>('latency_seconds', 'latency', [0.1, 1], [registry]);
  let built = 0;
  for (let index = 0; index < 5; index++) series.observe('a', () => (built++, { route: 'a' }), 0.05 * index);
  assert.equal(built, 1);
  assert.match(await registry.metrics(), /^latency_seconds_count\{route="a"\} 5$/m);
  registry.resetMetrics();
  assert.doesNotMatch(await registry.metrics(), /latency_seconds_count/);
});

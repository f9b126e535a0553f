import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemorySharedState } from '../storage/memory/memory-shared-state.js';
import { ModelHealth } from './model-health.js';

test('latency and error rate are exponentially weighted; p95 is the mean plus two mean deviations', () => {
  const health = new ModelHealth();
  health.observe('openai/gpt-4o', 100, false);
  assert.deepEqual(health.figures('openai/gpt-4o'), { latencyMs: 100, deviationMs: 50, errorRate: 0, samples: 1 });
  health.observe('openai/gpt-4o', 200, false);
  // deviation: 50 + 0.2 × (|200 − 100| − 50) = 60; latency: 100 + 0.2 × 100 = 120
  assert.deepEqual(health.figures('openai/gpt-4o'), { latencyMs: 120, deviationMs: 60, errorRate: 0, samples: 2 });
  assert.equal(health.p95Ms('openai/gpt-4o'), 240);
  assert.equal(health.p95Ms('openai/unseen'), undefined);
});

test('a model is unhealthy once half its recent calls fail, after at least five calls; a failure does not move its latency', () => {
  const health = new ModelHealth();
  for (let index = 0; index < 4; index++) health.observe('groq/llama', 50, true);
  assert.equal(health.unhealthy('groq/llama'), false, 'four calls are too few to judge');
  health.observe('groq/llama', 5000, true);
  assert.equal(health.unhealthy('groq/llama'), true);
  assert.equal(health.figures('groq/llama')!.latencyMs, 50);
  for (let index = 0; index < 6; index++) health.observe('groq/llama', 50, false);
  assert.equal(health.unhealthy('groq/llama'), false, 'it recovers as calls succeed');
});

test('replicas share their figures through the shared state, weighted by samples', async () => {
  const shared = new MemorySharedState();
  const first = new ModelHealth(shared);
  const second = new ModelHealth(shared);
  try {
    for (let index = 0; index < 10; index++) first.observe('anthropic/claude', 100, false);
    await first.sync();
    second.observe('anthropic/claude', 300, false);
    await second.sync();
    // 10 samples at 100 ms and 1 at 300 ms: (100 × 10 + 300 × 1) / 11 ≈ 118.2
    assert.ok(Math.abs(second.figures('anthropic/claude')!.latencyMs - 1300 / 11) < 1e-9);
  } finally {
    first.close();
    second.close();
    await shared.close();
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../errors/gateway-error.js';
import { featureEnabled, resolveIntelligenceMode, stageMatrix } from './intelligence-modes.js';

test('resolution order: header, then body, then tenant default, then full', () => {
  assert.deepEqual(resolveIntelligenceMode('proxy', 'cache', 'full'), { mode: 'proxy', source: 'header' });
  assert.deepEqual(resolveIntelligenceMode(undefined, 'cache', 'proxy'), { mode: 'cache', source: 'body' });
  assert.deepEqual(resolveIntelligenceMode(undefined, undefined, 'proxy'), { mode: 'proxy', source: 'tenant_default' });
  assert.deepEqual(resolveIntelligenceMode(undefined, undefined, null), { mode: 'full', source: 'system_default' });
});

test('the header is case-insensitive and a bad value is a 400 naming the header', () => {
  assert.equal(resolveIntelligenceMode('CACHE', undefined, null).mode, 'cache');
  assert.throws(() => resolveIntelligenceMode('turbo', undefined, null), (error: GatewayError) => error.status === 400 && error.param === 'X-Intelligence-Mode');
});

test('the stage matrix matches spec 4.9', () => {
  assert.deepEqual(stageMatrix.exact_cache, { proxy: false, cache: true, full: true });
  assert.deepEqual(stageMatrix.memory_injection, { proxy: false, cache: false, full: true });
  assert.deepEqual(stageMatrix.output_verification, { proxy: false, cache: true, full: true });
});

test('per-request toggles switch features off even in full mode (logical AND)', () => {
  assert.equal(featureEnabled('exact_cache', 'full', {}), true);
  assert.equal(featureEnabled('exact_cache', 'full', { enable_cache: false }), false);
  assert.equal(featureEnabled('post_response_memory', 'full', { enable_memory: false }), false);
  assert.equal(featureEnabled('exact_cache', 'proxy', { enable_cache: true }), false);
});

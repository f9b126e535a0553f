import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { MemorySharedState } from '../storage/memory/memory-shared-state.js';
import { CircuitBreaker } from './circuit-breaker.js';

const state = new MemorySharedState();
after(() => state.close());
const options = { failureThreshold: 3, windowMs: 1000, cooldownMs: 100 };

test('opens after the threshold of failures within the window', async () => {
  const breaker = new CircuitBreaker(state, options);
  assert.equal(await breaker.recordFailure('t1'), 'closed');
  assert.equal(await breaker.recordFailure('t1'), 'closed');
  assert.equal(await breaker.recordFailure('t1'), 'open');
  assert.equal(await breaker.stateOf('t1'), 'open');
});

test('half-opens after the cool-down; one failure re-opens at once, a success closes', async () => {
  const breaker = new CircuitBreaker(state, options);
  for (let index = 0; index < 3; index++) await breaker.recordFailure('t2');
  await new Promise((resolve) => setTimeout(resolve, 130));
  assert.equal(await breaker.stateOf('t2'), 'half_open');
  assert.equal(await breaker.recordFailure('t2'), 'open');
  await new Promise((resolve) => setTimeout(resolve, 130));
  await breaker.recordSuccess('t2');
  assert.equal(await breaker.stateOf('t2'), 'closed');
  assert.equal(await breaker.recordFailure('t2'), 'closed');
});

test('targets are independent', async () => {
  const breaker = new CircuitBreaker(state, options);
  for (let index = 0; index < 3; index++) await breaker.recordFailure('t3');
  assert.equal(await breaker.stateOf('t4'), 'closed');
});

test('half-open admits one probe per cool-down period, not every caller', async () => {
  const breaker = new CircuitBreaker(state, options);
  for (let index = 0; index < 3; index++) await breaker.recordFailure('t5');
  assert.equal(await breaker.admit('t5'), false, 'open: nobody');
  await new Promise((resolve) => setTimeout(resolve, 130));
  assert.equal(await breaker.admit('t5'), true, 'half-open: the first caller probes');
  assert.equal(await breaker.admit('t5'), false, 'half-open: the others wait for the probe');
  await breaker.recordSuccess('t5');
  assert.equal(await breaker.admit('t5'), true, 'closed again: everyone');
  assert.equal(await breaker.admit('t5'), true);
});

test('a circuit opened by another replica is seen within the local trust period', async () => {
  const longCooldown = { ...options, cooldownMs: 5000 };
  const replicaA = new CircuitBreaker(state, longCooldown, 100);
  const replicaB = new CircuitBreaker(state, longCooldown, 100);
  assert.equal(await replicaA.admit('t6'), true);
  for (let index = 0; index < 3; index++) await replicaB.recordFailure('t6');
  await new Promise((resolve) => setTimeout(resolve, 110));
  assert.equal(await replicaA.admit('t6'), false);
});

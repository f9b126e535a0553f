import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { MemorySharedState } from '../storage/memory/memory-shared-state.js';
import { CircuitBreaker, defaultCircuitBreakerOptions } from './circuit-breaker.js';

const state = new MemorySharedState();
after(() => state.close());

/** A breaker on a clock the test moves: 10 s window, 20 calls minimum, 50 %, 30 s cool-down. */
function breakerWithClock(start = 1_000_000, localTrustMs = 0) {
  const clock = { now: start };
  const breaker = new CircuitBreaker(state, defaultCircuitBreakerOptions, localTrustMs, () => clock.now);
  return { breaker, clock };
}

/** `calls` calls spread over `spanMs`, failing where `fails(index)` says; returns the states seen. */
async function traffic(breaker: CircuitBreaker, clock: { now: number }, target: string, calls: number, spanMs: number, fails: (index: number) => boolean) {
  const states = new Set<string>();
  for (let index = 0; index < calls; index++) {
    clock.now += spanMs / calls;
    if (!(await breaker.admit(target))) {
      states.add('rejected');
      continue;
    }
    if (fails(index)) states.add(await breaker.recordFailure(target));
    else await breaker.recordSuccess(target);
  }
  return states;
}

test('a 1 % error rate never opens the circuit, over many windows', async () => {
  const { breaker, clock } = breakerWithClock();
  const states = await traffic(breaker, clock, 'one-percent', 20_000, 200_000, (index) => index % 100 === 7);
  assert.deepEqual([...states], ['closed']);
  assert.equal(await breaker.stateOf('one-percent'), 'closed');
});

test('a 0.5 % error rate at high volume, and bursts of a few failures, never open it either', async () => {
  const { breaker, clock } = breakerWithClock();
  const states = await traffic(breaker, clock, 'bursty', 10_000, 50_000, (index) => index % 200 === 0 || (index > 5000 && index < 5006));
  assert.deepEqual([...states], ['closed']);
});

test('100 % errors open it once the minimum number of calls is reached, within the window', async () => {
  const { breaker, clock } = breakerWithClock();
  for (let index = 1; index <= 19; index++) {
    clock.now += 100;
    assert.equal(await breaker.recordFailure('all-fail'), 'closed', `call ${index} is below the minimum of 20`);
  }
  clock.now += 100;
  assert.equal(await breaker.recordFailure('all-fail'), 'open');
  assert.equal(await breaker.admit('all-fail'), false);
});

test('failures spread wider than the window do not add up', async () => {
  const { breaker, clock } = breakerWithClock();
  for (let index = 0; index < 60; index++) {
    clock.now += 1_000; // one failure a second: at most 10 in any 10 s window
    assert.equal(await breaker.recordFailure('slow-fail'), 'closed');
  }
});

test('after the cool-down one probe goes through; its success closes the circuit, its failure re-opens it', async () => {
  const { breaker, clock } = breakerWithClock();
  await traffic(breaker, clock, 'recovering', 20, 1_000, () => true);
  assert.equal(await breaker.stateOf('recovering'), 'open');
  clock.now += 30_001;
  assert.equal(await breaker.stateOf('recovering'), 'half_open');
  assert.equal(await breaker.admit('recovering'), true, 'the probe');
  assert.equal(await breaker.admit('recovering'), false, 'everyone else waits for it');
  assert.equal(await breaker.recordFailure('recovering'), 'open', 'a failed probe re-opens at once');
  clock.now += 30_001;
  assert.equal(await breaker.admit('recovering'), true, 'the next probe');
  await breaker.recordSuccess('recovering');
  assert.equal(await breaker.stateOf('recovering'), 'closed');
  assert.equal(await breaker.admit('recovering'), true);
  assert.equal(await breaker.recordFailure('recovering'), 'closed', 'counting starts afresh after recovery');
});

test('targets are independent', async () => {
  const { breaker, clock } = breakerWithClock();
  await traffic(breaker, clock, 'broken-target', 20, 1_000, () => true);
  assert.equal(await breaker.stateOf('broken-target'), 'open');
  assert.equal(await breaker.stateOf('healthy-target'), 'closed');
});

test('a circuit opened by one replica is seen by another within its local trust period; one probe across both', async () => {
  const clock = { now: 5_000_000 };
  const replicaA = new CircuitBreaker(state, defaultCircuitBreakerOptions, 1000, () => clock.now);
  const replicaB = new CircuitBreaker(state, defaultCircuitBreakerOptions, 1000, () => clock.now);
  assert.equal(await replicaA.admit('shared-target'), true);
  for (let index = 0; index < 20; index++) await replicaB.recordFailure('shared-target');
  assert.equal(await replicaA.admit('shared-target'), true, 'A still trusts its last look for up to a second');
  clock.now += 1_001;
  assert.equal(await replicaA.admit('shared-target'), false);
  clock.now += 30_000;
  const probes = [await replicaA.admit('shared-target'), await replicaB.admit('shared-target')];
  assert.deepEqual(probes, [true, false], 'one probe per cool-down across replicas');
});

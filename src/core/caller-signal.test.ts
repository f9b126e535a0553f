import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConnectionSignal } from './caller-signal.js';

test('a connection signal fires once, as an AbortSignal does: an AbortError reason, each listener once, removed ones never', () => {
  const signal = new ConnectionSignal();
  const calls: string[] = [];
  const removed = () => calls.push('removed');
  signal.addEventListener('abort', () => calls.push('first'));
  signal.addEventListener('abort', removed);
  signal.addEventListener('abort', () => calls.push('second'), { once: true });
  signal.removeEventListener('abort', removed);
  assert.equal(signal.aborted, false);
  signal.abort();
  signal.abort(new Error('again'));
  assert.deepEqual(calls, ['first', 'second']);
  assert.equal(signal.aborted, true);
  assert.ok(signal.reason instanceof Error);
  assert.equal((signal.reason as Error).name, 'AbortError');
  signal.addEventListener('abort', () => calls.push('late'));
  assert.deepEqual(calls, ['first', 'second'], 'a listener added after the abort is not called');
});

test('a given reason is kept; a listener that throws does not stop the others, and its error becomes a process warning', async () => {
  const signal = new ConnectionSignal();
  const reached: string[] = [];
  signal.addEventListener('abort', () => {
    throw new Error('listener failed');
  });
  signal.addEventListener('abort', () => reached.push('next'));
  const surfaced = new Promise<Error>((resolve) => process.once('warning', resolve));
  const reason = new Error('client left');
  signal.abort(reason);
  assert.equal(signal.reason, reason);
  assert.deepEqual(reached, ['next']);
  assert.equal((await surfaced).message, 'listener failed');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GatewayError } from './gateway-error.js';
import { RoutingError, UpstreamError } from './upstream-error.js';

const frames = (error: Error) => (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));

test('refusals and upstream failures capture no stack trace; their cause keeps its own', () => {
  const socketError = new Error('read ECONNRESET');
  const upstream = new UpstreamError('openai', { kind: 'connection', message: 'upstream connection failed' }, { cause: socketError });
  const refusal = new GatewayError('rate_limit_exceeded', 'Rate limit of the key key_1: 10 requests per minute. Retry after 1.000 s.');
  const noRoute = new RoutingError('no_provider_key', 'No API key is configured for openai');
  for (const error of [upstream, refusal, noRoute]) assert.deepEqual(frames(error), [], `${error.name} has no frames`);
  assert.equal(refusal.stack, 'GatewayError: Rate limit of the key key_1: 10 requests per minute. Retry after 1.000 s.');
  assert.ok(frames(upstream.cause as Error).length > 0, 'the socket error keeps its stack');
  assert.equal(upstream.cause, socketError);
});

test("svc's own internal_error keeps its stack trace, and Error.stackTraceLimit is left as it was", () => {
  const limit = Error.stackTraceLimit;
  new GatewayError('validation_error', 'temperature must be between 0 and 2 (got 3)');
  assert.equal(Error.stackTraceLimit, limit);
  assert.ok(frames(new GatewayError('internal_error', 'the stage chain broke')).length > 0);
  assert.ok(frames(new Error('an ordinary error')).length > 0, 'other errors are untouched');
});

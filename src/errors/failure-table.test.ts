import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EndpointFamily } from '../core/endpoint-family.js';
import { RoutingError, UpstreamError, type UpstreamErrorKind } from './upstream-error.js';
import { toGatewayError } from './failure-table.js';
import { GatewayError } from './gateway-error.js';

const upstream = (kind: UpstreamErrorKind, status?: number, retryAfterMs?: number) => new UpstreamError('openai', { kind, status, message: 'provider words', retryAfterMs });
const row = (family: EndpointFamily, error: Error) => {
  const rendered = toGatewayError(error, family);
  return [rendered.status, rendered.type, rendered.code];
};

test('chat completions: the rows of spec 7', () => {
  assert.deepEqual(row('chat', upstream('rate_limited', 429)), [429, 'rate_limit_error', 'upsteam_rate_limit']);
  assert.deepEqual(row('chat', upstream('quota_exhausted', 402)), [429, 'rate_limit_error', 'upsteam_rate_limit']);
  assert.deepEqual(row('chat', upstream('server_error', 500)), [502, 'upstream_error', 'provider_error']);
  assert.deepEqual(row('chat', upstream('timeout')), [504, 'upstream_error', 'provider_timeout']);
  assert.deepEqual(row('chat', upstream('bad_request', 400)), [400, 'invalid_request_error', 'validation_error']);
  assert.deepEqual(row('chat', new RoutingError('circuit_open', 'open')), [503, 'governance_error', 'circuit_breaker_open']);
  assert.deepEqual(row('chat', new RoutingError('no_provider_key', 'none')), [502, 'upstream_error', 'provider_error']);
});

test('embeddings: 429 rate_limit_exceeded, every provider failure a 500 internal_error', () => {
  assert.deepEqual(row('embeddings', upstream('rate_limited', 429)), [429, 'rate_limit_error', 'rate_limit_exceeded']);
  assert.deepEqual(row('embeddings', upstream('server_error', 502)), [500, 'internal_error', 'internal_error']);
  assert.deepEqual(row('embeddings', upstream('timeout')), [500, 'internal_error', 'internal_error']);
  assert.deepEqual(row('embeddings', new RoutingError('no_provider_key', 'none')), [500, 'internal_error', 'internal_error']);
  assert.deepEqual(row('embeddings', upstream('bad_request', 400)), [400, 'invalid_request_error', 'validation_error']);
});

test('completions and responses: provider failures are 500 internal_error, rate limits 429', () => {
  for (const family of ['completions', 'responses'] as const) {
    assert.deepEqual(row(family, upstream('server_error', 500)), [500, 'internal_error', 'internal_error']);
    assert.deepEqual(row(family, upstream('rate_limited', 429)), [429, 'rate_limit_error', 'upsteam_rate_limit']);
  }
});

test('audio and moderations: no key or any upstream error is 500 provider_error', () => {
  for (const family of ['audio', 'moderations'] as const) {
    assert.deepEqual(row(family, new RoutingError('no_provider_key', 'none')), [500, 'provider_error', 'provider_error']);
    assert.deepEqual(row(family, upstream('server_error', 503)), [500, 'provider_error', 'provider_error']);
    assert.deepEqual(row(family, upstream('rate_limited', 429)), [500, 'provider_error', 'provider_error']);
  }
});

test('a rate-limit row carries retry-after in whole seconds; other rows none', () => {
  assert.equal(toGatewayError(upstream('rate_limited', 429, 1500), 'chat').retryAfterSeconds, 2);
  assert.equal(toGatewayError(new RoutingError('keys_cooling_down', 'cool', 4000), 'embeddings').retryAfterSeconds, 4);
  assert.equal(toGatewayError(upstream('server_error', 500, 3000), 'chat').retryAfterSeconds, undefined);
});

test("svc's own errors pass unchanged, and anything unknown is a 500 that says nothing of its cause", () => {
  const own = new GatewayError('validation_error', 'temperature must be between 0 and 2 (got 3)', { param: 'temperature' });
  assert.equal(toGatewayError(own, 'embeddings'), own);
  const unknown = toGatewayError(new TypeError('secret internals'), 'chat');
  assert.deepEqual([unknown.status, unknown.code, unknown.message], [500, 'internal_error', 'Internal error']);
});

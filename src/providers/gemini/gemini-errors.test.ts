import { test } from 'node:test';
import assert from 'node:assert/strict';
import { geminiTarget } from '../../../test/fixtures/gemini-fixtures.js';
import { geminiAdapter } from './index.js';

const mapError = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  geminiAdapter.mapError(status, headers, typeof body === 'string' ? body : JSON.stringify(body));

const googleError = (code: number, status: string, message: string, details?: object[]) => ({ error: { code, message, status, ...(details ? { details } : {}) } });

test('HTTP status and google.rpc status map to error kinds; the message and status name are kept', () => {
  const table: [number, string, string][] = [
    [400, 'INVALID_ARGUMENT', 'bad_request'],
    [400, 'FAILED_PRECONDITION', 'bad_request'],
    [401, 'UNAUTHENTICATED', 'auth'],
    [403, 'PERMISSION_DENIED', 'auth'],
    [404, 'NOT_FOUND', 'bad_request'],
    [429, 'RESOURCE_EXHAUSTED', 'rate_limited'],
    [500, 'INTERNAL', 'server_error'],
    [503, 'UNAVAILABLE', 'overloaded'],
    [504, 'DEADLINE_EXCEEDED', 'timeout'],
  ];
  for (const [status, rpcStatus, kind] of table) {
    const mapped = mapError(status, googleError(status, rpcStatus, `upstream says ${rpcStatus}`));
    assert.deepEqual(mapped, { kind, status, message: `upstream says ${rpcStatus}`, providerCode: rpcStatus }, `${status} ${rpcStatus}`);
  }
});

test('statuses Gemini does not document follow the one shared table: 402 is a spent key, 529 an overload', () => {
  assert.equal(mapError(402, 'payment required').kind, 'quota_exhausted');
  assert.equal(mapError(529, 'overloaded').kind, 'overloaded');
});

test('a 400 whose ErrorInfo reason is API_KEY_INVALID is a key problem, not a bad request', () => {
  const body = googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
    { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
  ]);
  assert.equal(mapError(400, body).kind, 'auth');
});

test('a 429 waits as long as the RetryInfo detail says ("7s" → 7000 ms)', () => {
  const body = googleError(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota. Please retry in 7s.', [
    { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaMetric: 'generate_content_free_tier_requests' }] },
    { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' },
  ]);
  const mapped = mapError(429, body);
  assert.equal(mapped.kind, 'rate_limited');
  assert.equal(mapped.retryAfterMs, 7000);
  assert.equal(mapError(429, googleError(429, 'RESOURCE_EXHAUSTED', 'slow down', [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '0.250s' }])).retryAfterMs, 250);
});

test('a retry-after header wins over the body; without either there is no delay', () => {
  const body = googleError(429, 'RESOURCE_EXHAUSTED', 'quota', [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }]);
  assert.equal(mapError(429, body, { 'retry-after': '3' }).retryAfterMs, 3000);
  assert.equal(mapError(429, googleError(429, 'RESOURCE_EXHAUSTED', 'quota')).retryAfterMs, undefined);
});

test('a body that is not Google JSON still gives a typed error carrying its text', () => {
  const mapped = mapError(502, '<html>Bad Gateway</html>');
  assert.deepEqual(mapped, { kind: 'server_error', status: 502, message: '<html>Bad Gateway</html>' });
  // The non-SSE stream endpoint answers errors inside a JSON array.
  assert.equal(mapError(400, [googleError(400, 'INVALID_ARGUMENT', 'bad field')]).message, 'bad field');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anthropicAdapter } from '../providers/anthropic/index.js';
import { geminiAdapter } from '../providers/gemini/index.js';
import { openaiAdapter } from '../providers/openai/index.js';
import { kindForStatus, type UpstreamErrorKind } from './upstream-error.js';

/** The one status → kind table every wire shares (bodies only refine it). */
const table: Array<[number, UpstreamErrorKind]> = [
  [400, 'bad_request'],
  [401, 'auth'],
  [402, 'quota_exhausted'],
  [403, 'auth'],
  [404, 'bad_request'],
  [408, 'timeout'],
  [409, 'bad_request'],
  [413, 'bad_request'],
  [418, 'bad_request'],
  [422, 'bad_request'],
  [429, 'rate_limited'],
  [500, 'server_error'],
  [502, 'server_error'],
  [503, 'overloaded'],
  [504, 'timeout'],
  [520, 'server_error'],
  [529, 'overloaded'],
];

test('every wire maps a body-less status the same way, by the shared table', () => {
  for (const [status, kind] of table) {
    assert.equal(kindForStatus(status), kind, `table: ${status}`);
    for (const adapter of [openaiAdapter, anthropicAdapter, geminiAdapter]) {
      assert.equal(adapter.mapError(status, {}, '').kind, kind, `${adapter.wire}: ${status}`);
    }
  }
});

test('retry-after from the headers reaches the typed error on every wire', () => {
  for (const adapter of [openaiAdapter, anthropicAdapter, geminiAdapter]) {
    assert.equal(adapter.mapError(429, { 'retry-after': '3' }, '').retryAfterMs, 3000, adapter.wire);
    assert.equal(adapter.mapError(529, { 'retry-after': '2' }, '').retryAfterMs, 2000, adapter.wire);
  }
});

test("Anthropic's 400 'credit balance is too low' is a spent key (rotate it), not a bad request", () => {
  const body = JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'Your credit balance is too low to access the Anthropic API.' } });
  assert.equal(anthropicAdapter.mapError(400, {}, body).kind, 'quota_exhausted');
});

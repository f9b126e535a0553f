import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { chatBody, createKey, expectError, postChat } from './gateway-test-helpers.js';

/** CONTRACT.md probes: /healthz and /readyz without auth, /metrics (Prometheus) for the master key or the `metrics` scope. */
describe('probes and metrics', () => {
  let harness: TestGateway;
  let metricsKey: string;
  let apiKey: string;

  before(async () => {
    harness = await startTestGateway();
    metricsKey = (await createKey(harness, { org_id: 'default', scopes: ['metrics'] })).key;
    apiKey = (await createKey(harness, { org_id: 'default', scopes: ['api'] })).key;
  });
  after(() => harness.close());

  /** The sum of the samples of `name` whose labels include every one of `labels`; undefined when none matches. */
  function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
    let total: number | undefined;
    for (const line of text.split('\n')) {
      if (line.startsWith('#')) continue;
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
      if (!match || match[1] !== name) continue;
      const found: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) found[key] = value;
      if (Object.entries(labels).every(([key, value]) => found[key] === value)) total = (total ?? 0) + Number(match[3]);
    }
    return total;
  }

  /** Scrapes /metrics with `key` (default: the master key). */
  async function scrape(key?: string): Promise<string> {
    const response = await harness.request('/metrics', { key });
    const text = await response.text();
    assert.equal(response.status, 200, text.slice(0, 300));
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    return text;
  }

  test('GET /healthz → 200 without a key', async () => {
    const response = await harness.request('/healthz', { key: null });
    assert.equal(response.status, 200);
    assert.equal((await response.json()).status, 'ok');
  });

  test('GET /readyz → 200 without a key, with the storage checks', async () => {
    const response = await harness.request('/readyz', { key: null });
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.ok(body.checks && typeof body.checks === 'object', 'readyz reports its checks');
    assert.ok(Object.keys(body.checks).length >= 1);
    for (const [name, state] of Object.entries(body.checks)) assert.equal(state, 'ok', `check ${name}`);
  });

  test('GET /metrics without a key → 401 invalid_api_key', async () => {
    await expectError(await harness.request('/metrics', { key: null }), { status: 401, type: 'authentication_error', code: 'invalid_api_key' });
  });

  test('GET /metrics with a wrong key → 401 invalid_api_key', async () => {
    await expectError(await harness.request('/metrics', { key: 'svc_not_a_key' }), { status: 401, type: 'authentication_error', code: 'invalid_api_key' });
  });

  test('GET /metrics with a key lacking the metrics scope → 403 insufficient_scopes', async () => {
    await expectError(await harness.request('/metrics', { key: apiKey }), { status: 403, type: 'authorization_error', code: 'insufficient_scopes' });
  });

  test('a key with only the metrics scope can scrape but cannot chat', async () => {
    await scrape(metricsKey);
    await expectError(await postChat(harness, chatBody(), { key: metricsKey }), { status: 403, type: 'authorization_error', code: 'insufficient_scopes' });
  });

  test('requests are counted and timed by route, status and provider', async () => {
    const route = '/v1/chat/completions';
    const labels = { route, status: '200', provider: 'openai' };
    const before = sample(await scrape(), 'svc_requests_total', labels) ?? 0;
    const beforeCount = sample(await scrape(), 'svc_request_duration_seconds_count', labels) ?? 0;
    for (let call = 0; call < 2; call++) assert.equal((await postChat(harness, chatBody())).status, 200);
    const text = await scrape();
    assert.equal(sample(text, 'svc_requests_total', labels), before + 2);
    assert.equal(sample(text, 'svc_request_duration_seconds_count', labels), beforeCount + 2);
    assert.ok((sample(text, 'svc_request_duration_seconds_sum', labels) ?? 0) > 0);
    assert.ok(sample(text, 'svc_request_duration_seconds_bucket', { ...labels, le: '+Inf' }) !== undefined, 'a latency histogram');
  });

  test('an upstream failure shows in svc_upstream_errors_total and as a 502 request', async () => {
    const before = await scrape(metricsKey);
    const errorsBefore = sample(before, 'svc_upstream_errors_total', { provider: 'openai' }) ?? 0;
    const failedBefore = sample(before, 'svc_requests_total', { route: '/v1/chat/completions', status: '502' }) ?? 0;
    harness.mock.enqueueFault({ status: 500, message: 'metrics failure' });
    assert.equal((await postChat(harness, chatBody())).status, 502);
    const after = await scrape(metricsKey);
    assert.equal(sample(after, 'svc_upstream_errors_total', { provider: 'openai' }), errorsBefore + 1);
    assert.equal(sample(after, 'svc_requests_total', { route: '/v1/chat/completions', status: '502' }), failedBefore + 1);
  });

  test('rejected requests are counted with their status', async () => {
    const before = sample(await scrape(), 'svc_requests_total', { route: '/v1/chat/completions', status: '401' }) ?? 0;
    await postChat(harness, chatBody(), { key: null });
    assert.equal(sample(await scrape(), 'svc_requests_total', { route: '/v1/chat/completions', status: '401' }), before + 1);
  });
});

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { waitFor } from '../support/helpers.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { assertClose, chatBody, createKey, expectError, postChat, writeConfigFile } from './gateway-test-helpers.js';

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

/** Scrapes /metrics of `harness` with `key` (default: the master key). */
async function scrapeOf(harness: TestGateway, key?: string): Promise<string> {
  const response = await harness.request('/metrics', { key });
  const text = await response.text();
  assert.equal(response.status, 200, text.slice(0, 300));
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  return text;
}

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

  const scrape = (key?: string) => scrapeOf(harness, key);

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

  test('requests are counted and timed by route, status, provider and served model', async () => {
    const route = '/v1/chat/completions';
    const labels = { route, status: '200', provider: 'openai', model: 'openai/gpt-4o-mini' };
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

  test('an error answer is counted by its code', async () => {
    const labels = { route: '/v1/chat/completions', status: '400', code: 'validation_error' };
    const before = sample(await scrape(), 'svc_request_errors_total', labels) ?? 0;
    await expectError(await postChat(harness, chatBody({ temperature: 7 })), { status: 400, type: 'invalid_request_error', code: 'validation_error' });
    assert.equal(sample(await scrape(), 'svc_request_errors_total', labels), before + 1);
  });

  test('tokens, cost and savings by org and model; the routing decision by source and tier', async () => {
    const model = 'openai/gpt-4o-mini';
    const before = await scrape();
    harness.mock.enqueueReply({ content: 'counted', usage: { input: 1000, output: 200 } });
    assert.equal((await postChat(harness, chatBody({ messages: [{ role: 'user', content: 'tokens please' }] }), { headers: { 'x-intelligence-mode': 'proxy' } })).status, 200);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    assert.equal(delta('svc_tokens_total', { org: 'default', model, direction: 'input' }), 1000);
    assert.equal(delta('svc_tokens_total', { org: 'default', model, direction: 'output' }), 200);
    // The catalog's gpt-4o-mini: 0.15 USD per million input tokens, 0.60 per million output tokens.
    assertClose(delta('svc_cost_usd_total', { org: 'default', model }), (1000 * 0.15 + 200 * 0.6) / 1e6, 'cost');
    // Savings against the baseline of spec 2.3 (2.50 USD per million input tokens, 10 per million output).
    assertClose(delta('svc_savings_usd_total', { org: 'default', model }), (1000 * 2.5 + 200 * 10 - (1000 * 0.15 + 200 * 0.6)) / 1e6, 'savings');
    assert.equal(delta('svc_routing_decisions_total', { source: 'Pinned', task_family: 'none', tier: 'T1' }), 1);
  });

  test('an exact cache hit: counted by org and type, with what it saved; no tokens billed', async () => {
    const body = chatBody({ temperature: 0, messages: [{ role: 'user', content: `cache me ${Date.now()}` }] });
    harness.mock.enqueueReply({ content: 'cached answer', usage: { input: 50, output: 10 } });
    assert.equal((await postChat(harness, body, { headers: { 'x-intelligence-mode': 'cache' } })).status, 200);
    const before = await scrape();
    const hit = await postChat(harness, body, { headers: { 'x-intelligence-mode': 'cache' } });
    assert.equal(hit.headers.get('x-svc-cache-hit'), 'true');
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    assert.equal(delta('svc_cache_hits_total', { org: 'default', type: 'exact' }), 1);
    assertClose(delta('svc_cache_savings_usd_total', { org: 'default', type: 'exact' }), (50 * 0.15 + 10 * 0.6) / 1e6, 'cache savings');
    assert.equal(delta('svc_tokens_total', { org: 'default', model: 'openai/gpt-4o-mini', direction: 'input' }), 0);
  });

  test('what the in-process caches hold: entries and bytes of the exact cache, the semantic index and the embeddings cache', async () => {
    const before = await scrape();
    const answer = 'an answer worth keeping '.repeat(20);
    harness.mock.enqueueReply({ content: answer });
    const chat = await postChat(harness, chatBody({ temperature: 0, messages: [{ role: 'user', content: `How far is the moon from Neptune, ${Date.now()}?` }] }), { headers: { 'x-intelligence-mode': 'cache' } });
    assert.equal(chat.status, 200);
    const embeddings = await harness.request('/v1/embeddings', { body: { model: 'text-embedding-3-small', input: [`gauge one ${Date.now()}`, `gauge two ${Date.now()}`] } });
    assert.equal(embeddings.status, 200, await embeddings.clone().text());
    await embeddings.arrayBuffer();
    const grew = (after: string, name: string, cache: string) => (sample(after, name, { cache }) ?? 0) - (sample(before, name, { cache }) ?? 0);
    // The semantic cache stores after the answer: polled until it shows, with a deadline.
    let after = '';
    await waitFor(async () => grew((after = await scrape()), 'svc_cache_entries', 'semantic') >= 1, 5_000, 20);
    assert.equal(grew(after, 'svc_cache_entries', 'exact'), 1);
    assert.ok(grew(after, 'svc_cache_bytes', 'exact') >= answer.length, 'the exact entry counts at least its answer');
    assert.equal(grew(after, 'svc_cache_entries', 'semantic'), 1);
    assert.ok(grew(after, 'svc_cache_bytes', 'semantic') >= answer.length, 'the semantic entry counts at least its answer');
    // text-embedding-3-small: 1,536 float32 values a vector (OpenAI's, and the mock's), two new inputs.
    assert.equal(grew(after, 'svc_cache_entries', 'embeddings'), 2);
    assert.ok(grew(after, 'svc_cache_bytes', 'embeddings') >= 2 * 1536 * 4, 'each vector counts its 6,144 bytes of floats');
  });

  test('a limit refusal is counted by limit and scope', async () => {
    const limited = (await createKey(harness, { org_id: 'default', rpm: 1 })).key;
    const labels = { limit: 'rpm', scope: 'key' };
    const before = sample(await scrape(), 'svc_limit_refusals_total', labels) ?? 0;
    assert.equal((await postChat(harness, chatBody(), { key: limited })).status, 200);
    await expectError(await postChat(harness, chatBody(), { key: limited }), { status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    assert.equal(sample(await scrape(), 'svc_limit_refusals_total', labels), before + 1);
  });
});

describe('metrics of the key pool and the circuits', () => {
  let harness: TestGateway;

  before(async () => {
    const config = await writeConfigFile('routing:\n  circuit_breaker: { minimum_calls: 2, failure_ratio: 0.5, window_ms: 60000, cooldown_ms: 60000 }\n');
    harness = await startTestGateway({ env: { OPENAI_API_KEY: 'sk-first,sk-second', SVC_CONFIG: config } });
  });
  after(() => harness.close());

  test('a per-key 429 cools that key down and rotates to the next key', async () => {
    harness.mock.enqueueFault({ status: 429, message: 'slow down', retryAfterSeconds: 30 });
    assert.equal((await postChat(harness, chatBody())).status, 200);
    const text = await scrapeOf(harness);
    assert.equal(sample(text, 'svc_key_cooldowns_total', { provider: 'openai', status: '429' }), 1);
    assert.equal(sample(text, 'svc_key_rotations_total', { provider: 'openai' }), 1);
  });

  test('the circuit of a model that keeps failing opens: counted, and its state reads 2 (open)', async () => {
    const circuit = 'anthropic/claude-haiku-4-5';
    assert.equal((await postChat(harness, chatBody({ model: 'anthropic/claude-haiku-4-5' }))).status, 200);
    assert.equal(sample(await scrapeOf(harness), 'svc_circuit_state', { circuit }), 0, 'closed while it answers');
    // One success and one failure in the window: half of the calls failed, the configured ratio.
    harness.mock.enqueueFault({ status: 500, message: 'down' });
    assert.equal((await postChat(harness, chatBody({ model: 'anthropic/claude-haiku-4-5' }))).status, 502);
    await expectError(await postChat(harness, chatBody({ model: 'anthropic/claude-haiku-4-5' })), { status: 503, type: 'governance_error', code: 'circuit_breaker_open' });
    const text = await scrapeOf(harness);
    assert.equal(sample(text, 'svc_circuit_opened_total', { circuit }), 1);
    assert.equal(sample(text, 'svc_circuit_state', { circuit }), 2);
  });
});

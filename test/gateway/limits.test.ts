import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { createKey, createOrg, expectError, postChat, readSse } from './gateway-test-helpers.js';

/** Limits, quotas and budgets (issue 11; spec 7: 429 rate_limit_error, 402 billing_error / budget_exceeded). */
describe('limits, quotas and budgets', () => {
  let harness: TestGateway;
  let orgId: string;

  before(async () => {
    harness = await startTestGateway();
    orgId = await createOrg(harness, 'limits');
  });
  after(() => harness.close());
  beforeEach(() => harness.mock.reset());

  const chat = (key: string, overrides: Record<string, unknown> = {}) => postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...overrides }, { key });

  test('rpm: the key gets its requests, then 429 with the exact wait and the x-ratelimit headers OpenAI clients read', async () => {
    const { key } = await createKey(harness, { org_id: orgId, rpm: 2 });
    const first = await chat(key);
    assert.equal(first.status, 200);
    assert.deepEqual(
      ['x-ratelimit-limit-requests', 'x-ratelimit-remaining-requests'].map((name) => first.headers.get(name)),
      ['2', '1'],
    );
    assert.match(first.headers.get('x-ratelimit-reset-requests') ?? '', /^(30(\.\d+)?|29(\.\d+)?)s$/);
    const second = await chat(key, { stream: true });
    assert.equal(second.headers.get('x-ratelimit-remaining-requests'), '0', 'streams carry them too');
    await readSse(second, performance.now());
    const refused = await chat(key);
    assert.equal(refused.headers.get('retry-after'), '30', 'a limit of 2 per minute frees one request every 30 s');
    const retryAfterMs = Number(refused.headers.get('retry-after-ms'));
    assert.ok(retryAfterMs > 29_000 && retryAfterMs <= 30_000, `retry-after-ms ${retryAfterMs}`);
    assert.equal(refused.headers.get('x-ratelimit-remaining-requests'), '0');
    await expectError(refused, { status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', message: '2 requests per minute' });
    assert.equal(harness.mock.requests.length, 2, 'the refused request never reached the upstream');
  });

  test('through the SDK: a RateLimitError with status 429 and the headers', async () => {
    const { key } = await createKey(harness, { org_id: orgId, rpm: 1 });
    const client = harness.client(key);
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    await assert.rejects(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.RateLimitError);
      assert.equal(error.status, 429);
      assert.equal(error.headers?.get('x-ratelimit-limit-requests'), '1');
      return true;
    });
  });

  test('tpm counts the prompt and the requested output cap; a request that could never fit is refused', async () => {
    const { key } = await createKey(harness, { org_id: orgId, tpm: 200 });
    const small = await chat(key, { max_tokens: 50 });
    assert.equal(small.status, 200);
    assert.equal(small.headers.get('x-ratelimit-limit-tokens'), '200');
    // Larger than a whole minute's tokens: never admissible, so no 429 with a wait that could never help.
    const never = await chat(key, { max_tokens: 500 });
    assert.equal(never.headers.get('retry-after'), null);
    await expectError(never, { status: 400, type: 'invalid_request_error', code: 'invalid_request', param: 'max_tokens', message: ['limit of 200 tokens per minute', 'can never be admitted'] });
    // One that fits the limit but not what is left of this minute waits, as before.
    harness.mock.enqueueReply({ content: 'long', usage: { input: 150, output: 0 } });
    assert.equal((await chat(key, { max_tokens: 120 })).status, 200);
    await harness.gateway.services.limits.drain();
    await expectError(await chat(key, { max_tokens: 120 }), { status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'tokens per minute' });
  });

  test('a prompt that spells a special token (<|endoftext|>) is counted as the text it is, not refused with a 500', async () => {
    const { key } = await createKey(harness, { org_id: orgId, tpm: 10_000 });
    const response = await chat(key, { messages: [{ role: 'user', content: 'What does <|endoftext|> mean in a GPT prompt?' }] });
    assert.equal(response.status, 200);
    assert.ok(Number(response.headers.get('x-ratelimit-remaining-tokens')) < 10_000);
  });

  test('org limits apply to every key of the org, and the stricter of key and org binds; every endpoint family counts', async () => {
    const org = await createOrg(harness, 'limits-org-rpm');
    const updated = await harness.request(`/v1/admin/orgs/${org}/limits`, { method: 'PUT', body: { rpm: 3 } });
    assert.deepEqual(await updated.json(), { org_id: org, rpm: 3, tpm: null, monthly_token_quota: null, monthly_budget_usd: null });
    const loose = (await createKey(harness, { org_id: org, rpm: 100 })).key;
    const other = (await createKey(harness, { org_id: org })).key;
    assert.equal((await chat(loose)).status, 200);
    assert.equal((await harness.request('/v1/embeddings', { body: { model: 'text-embedding-3-small', input: 'x' }, key: other })).status, 200);
    assert.equal((await harness.request('/v1/moderations', { body: { input: 'x' }, key: loose })).status, 200);
    await expectError(await chat(other), { status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', message: `org ${org}` });
    await expectError(await harness.request('/v1/embeddings', { body: { model: 'text-embedding-3-small', input: 'y' }, key: loose }), {
      status: 429,
      type: 'rate_limit_error',
      code: 'rate_limit_exceeded',
    });
  });

  test('an org limit set or lifted while its key is in use applies from the next request (nothing is kept past a change)', async () => {
    const org = await createOrg(harness, 'limits-org-later');
    const key = (await createKey(harness, { org_id: org })).key;
    for (let index = 0; index < 3; index++) assert.equal((await chat(key)).status, 200, 'no limit yet');
    await harness.request(`/v1/admin/orgs/${org}/limits`, { method: 'PUT', body: { rpm: 2 } });
    assert.equal((await chat(key)).status, 200);
    assert.equal((await chat(key)).status, 200);
    await expectError(await chat(key), { status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', message: `org ${org}` });
    await harness.request(`/v1/admin/orgs/${org}/limits`, { method: 'PUT', body: { rpm: null } });
    assert.equal((await chat(key)).status, 200, 'the limit lifted');
  });

  test('monthly budget: 402 billing_error / budget_exceeded once the worst case would pass it, on chat, completions and embeddings', async () => {
    // gpt-4o-mini: 0.15 / 0.60 USD per million; max_tokens 1000 → a worst case of about 0.0006 USD.
    const { key } = await createKey(harness, { org_id: orgId, monthly_budget_usd: 0.0001 });
    const invalid = { status: 402, type: 'billing_error', code: 'budget_exceeded' };
    await expectError(await chat(key, { max_tokens: 1000 }), { ...invalid, message: 'monthly budget of $0.0001' });
    await expectError(await harness.request('/v1/completions', { body: { model: 'gpt-4o-mini', prompt: 'x', max_tokens: 1000 }, key }), invalid);
    assert.equal((await chat(key, { max_tokens: 10 })).status, 200, 'a small worst case fits');
    const client = harness.client(key);
    await assert.rejects(client.chat.completions.create({ model: 'gpt-4o-mini', max_tokens: 1000, messages: [{ role: 'user', content: 'hi' }] }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.APIError);
      assert.deepEqual([error.status, error.type, error.code], [402, 'billing_error', 'budget_exceeded']);
      return true;
    });
    const { key: embeddingKey } = await createKey(harness, { org_id: orgId, monthly_budget_usd: 0.0000001 });
    await expectError(await harness.request('/v1/embeddings', { body: { model: 'text-embedding-3-small', input: 'word '.repeat(2000) }, key: embeddingKey }), invalid);
    assert.equal(harness.mock.requests.filter((request) => request.path.endsWith('/embeddings')).length, 0);
  });

  test('monthly token quota: the prompt and the output cap are reserved', async () => {
    const { key } = await createKey(harness, { org_id: orgId, monthly_token_quota: 100 });
    await expectError(await chat(key, { max_tokens: 200 }), { status: 402, type: 'billing_error', code: 'budget_exceeded', message: 'monthly token quota of 100' });
    assert.equal((await chat(key, { max_tokens: 20 })).status, 200);
  });

  test('50 concurrent requests against a budget that fits 10 let at most 10 through; the spend stays within it', async () => {
    const org = await createOrg(harness, 'limits-burst');
    // Worst case per request ≈ (prompt × 0.15 + 1000 × 0.60) / 1e6 ≈ 0.0006015: ten fit in 0.0063, eleven do not.
    const { key } = await createKey(harness, { org_id: org, monthly_budget_usd: 0.0063 });
    // The ten that get through are held 1.5 s upstream, so all fifty have asked before any settles (even on busy CPUs).
    harness.mock.enqueueFault({ delayMs: 1500, times: 10 });
    for (let index = 0; index < 10; index++) harness.mock.enqueueReply({ content: 'ok', usage: { input: 10, output: 10 } });
    const responses = await Promise.all(Array.from({ length: 50 }, () => chat(key, { max_tokens: 1000 })));
    const statuses = responses.map((response) => response.status);
    assert.equal(statuses.filter((status) => status === 200).length, 10, JSON.stringify(statuses));
    assert.equal(statuses.filter((status) => status === 402).length, 40);
    await harness.gateway.services.limits.drain();
    const limits = await (await harness.request(`/v1/admin/orgs/${org}/limits`)).json();
    // Ten answers of 10 tokens in and 10 out: 10 × (10 × 0.15 + 10 × 0.60) / 1e6 USD.
    assert.equal(limits.this_month.requests, 50);
    assert.ok(Math.abs(limits.this_month.spend_usd - 10 * 7.5e-6) < 1e-12, JSON.stringify(limits.this_month));
    assert.equal((await chat(key, { max_tokens: 1000 })).status, 200, 'settled reservations free the budget again');
  });

  test('without max_tokens a small budget still serves a cheap request (a realistic reservation), and concurrent ones cannot overspend it', async () => {
    const org = await createOrg(harness, 'limits-realistic');
    // gpt-4o-mini's worst case without max_tokens is 16,384 output tokens at 0.60 per million ≈ $0.0098;
    // a usual answer (1,024 tokens) ≈ $0.0006. A budget of $0.002 holds the second, not the first.
    const { key } = await createKey(harness, { org_id: org, monthly_budget_usd: 0.002 });
    harness.mock.enqueueFault({ delayMs: 300, times: 1 });
    harness.mock.enqueueReply({ content: 'short', usage: { input: 10, output: 10 } });
    const responses = await Promise.all(Array.from({ length: 10 }, () => chat(key, {})));
    const statuses = responses.map((response) => response.status);
    assert.equal(statuses.filter((status) => status === 200).length, 1, `the first takes what is left; the others wait for it to settle: ${JSON.stringify(statuses)}`);
    assert.equal(statuses.filter((status) => status === 402).length, 9);
    await harness.gateway.services.limits.drain();
    harness.mock.enqueueReply({ content: 'again', usage: { input: 10, output: 10 } });
    assert.equal((await chat(key, {})).status, 200, 'settled at its real cost, the budget serves the next one');
  });

  test('a cache hit counts against rpm but costs nothing against the budget', async () => {
    // One request's worst case fits; once it is spent, only the cache can answer.
    harness.mock.enqueueReply({ content: 'cached', usage: { input: 100_000, output: 0 } });
    const { key } = await createKey(harness, { org_id: orgId, monthly_budget_usd: 0.01, rpm: 3 });
    const body = { temperature: 0, max_tokens: 10, messages: [{ role: 'user', content: 'cache me for the budget test' }] };
    assert.equal((await chat(key, body)).status, 200);
    await harness.gateway.services.limits.drain();
    const hit = await chat(key, body);
    assert.equal(hit.headers.get('x-svc-cache-hit'), 'true');
    assert.equal(hit.headers.get('x-ratelimit-remaining-requests'), '1');
    await expectError(await chat(key, { ...body, messages: [{ role: 'user', content: 'not cached' }] }), { status: 402, type: 'billing_error', code: 'budget_exceeded' });
  });

  test('the spend survives a restart: the monthly counter is rebuilt from the ledger', async () => {
    const { key } = await createKey(harness, { org_id: orgId, monthly_budget_usd: 0.01 });
    // 100,000 prompt tokens at 0.15 per million: 0.015 USD, more than the budget.
    harness.mock.enqueueReply({ content: 'expensive', usage: { input: 100_000, output: 0 } });
    assert.equal((await chat(key, { max_tokens: 5 })).status, 200);
    await harness.gateway.services.limits.drain();
    await expectError(await chat(key, { max_tokens: 5 }), { status: 402, type: 'billing_error', code: 'budget_exceeded' });
    const restarted = await startTestGateway({ mock: harness.mock, env: { SVC_DATA_DIR: harness.gateway.config.storage.dataDir } });
    try {
      await harness.gateway.services.ledger.flush();
      await expectError(await restarted.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }, key }), {
        status: 402,
        type: 'billing_error',
        code: 'budget_exceeded',
      });
    } finally {
      await restarted.close();
    }
  });

  test('admin API: an org admin reads its own limits, never another org’s, and cannot set them; values are checked', async () => {
    const admin = (await createKey(harness, { org_id: orgId, scopes: ['admin'] })).key;
    const other = await createOrg(harness, 'limits-other');
    await expectError(await harness.request(`/v1/admin/orgs/${other}/limits`, { key: admin }), { status: 403, type: 'authorization_error', code: 'tenant_violation' });
    await expectError(await harness.request(`/v1/admin/orgs/${other}/limits`, { method: 'PUT', body: { rpm: 1 }, key: admin }), { status: 403, type: 'authorization_error', code: 'tenant_violation' });
    await expectError(await harness.request(`/v1/admin/orgs/${orgId}/limits`, { method: 'PUT', body: { rpm: 1000 }, key: admin }), { status: 403, type: 'authorization_error', code: 'forbidden' });
    await expectError(await harness.request(`/v1/admin/orgs/${orgId}/limits`, { method: 'PUT', body: { rpm: 0 } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'rpm' });
    const own = await (await harness.request(`/v1/admin/orgs/${orgId}/limits`, { key: admin })).json();
    assert.equal(own.this_month.month, new Date().toISOString().slice(0, 7), 'months are UTC');
    assert.equal(typeof own.this_month.spend_usd, 'number');
    await expectError(await harness.request('/v1/admin/orgs/org_missing/limits'), { status: 404, type: 'not_found_error', code: 'resource_not_found' });
  });
});

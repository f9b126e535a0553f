import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { assertClose, chatBody, createKey, createOrg, expectError, postChat } from './gateway-test-helpers.js';

/**
 * What the dashboard reads from the admin API: usage broken down by time and dimension, routing by task
 * family and tier, the recent errors with their codes, and which providers an org brings its own key for —
 * each confined to the caller's org for an org admin.
 */
describe('admin usage views: breakdowns, errors, BYOK status', () => {
  let harness: TestGateway;
  let orgId: string;
  let otherOrg: string;
  let apiKey: { id: string; key: string };
  let orgAdmin: string;

  before(async () => {
    harness = await startTestGateway();
    orgId = await createOrg(harness, 'Views');
    otherOrg = await createOrg(harness, 'Elsewhere');
    apiKey = await createKey(harness, { org_id: orgId, name: 'app' });
    orgAdmin = (await createKey(harness, { org_id: orgId, scopes: ['admin'] })).key;
    harness.mock.enqueueReply({ content: 'one', usage: { input: 1000, output: 100 } });
    harness.mock.enqueueReply({ content: 'two', usage: { input: 2000, output: 200 } });
    for (let call = 0; call < 2; call++) assert.equal((await postChat(harness, chatBody({ model: 'openai/gpt-4o-mini' }), { key: apiKey.key, headers: { 'x-intelligence-mode': 'proxy' } })).status, 200);
    const auto = await postChat(harness, chatBody({ model: 'auto', messages: [{ role: 'user', content: 'Write a Python function that reverses a linked list.' }] }), { key: apiKey.key, headers: { 'x-intelligence-mode': 'proxy' } });
    assert.equal(auto.status, 200);
    await expectError(await postChat(harness, chatBody({ temperature: 5 }), { key: apiKey.key }), { status: 400, type: 'invalid_request_error', code: 'validation_error' });
  });
  after(() => harness.close());

  const get = (path: string, key?: string) => harness.request(path, { key });

  test('usage per day and model: the day of the requests, each model with its requests, tokens and cost from the catalog', async () => {
    const body = await (await get(`/v1/admin/usage/breakdown?org_id=${orgId}&by=day,model`)).json();
    assert.deepEqual(body.by, ['day', 'model']);
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    const mini = body.data.find((row: { model: string }) => row.model === 'openai/gpt-4o-mini');
    assert.equal(mini.day, today);
    assert.equal(mini.requests, 2);
    assert.equal(mini.prompt_tokens, 3000);
    assert.equal(mini.completion_tokens, 300);
    // gpt-4o-mini: 0.15 USD per million input tokens, 0.60 per million output tokens.
    assertClose(mini.cost_usd, (3000 * 0.15 + 300 * 0.6) / 1e6, 'cost');
    assert.ok(body.data.every((row: { day: string }) => row.day === today));
  });

  test('usage per key, and routing per task family and tier: the auto request is counted with its family', async () => {
    const byKey = await (await get(`/v1/admin/usage/breakdown?org_id=${orgId}&by=key`)).json();
    assert.equal(byKey.data.find((row: { key: string }) => row.key === apiKey.id).requests, 4);
    const routing = await (await get(`/v1/admin/usage/breakdown?org_id=${orgId}&by=task_family,tier`)).json();
    const code = routing.data.find((row: { task_family: string | null }) => row.task_family === 'code');
    assert.ok(code, JSON.stringify(routing.data));
    assert.match(code.tier, /^T[1-3]$/);
    assert.equal(code.requests, 1);
    const pinned = routing.data.find((row: { task_family: string | null; tier: string | null }) => row.task_family === null && row.tier === 'T1');
    assert.equal(pinned.requests, 2, 'the pinned gpt-4o-mini requests, in its catalog tier');
  });

  test('the recent errors, with their error codes', async () => {
    const body = await (await get(`/v1/admin/audit?org_id=${orgId}&min_status=400&limit=10`)).json();
    assert.equal(body.data.length, 1);
    assert.equal(body.data[0].status, 400);
    assert.equal(body.data[0].error_code, 'validation_error');
  });

  test('a breakdown asked wrongly is a 400 naming the parameter and what is allowed', async () => {
    const unknown = await expectError(await get(`/v1/admin/usage/breakdown?by=colour`), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'by' });
    assert.match(unknown.error.message, /hour, day, org, key, model/);
    await expectError(await get(`/v1/admin/usage/breakdown`), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'by' });
    await expectError(await get(`/v1/admin/usage/breakdown?by=day,model,key,tier`), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'by' });
  });

  test('BYOK status lists the providers with the org’s own key, never the key', async () => {
    assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/anthropic`, { method: 'PUT', body: { api_key: 'sk-ant-views-own' } })).status, 200);
    const response = await get(`/v1/admin/orgs/${orgId}/provider-keys`, orgAdmin);
    const text = await response.text();
    assert.equal(response.status, 200, text);
    assert.deepEqual(JSON.parse(text).data.map((row: { provider: string }) => row.provider), ['anthropic']);
    assert.ok(!text.includes('sk-ant-views-own'));
  });

  test('an org admin sees its own org only: another org’s breakdown or BYOK status is 403', async () => {
    const own = await (await get(`/v1/admin/usage/breakdown?by=model`, orgAdmin)).json();
    assert.equal(own.org_id, orgId, 'an org admin without org_id gets its own org');
    await expectError(await get(`/v1/admin/usage/breakdown?by=model&org_id=${otherOrg}`, orgAdmin), { status: 403, type: 'authorization_error', code: 'tenant_violation' });
    await expectError(await get(`/v1/admin/orgs/${otherOrg}/provider-keys`, orgAdmin), { status: 403, type: 'authorization_error', code: 'tenant_violation' });
    await expectError(await get(`/v1/admin/usage/breakdown?by=model`, apiKey.key), { status: 403, type: 'authorization_error', code: 'insufficient_scopes' });
  });
});

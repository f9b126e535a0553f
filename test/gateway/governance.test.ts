import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startTestGateway, testMasterKey, type TestGateway } from '../support/test-gateway.js';
import { createKey, createOrg, expectError, postChat, readSse, waitFor } from './gateway-test-helpers.js';

const weatherTool = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };
const shellTool = { type: 'function', function: { name: 'run_shell', parameters: { type: 'object', properties: { command: { type: 'string' } } } } };

/** Governance (issue 11): the tool registry, PII redaction, the audit trail. */
describe('governance', () => {
  let harness: TestGateway;

  before(async () => {
    harness = await startTestGateway();
  });
  after(() => harness.close());
  beforeEach(() => harness.mock.reset());

  async function enforcingOrg(name: string): Promise<{ orgId: string; key: string }> {
    const orgId = await createOrg(harness, name);
    const key = (await createKey(harness, { org_id: orgId })).key;
    assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/policy`, { method: 'PUT', body: { enforce_tools: true } })).status, 200);
    const registered = await harness.request(`/v1/admin/orgs/${orgId}/tools/get_weather`, {
      method: 'PUT',
      body: { policy: 'allow', schema: { type: 'object', properties: { city: { type: 'string', minLength: 2 } }, required: ['city'], additionalProperties: false } },
    });
    assert.equal(registered.status, 200);
    assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/tools/run_shell`, { method: 'PUT', body: { policy: 'block' } })).status, 200);
    return { orgId, key };
  }

  const chat = (key: string, body: Record<string, unknown>) => postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Weather in Oslo?' }], ...body }, { key });

  describe('tool registry', () => {
    test('admin API: register, list, replace, delete; an org admin manages its own org only', async () => {
      const orgId = await createOrg(harness, 'tools-admin');
      const admin = (await createKey(harness, { org_id: orgId, scopes: ['admin'] })).key;
      const put = await harness.request(`/v1/admin/orgs/${orgId}/tools/lookup`, { method: 'PUT', body: { policy: 'allow', schema: { type: 'object' } }, key: admin });
      assert.equal(put.status, 200);
      assert.deepEqual(((await put.json()) as { name: string; policy: string }).policy, 'allow');
      await harness.request(`/v1/admin/orgs/${orgId}/tools/lookup`, { method: 'PUT', body: { policy: 'block' }, key: admin });
      const list = await (await harness.request(`/v1/admin/orgs/${orgId}/tools`, { key: admin })).json();
      assert.deepEqual(list.data.map((tool: { name: string; policy: string; schema: unknown }) => [tool.name, tool.policy, tool.schema]), [['lookup', 'block', null]]);
      await expectError(await harness.request(`/v1/admin/orgs/${orgId}/tools/lookup`, { method: 'PUT', body: { policy: 'maybe' }, key: admin }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'policy' });
      await expectError(await harness.request(`/v1/admin/orgs/${orgId}/tools/lookup`, { method: 'PUT', body: { schema: { type: 'no-such-type' } }, key: admin }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'schema' });
      const other = await createOrg(harness, 'tools-other');
      await expectError(await harness.request(`/v1/admin/orgs/${other}/tools`, { key: admin }), { status: 403, type: 'authorization_error', code: 'tenant_violation' });
      assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/tools/lookup`, { method: 'DELETE', key: admin })).status, 200);
      await expectError(await harness.request(`/v1/admin/orgs/${orgId}/tools/lookup`, { method: 'DELETE', key: admin }), { status: 404, type: 'not_found_error', code: 'resource_not_found' });
    });

    test('off by default: any tool may be declared and called', async () => {
      const orgId = await createOrg(harness, 'tools-off');
      const key = (await createKey(harness, { org_id: orgId })).key;
      harness.mock.enqueueReply({ toolCalls: [{ name: 'run_shell', arguments: '{"command":"ls"}' }] });
      assert.equal((await chat(key, { tools: [shellTool] })).status, 200);
    });

    test('enforced: an unregistered tool in the request is 404 governance_error / tool_not_registered naming it', async () => {
      const { key } = await enforcingOrg('tools-404');
      const unknown = { type: 'function', function: { name: 'send_money', parameters: { type: 'object' } } };
      await expectError(await chat(key, { tools: [weatherTool, unknown] }), { status: 404, type: 'governance_error', code: 'tool_not_registered', param: 'tools[1].function.name', message: 'send_money' });
      assert.equal(harness.mock.requests.length, 0);
      const client = harness.client(key);
      await assert.rejects(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], tools: [unknown as never] }), (error: unknown) => error instanceof OpenAI.NotFoundError);
    });

    test('enforced: a call to a blocked tool, or with arguments failing the registered schema, is 422 tool_call_blocked naming tool and reason', async () => {
      const { key } = await enforcingOrg('tools-422');
      harness.mock.enqueueReply({ toolCalls: [{ name: 'run_shell', arguments: '{"command":"rm -rf /"}' }] });
      await expectError(await chat(key, { tools: [weatherTool, shellTool] }), { status: 422, type: 'governance_error', code: 'tool_call_blocked', message: '"run_shell" was blocked: the org\'s policy blocks it' });
      harness.mock.enqueueReply({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"O","units":"metric"}' }] });
      await expectError(await chat(key, { tools: [weatherTool] }), { status: 422, type: 'governance_error', code: 'tool_call_blocked', message: 'registered schema' });
      const client = harness.client(key);
      harness.mock.enqueueReply({ toolCalls: [{ name: 'run_shell', arguments: '{"command":"ls"}' }] });
      await assert.rejects(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], tools: [shellTool as never] }), (error: unknown) => {
        assert.ok(error instanceof OpenAI.UnprocessableEntityError);
        assert.deepEqual([error.type, error.code], ['governance_error', 'tool_call_blocked']);
        return true;
      });
      harness.mock.enqueueReply({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
      const allowed = await chat(key, { tools: [weatherTool] });
      assert.equal(allowed.status, 200);
      assert.equal((await allowed.json()).choices[0].message.tool_calls[0].function.arguments, '{"city":"Oslo"}');
    });

    test('enforced, streaming: a blocked call is never sent; the stream ends with the error event', async () => {
      const { key } = await enforcingOrg('tools-stream');
      harness.mock.enqueueReply({ content: 'Let me run that.', toolCalls: [{ name: 'run_shell', arguments: '{"command":"cat /etc/passwd"}' }] });
      const { events } = await readSse(await chat(key, { tools: [shellTool], stream: true }), performance.now());
      const payloads = events.map((event) => event.data);
      const chunks = payloads.filter((data) => data.includes('chat.completion.chunk')).map((data) => JSON.parse(data));
      assert.ok(!chunks.some((chunk) => chunk.choices.some((choice: { delta: { tool_calls?: unknown } }) => choice.delta.tool_calls)), 'no fragment of the blocked call reached the client');
      assert.equal(chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join(''), 'Let me run that.', 'text before the call streamed normally');
      const last = JSON.parse(payloads.at(-1)!);
      assert.deepEqual([last.error.type, last.error.code], ['governance_error', 'tool_call_blocked']);
      assert.ok(!payloads.includes('[DONE]'));
      harness.mock.enqueueReply({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
      const allowed = await readSse(await chat(key, { tools: [weatherTool], stream: true }), performance.now());
      assert.ok(allowed.events.some((event) => event.data.includes('get_weather')));
      assert.equal(allowed.events.at(-1)!.data, '[DONE]');
    });
  });

  describe('tool governance and the caches', () => {
    test('a cached answer passes governance again: calls reach the audit, and a tool blocked after it was cached is refused', async () => {
      const { orgId, key } = await enforcingOrg('tools-cached');
      const body = { temperature: 0, tools: [weatherTool], messages: [{ role: 'user', content: 'Weather in Bergen, cached?' }] };
      harness.mock.enqueueReply({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Bergen"}' }] });
      assert.equal((await chat(key, body)).status, 200);
      const hit = await chat(key, body);
      assert.equal(hit.headers.get('x-svc-cache-hit'), 'true');
      assert.equal(harness.mock.requests.length, 1, 'the second answer came from the cache');
      await harness.gateway.services.ledger.flush();
      const audit = await (await harness.request(`/v1/admin/audit/${hit.headers.get('x-svc-audit-id')}`)).json();
      assert.deepEqual(audit.tool_calls, ['get_weather'], 'the cached answer\'s calls are audited');

      assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/tools/get_weather`, { method: 'PUT', body: { policy: 'block' } })).status, 200);
      await expectError(await chat(key, body), { status: 422, type: 'governance_error', code: 'tool_call_blocked', message: 'get_weather' });
      assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/tools/get_weather`, { method: 'DELETE' })).status, 200);
      await expectError(await chat(key, body), { status: 404, type: 'governance_error', code: 'tool_not_registered', message: 'get_weather' });
      assert.equal(harness.mock.requests.length, 1, 'refused without calling the upstream');
    });

    test('switching enforce_tools on applies to answers cached before', async () => {
      const orgId = await createOrg(harness, 'tools-switched');
      const key = (await createKey(harness, { org_id: orgId })).key;
      const body = { temperature: 0, tools: [shellTool], messages: [{ role: 'user', content: 'List the files' }] };
      harness.mock.enqueueReply({ toolCalls: [{ name: 'run_shell', arguments: '{"command":"ls"}' }] });
      assert.equal((await chat(key, body)).status, 200);
      assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/policy`, { method: 'PUT', body: { enforce_tools: true } })).status, 200);
      assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/tools/run_shell`, { method: 'PUT', body: { policy: 'block' } })).status, 200);
      await expectError(await chat(key, body), { status: 422, type: 'governance_error', code: 'tool_call_blocked', message: 'run_shell' });
    });

    test('tool-call arguments are healed first, then governed: a repairable call is not refused', async () => {
      const { key } = await enforcingOrg('tools-healed');
      harness.mock.enqueueReply({ toolCalls: [{ name: 'get_weather', arguments: '{"city": "Oslo",}' }] });
      const response = await chat(key, { tools: [weatherTool], messages: [{ role: 'user', content: 'Weather in Oslo, please' }] });
      const answer = await response.json();
      assert.equal(response.status, 200, JSON.stringify(answer));
      assert.deepEqual(JSON.parse(answer.choices[0].message.tool_calls[0].function.arguments), { city: 'Oslo' });
      assert.ok(answer.svc_metadata.healer_report, 'the repair is reported');
    });
  });

  describe('PII redaction', () => {
    const secretPrompt = 'Email ada@example.com, card 4111 1111 1111 1111, phone +44 20 7946 0958, IBAN GB82 WEST 1234 5698 7654 32, SSN 123-45-6789, key sk-proj-abcdefghijklmnopqrstuvwx1234.';
    const placeholders = 'Email [EMAIL_1], card [CARD_1], phone [PHONE_1], IBAN [IBAN_1], SSN [NATIONAL_ID_1], key [API_KEY_1].';

    test('svc.redact_pii: the upstream sees placeholders only; the answer gets the originals back; counts in svc_metadata', async () => {
      harness.mock.enqueueReply({ content: 'I will contact [EMAIL_1] and charge [CARD_1].' });
      const response = await postChat(harness, { model: 'gpt-4o-mini', svc: { redact_pii: true }, messages: [{ role: 'system', content: 'Help.' }, { role: 'user', content: secretPrompt }] });
      const body = await response.json();
      const sent = harness.mock.requests[0].rawBody;
      for (const secret of ['ada@example.com', '4111 1111 1111 1111', '7946 0958', 'GB82', '123-45-6789', 'sk-proj-']) assert.ok(!sent.includes(secret), `${secret} reached the upstream`);
      assert.equal(harness.mock.requests[0].body.messages[1].content, placeholders);
      assert.equal(body.choices[0].message.content, 'I will contact ada@example.com and charge 4111 1111 1111 1111.');
      assert.deepEqual(body.svc_metadata.pii_redactions, { api_key: 1, email: 1, iban: 1, card: 1, national_id: 1, phone: 1 });
      assert.ok(!harness.logLines.some((line) => line.includes('ada@example.com')), 'nothing redacted reaches the logs');
    });

    test("a caller's own literal [EMAIL_1] is never replaced: svc's placeholders skip the numbers the prompt already uses", async () => {
      harness.mock.enqueueReply({ content: 'Your code word is [EMAIL_1]; I will write to [EMAIL_2].' });
      const response = await postChat(harness, { model: 'gpt-4o-mini', svc: { redact_pii: true }, messages: [{ role: 'user', content: 'My code word is [EMAIL_1], my mail ada@example.com' }] });
      const body = await response.json();
      assert.equal(harness.mock.requests[0].body.messages[0].content, 'My code word is [EMAIL_1], my mail [EMAIL_2]');
      assert.equal(body.choices[0].message.content, 'Your code word is [EMAIL_1]; I will write to ada@example.com.');
    });

    test('audit_prompts without redaction: the stored prompt is still passed through the PII detectors (ledger row and journal)', async () => {
      const orgId = await createOrg(harness, 'audit-raw');
      const key = (await createKey(harness, { org_id: orgId })).key;
      assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/policy`, { method: 'PUT', body: { audit_prompts: true, redact_pii: false } })).status, 200);
      const response = await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Write to grace@example.org about card 4111 1111 1111 1111' }] }, { key });
      assert.equal(response.status, 200);
      assert.ok(harness.mock.requests[0].rawBody.includes('grace@example.org'), 'redaction is off: the upstream sees the prompt as written');
      await harness.gateway.services.ledger.flush();
      const record = await (await harness.request(`/v1/admin/audit/${response.headers.get('x-svc-audit-id')}`)).json();
      assert.match(record.prompt, /\[EMAIL_1\]/);
      assert.ok(!record.prompt.includes('grace@example.org') && !record.prompt.includes('4111 1111 1111 1111'), record.prompt);
      const { readdir, readFile } = await import('node:fs/promises');
      const dataDir = harness.gateway.config.storage.dataDir;
      const files = (await readdir(dataDir, { recursive: true })).map((name) => `${dataDir}/${name}`);
      for (const file of files) {
        const text = await readFile(file).catch(() => Buffer.alloc(0));
        assert.ok(!text.includes('grace@example.org'), `${file} holds the raw prompt`);
      }
    });

    test('every endpoint redacts what it sends upstream: completions, Responses, embeddings, moderations', async () => {
      const orgId = await createOrg(harness, 'pii-everywhere');
      const key = (await createKey(harness, { org_id: orgId })).key;
      assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/policy`, { method: 'PUT', body: { redact_pii: true } })).status, 200);
      const secret = 'mail ada@example.com';
      const sentBodies = () => harness.mock.requests.map((request) => request.rawBody);

      harness.mock.enqueueReply({ content: 'Wrote to [EMAIL_1].' });
      const completion = await (await harness.request('/v1/completions', { key, body: { model: 'gpt-4o-mini', prompt: secret } })).json();
      assert.equal(completion.choices[0].text, 'Wrote to ada@example.com.');
      harness.mock.enqueueReply({ content: 'Wrote to [EMAIL_1].' });
      const response = await (await harness.request('/v1/responses', { key, body: { model: 'gpt-4o-mini', input: secret, store: false } })).json();
      assert.equal(response.output_text, 'Wrote to ada@example.com.');
      assert.equal((await harness.request('/v1/embeddings', { key, body: { model: 'text-embedding-3-small', input: [secret] } })).status, 200);
      assert.equal((await harness.request('/v1/moderations', { key, body: { input: secret } })).status, 200);

      assert.equal(sentBodies().length, 4);
      for (const body of sentBodies()) {
        assert.ok(!body.includes('ada@example.com'), `reached the upstream: ${body.slice(0, 200)}`);
        assert.ok(body.includes('[EMAIL_1]'), body.slice(0, 200));
      }
    });

    test('a stream gets the originals back even when a placeholder is split across chunks', async () => {
      harness.mock.enqueueReply({ content: 'Reply to [EMAIL_1] today.', chunks: ['Reply to [EM', 'AIL', '_1] to', 'day.'] });
      const response = await postChat(harness, { model: 'gpt-4o-mini', stream: true, svc: { redact_pii: true }, messages: [{ role: 'user', content: 'Draft a note to ada@example.com' }] });
      const { events } = await readSse(response, performance.now());
      const text = events
        .filter((event) => event.data !== '[DONE]')
        .map((event) => JSON.parse(event.data).choices[0]?.delta?.content ?? '')
        .join('');
      assert.equal(text, 'Reply to ada@example.com today.');
      assert.equal(harness.mock.requests[0].body.messages[0].content, 'Draft a note to [EMAIL_1]');
    });

    test("an org's default turns it on; a request may still turn it off", async () => {
      const orgId = await createOrg(harness, 'pii-default');
      const key = (await createKey(harness, { org_id: orgId })).key;
      await harness.request(`/v1/admin/orgs/${orgId}/policy`, { method: 'PUT', body: { redact_pii: true } });
      await (await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'mail bob@example.org' }] }, { key })).arrayBuffer();
      assert.equal(harness.mock.requests[0].body.messages[0].content, 'mail [EMAIL_1]');
      await (await postChat(harness, { model: 'gpt-4o-mini', svc: { redact_pii: false }, messages: [{ role: 'user', content: 'mail bob@example.org' }] }, { key })).arrayBuffer();
      assert.equal(harness.mock.requests[1].body.messages[0].content, 'mail bob@example.org');
    });
  });

  describe('audit trail', () => {
    test('every request has an audit record, its id in x-svc-audit-id; tool calls and redactions are in it, the prompt is not', async () => {
      const orgId = await createOrg(harness, 'audit');
      const key = (await createKey(harness, { org_id: orgId })).key;
      harness.mock.enqueueReply({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
      const response = await postChat(harness, { model: 'gpt-4o-mini', tools: [weatherTool], svc: { redact_pii: true }, messages: [{ role: 'user', content: 'Weather for carol@example.com in Oslo' }] }, { key });
      const auditId = response.headers.get('x-svc-audit-id')!;
      assert.equal(auditId, `aud_${response.headers.get('x-svc-request-id')}`);
      const record = await (await harness.request(`/v1/admin/audit/${auditId}`)).json();
      assert.equal(record.id, auditId);
      assert.equal(record.org_id, orgId);
      assert.equal(record.endpoint, 'chat.completions');
      assert.equal(record.requested_model, 'gpt-4o-mini');
      assert.equal(record.served_model, 'openai/gpt-4o-mini');
      assert.deepEqual(record.tool_calls, ['get_weather']);
      assert.deepEqual(record.redactions, { email: 1 });
      assert.equal(record.status, 200);
      assert.equal(record.prompt, null);
      assert.ok(record.cost_usd > 0);
    });

    test('refused and failed requests are audited too; the list filters by status; another org sees 404', async () => {
      const orgId = await createOrg(harness, 'audit-list');
      const admin = (await createKey(harness, { org_id: orgId, scopes: ['admin', 'api'] })).key;
      const refused = await postChat(harness, { model: 'gpt-4o-mini', temperature: 9, messages: [{ role: 'user', content: 'x' }] }, { key: admin });
      assert.equal(refused.status, 400);
      harness.mock.enqueueFault({ status: 400, message: 'upstream refused' });
      const failed = await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }, { key: admin });
      assert.notEqual(failed.status, 200);
      const list = async (query: string) => (await (await harness.request(`/v1/admin/audit?${query}`, { key: admin })).json()).data as Array<{ id: string; status: number; org_id: string }>;
      assert.ok(await waitFor(async () => (await list('')).length === 2));
      const refusedId = `aud_${refused.headers.get('x-svc-request-id')}`;
      const failedId = `aud_${failed.headers.get('x-svc-request-id')}`;
      const byId = (records: Array<{ id: string; status: number }>) => records.map((record) => `${record.id}:${record.status}`).sort();
      assert.deepEqual(byId(await list('')), byId([{ id: failedId, status: failed.status }, { id: refusedId, status: 400 }]));
      assert.ok((await list('status=400')).every((record) => record.status === 400));
      assert.ok((await list('status=400')).some((record) => record.id === refusedId));
      assert.ok((await list('')).every((record) => record.org_id === orgId), 'an org admin lists its own org only');
      const other = await createOrg(harness, 'audit-other');
      const otherAdmin = (await createKey(harness, { org_id: other, scopes: ['admin'] })).key;
      const someId = `aud_${refused.headers.get('x-svc-request-id')}`;
      await expectError(await harness.request(`/v1/admin/audit/${someId}`, { key: otherAdmin }), { status: 404, type: 'not_found_error', code: 'resource_not_found' });
      await expectError(await harness.request(`/v1/admin/audit?org_id=${orgId}`, { key: otherAdmin }), { status: 403, type: 'authorization_error', code: 'tenant_violation' });
      assert.equal((await harness.request(`/v1/admin/audit/${someId}`, { key: testMasterKey })).status, 200, 'the master key reads every org');
    });

    test('an org that opts in keeps the prompt — as it left svc, redacted', async () => {
      const orgId = await createOrg(harness, 'audit-prompts');
      const key = (await createKey(harness, { org_id: orgId })).key;
      await harness.request(`/v1/admin/orgs/${orgId}/policy`, { method: 'PUT', body: { audit_prompts: true, redact_pii: true } });
      const response = await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Remind dave@example.com' }] }, { key });
      const record = await (await harness.request(`/v1/admin/audit/${response.headers.get('x-svc-audit-id')}`)).json();
      assert.equal(record.prompt, JSON.stringify([{ role: 'user', content: 'Remind [EMAIL_1]' }]));
    });

    test("a conversation longer than the record's 32 KB keeps its newest turns, the request's own among them, as valid JSON", async () => {
      const orgId = await createOrg(harness, 'audit-long');
      const key = (await createKey(harness, { org_id: orgId })).key;
      await harness.request(`/v1/admin/orgs/${orgId}/policy`, { method: 'PUT', body: { audit_prompts: true } });
      const turns = Array.from({ length: 20 }, (_, turn) => ({ role: turn % 2 ? 'assistant' : 'user', content: `turn ${turn}: ${'the plan and its numbers. '.repeat(80)}` }));
      const messages = [...turns, { role: 'user', content: 'Remind erin@example.com of the deadline' }];
      const response = await postChat(harness, { model: 'gpt-4o-mini', messages }, { key });
      assert.equal(response.status, 200);
      const record = await (await harness.request(`/v1/admin/audit/${response.headers.get('x-svc-audit-id')}`)).json();
      assert.ok(record.prompt.length <= 32 * 1024, `${record.prompt.length} characters`);
      const kept = JSON.parse(record.prompt) as Array<{ content: string }>;
      assert.deepEqual(kept.at(-1), { role: 'user', content: 'Remind [EMAIL_1] of the deadline' });
      assert.ok(kept.length < messages.length, 'the oldest turns are left out');
      assert.equal(kept[0].content, turns[messages.length - kept.length].content, 'what is kept is the newest, in order');
    });
  });
});

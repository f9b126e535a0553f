import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { assertClose, chatBody, postChat, priced } from './gateway-test-helpers.js';

/** Spec 2.2 (chat completion), 2.3 (svc_metadata) and the response headers of 4.1, on the non-stream path. */
describe('non-stream chat responses: body, svc_metadata and headers', () => {
  let harness: TestGateway;

  before(async () => {
    harness = await startTestGateway();
  });
  after(() => harness.close());
  beforeEach(() => harness.mock.reset());

  /** gpt-4o-mini's catalog prices, USD per million tokens. */
  const gpt4oMini = { input: 0.15, output: 0.6 };

  async function chatWithUsage(prompt: number, completion: number, extra: Record<string, unknown> = {}) {
    harness.mock.enqueueReply({ content: 'priced answer', usage: { input: prompt, output: completion } });
    const response = await postChat(harness, chatBody(extra));
    const text = await response.text();
    assert.equal(response.status, 200, text);
    return { response, body: JSON.parse(text) };
  }

  test('the body is a chat.completion (spec 2.2)', async () => {
    const { body } = await chatWithUsage(1000, 500);
    assert.equal(typeof body.id, 'string');
    assert.equal(body.object, 'chat.completion');
    assert.ok(Number.isInteger(body.created));
    assert.ok(Math.abs(body.created - Date.now() / 1000) < 300, 'created is in Unix seconds');
    assert.equal(typeof body.model, 'string');
    assert.equal(body.choices.length, 1);
    assert.equal(body.choices[0].index, 0);
    assert.equal(body.choices[0].message.role, 'assistant');
    assert.equal(body.choices[0].message.content, 'priced answer');
    assert.equal(body.choices[0].finish_reason, 'stop');
    assert.deepEqual(
      { prompt: body.usage.prompt_tokens, completion: body.usage.completion_tokens, total: body.usage.total_tokens },
      { prompt: 1000, completion: 500, total: 1500 },
    );
  });

  test('svc_metadata has every always-present field of spec 2.3, plus cost and savings', async () => {
    const { body } = await chatWithUsage(1000, 500);
    const metadata = body.svc_metadata;
    assert.ok(metadata, 'svc_metadata present');
    assert.equal(typeof metadata.request_id, 'string');
    assert.ok(metadata.request_id.length > 0);
    assert.equal(typeof metadata.routing_decision, 'string');
    assert.ok(metadata.routing_decision.length > 0);
    assert.equal(metadata.provider, 'openai');
    assert.match(metadata.tier, /^T[123]$/);
    assert.ok(Number.isInteger(metadata.latency_ms) && metadata.latency_ms >= 0, `latency_ms ${metadata.latency_ms}`);
    assert.equal(metadata.requested_model, 'gpt-4o-mini');
    assert.equal(metadata.cost_attribution, 'svc');
    assert.equal(metadata.intelligence_mode, 'full');

    const cost = priced(1000, 500, gpt4oMini.input, gpt4oMini.output); // 0.00045
    const baseline = priced(1000, 500, 2.5, 10); // 0.0075: the reference model of spec 2.3
    assertClose(metadata.cost_usd, cost, 'cost_usd');
    assertClose(metadata.baseline_cost_usd, baseline, 'baseline_cost_usd');
    assertClose(metadata.savings_usd, baseline - cost, 'savings_usd');
    assertClose(metadata.savings_pct, ((baseline - cost) / baseline) * 100, 'savings_pct', 0.01);
  });

  test('requested_model is the model string the caller sent, whatever form it had', async () => {
    const { body } = await chatWithUsage(10, 10, { model: 'openai/gpt-4o-mini' });
    assert.equal(body.svc_metadata.requested_model, 'openai/gpt-4o-mini');
    assert.equal(body.svc_metadata.provider, 'openai');
  });

  test('the response headers of spec 4.1 agree with the body', async () => {
    const { response, body } = await chatWithUsage(1000, 500);
    const headers = response.headers;
    const metadata = body.svc_metadata;
    assert.equal(headers.get('x-svc-request-id'), metadata.request_id);
    assert.equal(headers.get('x-svc-cache-hit'), 'false');
    assert.equal(headers.get('x-svc-tier-used'), metadata.tier);
    assert.match(headers.get('x-svc-lane-used') ?? '', /^(smart|turbo)$/);
    assert.equal(headers.get('x-svc-provider'), 'openai/gpt-4o-mini');
    assert.equal(headers.get('x-svc-speculation-accepted'), '0');
    const breakdown = JSON.parse(headers.get('x-svc-latency-breakdown') ?? 'null');
    assert.ok(breakdown && typeof breakdown === 'object' && !Array.isArray(breakdown), 'x-svc-latency-breakdown is a JSON object');
    assert.ok(Object.keys(breakdown).length > 0);
    for (const value of Object.values(breakdown)) assert.equal(typeof value, 'number');
    assert.ok((headers.get('x-svc-audit-id') ?? '').length > 0, 'x-svc-audit-id present');
    assert.equal(headers.get('x-svc-input-tokens'), String(body.usage.prompt_tokens));
    assert.equal(headers.get('x-svc-output-tokens'), String(body.usage.completion_tokens));
    assert.equal(Number(headers.get('x-svc-cost-usd')), metadata.cost_usd);
    assert.equal(headers.get('x-svc-intelligence-mode'), 'full');
    assert.equal(headers.get('x-svc-intelligence-mode'), metadata.intelligence_mode);
  });

  test('each request gets its own request id', async () => {
    const first = await chatWithUsage(5, 5);
    const second = await chatWithUsage(5, 5);
    assert.notEqual(first.body.svc_metadata.request_id, second.body.svc_metadata.request_id);
    assert.notEqual(first.response.headers.get('x-svc-audit-id'), null);
    assert.notEqual(first.response.headers.get('x-svc-audit-id'), second.response.headers.get('x-svc-audit-id'));
  });

  test('n=3 with an upstream returning one choice gives 3 choices with indexes 0, 1, 2', async () => {
    const { body } = await chatWithUsage(10, 10, { n: 3 });
    assert.deepEqual(body.choices.map((choice: { index: number }) => choice.index), [0, 1, 2]);
    for (const choice of body.choices) {
      assert.equal(choice.message.content, 'priced answer');
      assert.equal(choice.finish_reason, 'stop');
    }
  });

  test('HEAD /v1/chat/completions → 204 No Content', async () => {
    const response = await harness.request('/v1/chat/completions', { method: 'HEAD' });
    assert.equal(response.status, 204);
    assert.equal(await response.text(), '');
    assert.equal(harness.mock.requests.length, 0, 'the probe does not call a provider');
  });

  test('HEAD /v1/chat/completions without a key → 401 (every endpoint needs a Bearer key)', async () => {
    const response = await harness.request('/v1/chat/completions', { method: 'HEAD', key: null });
    assert.equal(response.status, 401);
  });

  test('svc, routing_hints and routing_override never reach the upstream, which gets its own model name', async () => {
    const response = await postChat(
      harness,
      chatBody({
        model: 'openai/gpt-4o-mini',
        svc: { workflow_type: 'single_turn', reliability_level: 'high', enable_cache: false, intelligence_mode: 'proxy', redact_pii: true },
        routing_hints: { mode: 'balanced', preference_dial: 0.4, max_latency_ms: 5000, task_complexity: 'standard' },
        routing_override: { force_lane: 'smart', force_provider: 'openai' },
        temperature: 0.5,
      }),
    );
    assert.equal(response.status, 200, await response.text());
    assert.equal(harness.mock.requests.length, 1);
    const upstream = harness.mock.requests[0];
    assert.equal(upstream.body.model, 'gpt-4o-mini');
    assert.equal(upstream.body.temperature, 0.5, 'standard parameters are forwarded');
    for (const field of ['svc', 'routing_hints', 'routing_override', 'svc_metadata']) {
      assert.equal(field in upstream.body, false, `${field} must not be sent upstream`);
    }
    assert.doesNotMatch(upstream.rawBody, /routing_hints|routing_override|intelligence_mode|workflow_type/);
  });

  test('the legacy x-svc-* request headers are accepted and not forwarded to the provider', async () => {
    const legacy = {
      'x-svc-workflow': 'single_turn',
      'x-svc-voice': 'false',
      'x-svc-planning-mode': 'preact',
      'x-svc-preference': '0.5',
      'x-svc-chain-routing': 'sticky',
      'x-svc-lane': 'smart',
      'x-svc-tier': 'T1',
      'x-svc-run-id': 'run-123',
      'x-svc-conversation-id': 'conv-456',
    };
    const response = await postChat(harness, chatBody(), { headers: legacy });
    assert.equal(response.status, 200, await response.text());
    const upstreamHeaders = Object.keys(harness.mock.requests[0].headers);
    assert.deepEqual(upstreamHeaders.filter((name) => name.startsWith('x-svc-')), []);
  });

  test('a legacy header is bounded as a metadata value: a longer conversation id is a 400 naming the header', async () => {
    const response = await postChat(harness, chatBody(), { headers: { 'x-svc-conversation-id': 'c'.repeat(513) } });
    assert.equal(response.status, 400);
    const { error } = (await response.json()) as { error: { type: string; param: string; message: string } };
    assert.equal(error.type, 'invalid_request_error');
    assert.equal(error.param, 'x-svc-conversation-id');
    assert.equal(error.message, 'x-svc-conversation-id must be at most 512 characters long (got 513)');
    assert.equal(harness.mock.requests.length, 0, 'nothing reached the upstream');
  });
  test('parameters a provider cannot take are reported: svc_metadata.warnings and x-svc-warnings, streams included', async () => {
    const body = chatBody({ model: 'anthropic/claude-haiku-4-5', temperature: 1.7, seed: 7 });
    const response = await postChat(harness, body);
    assert.equal(response.status, 200);
    const warnings = (await response.json()).svc_metadata.warnings as string[];
    assert.ok(warnings.some((warning) => /temperature/.test(warning)), warnings.join(' | '));
    assert.ok(warnings.some((warning) => /seed/.test(warning)), warnings.join(' | '));
    assert.deepEqual(JSON.parse(response.headers.get('x-svc-warnings')!), warnings);
    // What reached Anthropic is what it accepts.
    assert.equal(harness.mock.requests.at(-1)!.body.temperature, 1);
    assert.equal(harness.mock.requests.at(-1)!.body.seed, undefined);

    const streamed = await postChat(harness, { ...body, stream: true });
    assert.equal(streamed.status, 200);
    assert.deepEqual(JSON.parse(streamed.headers.get('x-svc-warnings')!), warnings);
    await streamed.text();
  });

  test('x-svc-warnings stays small enough for any client: at most 10 entries, 4 KiB, the full list in svc_metadata.warnings', async () => {
    const unknown = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`unknown_field_${index}`, true]));
    const body = chatBody({ ...unknown, ['x'.repeat(20_000)]: 1 });
    // undici (Node's fetch and the OpenAI SDK) refuses answers whose headers pass 16 KiB.
    const { data, response } = await harness.client().chat.completions.create(body as never).withResponse();
    const header = response.headers.get('x-svc-warnings')!;
    assert.ok(header.length <= 4096, `x-svc-warnings is ${header.length} bytes`);
    const shown = JSON.parse(header) as string[];
    assert.equal(shown.length, 11);
    assert.match(shown.at(-1)!, /^… 291 more in svc_metadata\.warnings$/);
    const all = (data as unknown as { svc_metadata: { warnings: string[] } }).svc_metadata.warnings;
    assert.equal(all.length, 301, 'every unknown field is in svc_metadata.warnings');
  });

  test('no warning header when nothing was changed', async () => {
    const response = await postChat(harness, chatBody());
    assert.equal(response.headers.get('x-svc-warnings'), null);
    assert.equal((await response.json()).svc_metadata.warnings, undefined);
  });

  test('legacy functions/function_call reach the upstream as tools/tool_choice; an unknown field is a warning, never silently dropped', async () => {
    const functions = [{ name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } }];
    const response = await postChat(harness, chatBody({ functions, function_call: { name: 'get_weather' }, frobnicate: true }));
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    const sent = harness.mock.requests[0].body;
    assert.deepEqual(sent.tools, [{ type: 'function', function: functions[0] }]);
    assert.deepEqual(sent.tool_choice, { type: 'function', function: { name: 'get_weather' } });
    assert.equal('functions' in sent || 'function_call' in sent || 'frobnicate' in sent, false);
    assert.deepEqual(body.svc_metadata.warnings, ['frobnicate is not a chat completions field svc knows; it was not forwarded']);
  });
});

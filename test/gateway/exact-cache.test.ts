import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { assertClose, createKey, createOrg, postChat, readSse, waitFor } from './gateway-test-helpers.js';

/** The exact cache of chat answers (issue 10; spec 2.3, 4.1 headers, 4.9 stage matrix), end to end. */
describe('exact cache', () => {
  let harness: TestGateway;
  let client: OpenAI;
  let run = 0;

  before(async () => {
    harness = await startTestGateway();
    client = harness.client();
  });
  after(() => harness.close());
  beforeEach(() => {
    harness.mock.reset();
    run++;
  });

  /** A cacheable request (temperature 0) whose prompt is new to this test. */
  const body = (overrides: Record<string, unknown> = {}) => ({ model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'user', content: `What is the capital of France? (${run})` }], ...overrides });
  const chat = (overrides: Record<string, unknown> = {}, init: { key?: string; headers?: Record<string, string> } = {}) => postChat(harness, body(overrides), init);
  const upstreamCalls = () => harness.mock.requests.filter((request) => request.path.includes('chat/completions')).length;

  test('a repeated request is answered once by the upstream; the hit costs nothing and says so', async () => {
    harness.mock.enqueueReply({ content: 'Paris.', usage: { input: 1000, output: 200 } });
    const first = await chat();
    assert.equal(first.headers.get('x-svc-cache-hit'), 'false');
    const firstBody = await first.json();
    const second = await chat();
    assert.equal(upstreamCalls(), 1, 'the second request made no upstream call');
    assert.equal(second.headers.get('x-svc-cache-hit'), 'true');
    assert.equal(second.headers.get('x-svc-cache-type'), 'exact');
    assert.match(second.headers.get('x-svc-latency-ms') ?? '', /^\d+$/);
    assert.equal(second.headers.get('x-svc-provider'), 'openai/gpt-4o-mini');
    assert.equal(second.headers.get('x-svc-cost-usd'), '0');
    const hit = await second.json();
    assert.equal(hit.choices[0].message.content, 'Paris.');
    assert.deepEqual(hit.usage, firstBody.usage, 'the cached answer carries its usage');
    const metadata = hit.svc_metadata;
    assert.equal(metadata.decision_source, 'CacheHit');
    assert.equal(metadata.cache_hit, true);
    assert.equal(metadata.cost_usd, 0);
    // Baseline of spec 2.3: 1000 × 2.50 + 200 × 10 per million = 0.0045; all of it saved.
    assertClose(metadata.baseline_cost_usd, 0.0045);
    assertClose(metadata.savings_usd, 0.0045);
    // What gpt-4o-mini would have charged (catalog: 0.15 / 0.60 per million): 0.00015 + 0.00012.
    assertClose(metadata.cache_saved_usd, 0.00027);
    assertClose(firstBody.svc_metadata.cost_usd, 0.00027);
  });

  test('the ledger marks the hit, at zero cost; the usage summary counts hits and their savings', async () => {
    const orgId = await createOrg(harness, `cache-ledger-${run}`);
    const key = (await createKey(harness, { org_id: orgId })).key;
    harness.mock.enqueueReply({ content: 'Paris.', usage: { input: 1000, output: 200 } });
    await (await chat({}, { key })).json();
    await (await chat({}, { key })).json();
    type Summary = { requests: number; cache_hits: number; cost_usd: number; baseline_cost_usd: number; savings_usd: number };
    const summary = async () => (await (await harness.request(`/v1/admin/usage?org_id=${orgId}`)).json()) as Summary;
    assert.ok(await waitFor(async () => (await summary()).requests === 2, 3000));
    const totals = await summary();
    assert.equal(totals.cache_hits, 1);
    assertClose(totals.cost_usd, 0.00027, 'only the call that reached the upstream costs');
    assertClose(totals.baseline_cost_usd, 0.009);
    assertClose(totals.savings_usd, 0.009 - 0.00027);
  });

  test('each parameter that shapes the answer is part of the key: a different one is a miss', async () => {
    const variants: Array<Record<string, unknown>> = [
      {},
      { temperature: 0.1 },
      { seed: 42 },
      { max_tokens: 50 },
      { stop: ['\n'] },
      { n: 2 },
      { top_p: 0.5 },
      { response_format: { type: 'json_object' } },
      { tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: {} } } }] },
      { messages: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: `What is the capital of France? (${run})` }] },
      { model: 'gpt-4o' },
    ];
    for (const variant of variants) assert.equal((await chat(variant)).status, 200, JSON.stringify(variant));
    assert.equal(upstreamCalls(), variants.length, 'every variant went upstream');
    for (const variant of variants) await (await chat(variant)).arrayBuffer();
    assert.equal(upstreamCalls(), variants.length, 'and each is then a hit of its own');
  });

  test('orgs never share entries', async () => {
    const orgId = await createOrg(harness, `cache-other-${run}`);
    const key = (await createKey(harness, { org_id: orgId })).key;
    await (await chat()).arrayBuffer();
    const other = await chat({}, { key });
    assert.equal(other.headers.get('x-svc-cache-hit'), 'false');
    assert.equal(upstreamCalls(), 2);
  });

  test('streams: a streamed answer is stored once complete, and a hit streams in the compact form', async () => {
    harness.mock.enqueueReply({ content: 'Paris is the capital.', chunks: ['Paris ', 'is ', 'the ', 'capital.'] });
    const live = await readSse(await chat({ stream: true }), performance.now());
    assert.ok(live.events.length > 4);
    const startedAt = performance.now();
    const replayed = await chat({ stream: true });
    assert.equal(replayed.headers.get('x-svc-cache-hit'), 'true');
    const { events } = await readSse(replayed, startedAt);
    assert.equal(upstreamCalls(), 1);
    const chunks = events.filter((event) => event.data !== '[DONE]').map((event) => JSON.parse(event.data));
    assert.equal(chunks.length, 2, 'one role chunk, one content chunk');
    assert.deepEqual(chunks[0].choices[0].delta, { role: 'assistant', content: '' });
    assert.equal(chunks[1].choices[0].delta.content, 'Paris is the capital.');
    assert.equal(chunks[1].choices[0].finish_reason, 'stop');
    assert.equal(events[events.length - 1].data, '[DONE]');
    // The same entry answers the non-stream form.
    assert.equal((await (await chat()).json()).choices[0].message.content, 'Paris is the capital.');
    assert.equal(upstreamCalls(), 1);
  });

  test('never stored: a stream the client cut, an upstream error, a content-filtered answer', async () => {
    harness.mock.enqueueReply({ content: 'one two three four five', eventDelayMs: 30 });
    await readSse(await chat({ stream: true }), performance.now(), (_event, index) => index >= 1);
    harness.mock.enqueueFault({ status: 400, message: 'refused upstream' });
    assert.notEqual((await chat({ seed: 1 })).status, 200);
    harness.mock.enqueueReply({ content: 'filtered', finish: 'content_filter' });
    await (await chat({ seed: 2 })).arrayBuffer();
    const before = upstreamCalls();
    for (const overrides of [{ stream: true }, { seed: 1 }, { seed: 2 }]) {
      const response = await chat(overrides);
      assert.equal(response.headers.get('x-svc-cache-hit'), 'false', JSON.stringify(overrides));
      await response.arrayBuffer();
    }
    assert.equal(upstreamCalls(), before + 3);
  });

  test('with the restricting option (max_temperature 0.5, as this suite runs): the default temperature is not cached, a seed is', async () => {
    await (await chat({ temperature: undefined })).arrayBuffer();
    await (await chat({ temperature: undefined })).arrayBuffer();
    assert.equal(upstreamCalls(), 2, 'temperature 1 (the default) is not cached');
    await (await chat({ temperature: 1.2, seed: 5 })).arrayBuffer();
    assert.equal((await chat({ temperature: 1.2, seed: 5 })).headers.get('x-svc-cache-hit'), 'true');
    assert.equal(upstreamCalls(), 3);
  });

  test('enable_cache: false in full mode neither reads nor stores; proxy mode never reads nor stores', async () => {
    await (await chat()).arrayBuffer();
    const skipped = await chat({ svc: { enable_cache: false } });
    assert.equal(skipped.headers.get('x-svc-cache-hit'), 'false');
    assert.equal(upstreamCalls(), 2);
    const proxied = await chat({}, { headers: { 'x-intelligence-mode': 'proxy' } });
    assert.equal(proxied.headers.get('x-svc-cache-hit'), 'false');
    assert.equal(upstreamCalls(), 3, 'proxy mode does not read the entry full mode stored');

    await (await chat({ seed: 9 }, { headers: { 'x-intelligence-mode': 'proxy' } })).arrayBuffer();
    await (await chat({ seed: 9, svc: { enable_cache: false } })).arrayBuffer();
    assert.equal((await chat({ seed: 9 })).headers.get('x-svc-cache-hit'), 'false', 'neither stored anything');
    assert.equal(upstreamCalls(), 6);
    assert.equal((await chat({ seed: 9 }, { headers: { 'x-intelligence-mode': 'cache' } })).headers.get('x-svc-cache-hit'), 'true', 'cache mode reads what full mode stored');
  });

  test('through the SDK: the Responses API and legacy completions are served from the same cache', async () => {
    harness.mock.enqueueReply({ content: 'Cached for everyone.' });
    const first = await client.responses.create({ model: 'gpt-4o-mini', input: `Say it (${run})`, temperature: 0 });
    const second = await client.responses.create({ model: 'gpt-4o-mini', input: `Say it (${run})`, temperature: 0 });
    assert.equal(second.output_text, 'Cached for everyone.');
    assert.notEqual(second.id, first.id, 'a hit is a response of its own');
    assert.equal(upstreamCalls(), 1);
  });
});

describe('exact cache with svc defaults: every temperature', () => {
  let harness: TestGateway;
  let run = 0;
  before(async () => {
    harness = await startTestGateway({ cacheEveryTemperature: true });
  });
  after(() => harness.close());
  beforeEach(() => {
    harness.mock.reset();
    run++;
  });
  const upstreamCalls = () => harness.mock.requests.filter((request) => request.path.includes('chat/completions')).length;
  const prompt = () => [{ role: 'user' as const, content: `Name a colour (${run})` }];

  test('two identical requests at the default temperature: the second is an exact hit (raw HTTP, stream and not)', async () => {
    await (await postChat(harness, { model: 'gpt-4o-mini', messages: prompt() })).arrayBuffer();
    const hit = await postChat(harness, { model: 'gpt-4o-mini', messages: prompt() });
    assert.equal(hit.headers.get('x-svc-cache-hit'), 'true');
    assert.equal((await hit.json()).svc_metadata.cache_type, 'exact');
    const streamed = await postChat(harness, { model: 'gpt-4o-mini', messages: prompt(), stream: true });
    assert.equal(streamed.headers.get('x-svc-cache-hit'), 'true');
    assert.match(await streamed.text(), /\[DONE\]/);
    assert.equal(upstreamCalls(), 1);
  });

  test('the same through the OpenAI SDK', async () => {
    const client = harness.client();
    const first = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: prompt() });
    const { data: second, response } = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: prompt() }).withResponse();
    assert.equal(response.headers.get('x-svc-cache-hit'), 'true');
    assert.equal(second.choices[0].message.content, first.choices[0].message.content);
    assert.equal(upstreamCalls(), 1);
  });

  test('Cache-Control: no-cache or no-store from the caller skips the cache for that request; n and logprobs are part of the key', async () => {
    await (await postChat(harness, { model: 'gpt-4o-mini', messages: prompt() })).arrayBuffer();
    for (const value of ['no-cache', 'max-age=0, no-store']) {
      const response = await postChat(harness, { model: 'gpt-4o-mini', messages: prompt() }, { headers: { 'cache-control': value } });
      assert.equal(response.headers.get('x-svc-cache-hit'), 'false', value);
      await response.arrayBuffer();
    }
    for (const extra of [{ n: 2 }, { logprobs: true }]) {
      const response = await postChat(harness, { model: 'gpt-4o-mini', messages: prompt(), ...extra });
      assert.equal(response.headers.get('x-svc-cache-hit'), 'false', JSON.stringify(extra));
      await response.arrayBuffer();
    }
    assert.equal(upstreamCalls(), 5);
  });
});

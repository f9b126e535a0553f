import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server.js';

/**
 * The mock refuses what the real providers refuse, with their status and wording: a green adapter test
 * therefore means the provider would have accepted the request. These check the mock itself.
 */
describe('the mock upstream is as strict as the real providers', () => {
  let mock: MockUpstream;
  before(async () => {
    mock = await startMockUpstream();
  });
  after(() => mock.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(mock.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
  const claude = { model: 'claude-haiku-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] };
  const gemini = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
  const anthropicHeaders = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };

  test('OpenAI: no Bearer key → 401; an unknown field → 400 naming it; metadata without store → 400; service_tier batch → 400', async () => {
    assert.equal((await post('/v1/chat/completions', chat)).status, 401);
    const unknown = await post('/v1/chat/completions', { ...chat, routing_hints: {} }, { authorization: 'Bearer k' });
    assert.equal(unknown.status, 400);
    assert.equal((await unknown.json()).error.message, 'Unrecognized request argument supplied: routing_hints');
    assert.equal((await post('/v1/chat/completions', { ...chat, metadata: { a: 'b' } }, { authorization: 'Bearer k' })).status, 400);
    assert.equal((await post('/v1/chat/completions', { ...chat, service_tier: 'batch' }, { authorization: 'Bearer k' })).status, 400);
    assert.equal((await post('/v1/chat/completions', chat, { authorization: 'Bearer k' })).status, 200);
  });

  test("OpenAI: logit_bias takes token ids to a bias in [-100, 100], as OpenAI's 'Invalid key in logit_bias' says", async () => {
    const badKey = await post('/v1/chat/completions', { ...chat, logit_bias: { abc: 5 } }, { authorization: 'Bearer k' });
    assert.equal(badKey.status, 400);
    assert.equal((await badKey.json()).error.message, "Invalid key in 'logit_bias': abc. You should only be submitting non-negative integers.");
    assert.equal((await post('/v1/chat/completions', { ...chat, logit_bias: { '50256': 101 } }, { authorization: 'Bearer k' })).status, 400);
    assert.equal((await post('/v1/chat/completions', { ...chat, logit_bias: { '50256': -100 } }, { authorization: 'Bearer k' })).status, 200);
  });

  test('Anthropic: x-api-key and anthropic-version are required, so is max_tokens; extra fields and thinking_tokens-like inventions are refused', async () => {
    assert.equal((await post('/v1/messages', claude, { 'anthropic-version': '2023-06-01' })).status, 401);
    assert.equal((await post('/v1/messages', claude, { 'x-api-key': 'k' })).status, 400);
    const noMax = await post('/v1/messages', { ...claude, max_tokens: undefined }, anthropicHeaders);
    assert.equal(noMax.status, 400);
    assert.deepEqual((await noMax.json()).error, { type: 'invalid_request_error', message: 'max_tokens: Field required' });
    assert.equal((await post('/v1/messages', { ...claude, frequency_penalty: 1 }, anthropicHeaders)).status, 400);
    assert.equal((await post('/v1/messages', claude, anthropicHeaders)).status, 200);
    const usage = (await (await post('/v1/messages', claude, anthropicHeaders)).json()).usage;
    assert.deepEqual(Object.keys(usage).sort(), ['cache_creation_input_tokens', 'cache_read_input_tokens', 'input_tokens', 'output_tokens']);
  });

  test('Gemini: a key in x-goog-api-key or key= is required; unknown fields are refused; JSON mode beside tools is refused; alt=sse is honoured', async () => {
    const path = '/v1beta/models/gemini-2.5-flash:generateContent';
    assert.equal((await post(path, gemini)).status, 403);
    assert.equal((await post(`${path}?key=k`, gemini)).status, 200);
    const unknown = await post(path, { ...gemini, temperature: 1 }, { 'x-goog-api-key': 'k' });
    assert.equal(unknown.status, 400);
    assert.match((await unknown.json()).error.message, /Unknown name "temperature"/);
    const jsonWithTools = { ...gemini, tools: [{ functionDeclarations: [{ name: 'f' }] }], generationConfig: { responseMimeType: 'application/json' } };
    assert.equal((await post(path, jsonWithTools, { 'x-goog-api-key': 'k' })).status, 400);
    const stream = '/v1beta/models/gemini-2.5-flash:streamGenerateContent';
    const array = await post(stream, gemini, { 'x-goog-api-key': 'k' });
    assert.match(array.headers.get('content-type') ?? '', /application\/json/);
    assert.ok(Array.isArray(await array.json()), 'without alt=sse: a JSON array of chunks');
    const sse = await post(`${stream}?alt=sse`, gemini, { 'x-goog-api-key': 'k' });
    assert.match(sse.headers.get('content-type') ?? '', /text\/event-stream/);
    await sse.text();
  });

  test('a mock started with maxRecordedRequests keeps only the newest that many requests', async () => {
    const bounded = await startMockUpstream({ maxRecordedRequests: 2 });
    try {
      for (const content of ['one', 'two', 'three']) {
        const answer = await fetch(`${bounded.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k' }, body: JSON.stringify({ ...chat, messages: [{ role: 'user', content }] }) });
        assert.equal(answer.status, 200);
      }
      assert.deepEqual(bounded.requests.map((request) => (request.body as typeof chat).messages[0].content), ['two', 'three']);
    } finally {
      await bounded.close();
    }
  });
});

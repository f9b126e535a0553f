import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { mockTokens, mockVector } from '../mock-upstream/json-endpoints.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { assertClose, createKey, createOrg, expectError, waitFor } from './gateway-test-helpers.js';

/** Spec 4.4, 4.5, 2.6, 2.7, 7 and 8, through the official SDK and raw HTTP. */
describe('embeddings and moderations', () => {
  let harness: TestGateway;
  let client: OpenAI;

  before(async () => {
    harness = await startTestGateway();
    client = harness.client();
  });
  after(() => harness.close());
  beforeEach(() => harness.mock.reset());

  const embeddingsRequests = () => harness.mock.requests.filter((request) => request.path.includes('mbed'));
  const post = (path: string, body: unknown, key?: string) => harness.request(path, { body, key });

  describe('POST /v1/embeddings', () => {
    test("the SDK's default (base64) and float both give the upstream's vectors", async () => {
      const base64 = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'sdk base64 default' });
      assert.equal(embeddingsRequests()[0].body.encoding_format, 'base64', "OpenAI is asked for base64 (its catalog row's embeddings_options), whatever the caller asked");
      assert.deepEqual(base64.data[0].embedding, mockVector('sdk base64 default', 1536), 'the SDK decoded svc\'s base64 to the same floats');
      const float = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['one float', 'two floats'], encoding_format: 'float' });
      assert.deepEqual(float.data.map((item) => item.index), [0, 1]);
      assert.deepEqual(float.data[1].embedding, mockVector('two floats', 1536), 'the float32 values base64 carried, as JSON numbers');
      assert.equal(embeddingsRequests()[1].body.encoding_format, 'base64');
      assert.equal(float.object, 'list');
      assert.equal(float.model, 'text-embedding-3-small');
      assert.deepEqual(float.usage, { prompt_tokens: mockTokens('one float') + mockTokens('two floats'), total_tokens: mockTokens('one float') + mockTokens('two floats') });
    });

    test('a batch of 2,048 inputs (OpenAI\'s most): every vector in order, in both encodings, sent in parts', async () => {
      const inputs = Array.from({ length: 2048 }, (_, index) => `batch input ${index}`);
      const float = await client.embeddings.create({ model: 'text-embedding-3-small', input: inputs, encoding_format: 'float' });
      assert.equal(float.data.length, 2048);
      assert.deepEqual(float.data.map((item) => item.index), inputs.map((_, index) => index));
      for (const index of [0, 63, 64, 1000, 2047]) assert.deepEqual(float.data[index].embedding, mockVector(inputs[index], 1536), `vector ${index}`);
      // The SDK's default: base64, decoded by the SDK (the vectors now come from svc's cache).
      const base64 = await client.embeddings.create({ model: 'text-embedding-3-small', input: inputs });
      assert.deepEqual(base64.data[2047].embedding, mockVector(inputs[2047], 1536));
      assert.equal(embeddingsRequests().length, 1, 'the second batch was served from the cache');
      const raw = await post('/v1/embeddings', { model: 'text-embedding-3-small', input: inputs.slice(0, 100), encoding_format: 'float' });
      assert.equal(raw.headers.get('content-length'), null, 'more than one part: a chunked answer');
      assert.equal(raw.headers.get('content-type'), 'application/json; charset=utf-8');
      const body = await raw.json();
      assert.equal(body.data.length, 100);
      assert.equal(body.svc_metadata.cache_hit, true);
    });

    test('a raw answer: spec 2.6 shape, svc_metadata with the cost at the catalog embedding price, usage headers', async () => {
      const response = await post('/v1/embeddings', { model: 'openai/text-embedding-3-small', input: 'priced input text', encoding_format: 'float' });
      const text = await response.text();
      const body = JSON.parse(text);
      assert.equal(response.status, 200, text);
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(text, JSON.stringify(body), 'svc writes the answer as text, byte for byte what a JSON serializer prints');
      assert.deepEqual(body.data[0].embedding, mockVector('priced input text', 1536));
      assert.deepEqual(Object.keys(body.data[0]).sort(), ['embedding', 'index', 'object']);
      assert.equal(body.data[0].object, 'embedding');
      // text-embedding-3-small: 0.02 USD per million input tokens.
      assertClose(body.svc_metadata.cost_usd, (mockTokens('priced input text') * 0.02) / 1e6);
      assert.equal(response.headers.get('x-svc-input-tokens'), String(mockTokens('priced input text')));
      assert.equal(response.headers.get('x-svc-intelligence-mode'), 'full');
      assert.equal(response.headers.get('x-svc-request-id'), body.svc_metadata.request_id);
    });

    test('token arrays are passed on; dimensions go to models that take them, and are a 400 naming the model elsewhere', async () => {
      await client.embeddings.create({ model: 'text-embedding-3-small', input: [[1, 2, 3]], encoding_format: 'float', dimensions: 4 });
      assert.deepEqual(embeddingsRequests()[0].body.input, [[1, 2, 3]]);
      assert.equal(embeddingsRequests()[0].body.dimensions, 4);
      await expectError(await post('/v1/embeddings', { model: 'text-embedding-ada-002', input: 'x', dimensions: 4 }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'model', message: 'text-embedding-ada-002' });
    });

    test('Gemini embeddings through batchEmbedContents; the usage Gemini does not report is counted by svc', async () => {
      const result = await client.embeddings.create({ model: 'gemini/gemini-embedding-001', input: ['first text', 'second text'], encoding_format: 'float' });
      const sent = embeddingsRequests()[0];
      assert.match(sent.path, /gemini-embedding-001:batchEmbedContents$/);
      assert.deepEqual(sent.body.requests.map((request: any) => request.content.parts[0].text), ['first text', 'second text']);
      assert.deepEqual(result.data[1].embedding, mockVector('second text', 3072));
      assert.ok(result.usage.prompt_tokens > 0);
    });

    test('the cache: a repeated input makes no upstream call and costs nothing; a batch sends only its new input; orgs are apart', async () => {
      const first = await post('/v1/embeddings', { model: 'text-embedding-3-small', input: ['cache me', 'me too'], encoding_format: 'float' });
      assert.equal(first.headers.get('x-svc-cache-hit'), 'false');
      const again = await post('/v1/embeddings', { model: 'text-embedding-3-small', input: ['me too', 'cache me'], encoding_format: 'float' });
      const body = await again.json();
      assert.equal(embeddingsRequests().length, 1, 'the second call reached no upstream');
      assert.equal(again.headers.get('x-svc-cache-hit'), 'true');
      assert.equal(again.headers.get('x-svc-cache-type'), 'exact');
      assert.equal(body.svc_metadata.cache_hit, true);
      assert.equal(body.svc_metadata.decision_source, 'CacheHit');
      assert.equal(body.svc_metadata.cost_usd ?? 0, 0);
      assert.deepEqual(body.data[0].embedding, mockVector('me too', 1536));
      await post('/v1/embeddings', { model: 'text-embedding-3-small', input: ['cache me', 'brand new'], encoding_format: 'float' });
      assert.deepEqual(embeddingsRequests()[1].body.input, ['brand new']);
      const otherOrg = await createOrg(harness, 'embeddings-other');
      const { key } = await createKey(harness, { org_id: otherOrg });
      await post('/v1/embeddings', { model: 'text-embedding-3-small', input: ['cache me'] }, key);
      assert.equal(embeddingsRequests().length, 3, 'another org does not get the first org\'s cache');
    });

    test('400 for a missing model, a missing or empty input, an empty string in the array', async () => {
      const invalid = { status: 400, type: 'invalid_request_error', code: 'validation_error' };
      await expectError(await post('/v1/embeddings', { input: 'x' }), { ...invalid, param: 'model' });
      await expectError(await post('/v1/embeddings', { model: 'text-embedding-3-small' }), { ...invalid, param: 'input' });
      await expectError(await post('/v1/embeddings', { model: 'text-embedding-3-small', input: '' }), { ...invalid, param: 'input' });
      await expectError(await post('/v1/embeddings', { model: 'text-embedding-3-small', input: [] }), { ...invalid, param: 'input' });
      await expectError(await post('/v1/embeddings', { model: 'text-embedding-3-small', input: ['ok', ''] }), { ...invalid, param: 'input[1]' });
      await expectError(await post('/v1/embeddings', { model: 'gpt-4o-mini', input: 'x' }), { ...invalid, param: 'model' });
      assert.equal(embeddingsRequests().length, 0);
    });

    test('the error rows of spec 7 for embeddings: 401, 429 rate_limit_exceeded, 500 internal_error (upstream error, no provider)', async () => {
      await expectError(await harness.request('/v1/embeddings', { body: { model: 'text-embedding-3-small', input: 'x' }, key: 'wrong' }), { status: 401, type: 'authentication_error', code: 'invalid_api_key' });
      // A gateway of its own: the rate-limited key cools down there, not in the gateway the other tests use.
      const cooling = await startTestGateway({ mock: harness.mock });
      try {
        harness.mock.enqueueFault({ status: 429, retryAfterSeconds: 3, wire: 'openai' });
        const limited = await cooling.request('/v1/embeddings', { body: { model: 'text-embedding-3-small', input: 'limited' } });
        assert.equal(limited.headers.get('retry-after'), '3');
        await expectError(limited, { status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded' });
      } finally {
        await cooling.close();
      }
      harness.mock.enqueueFault({ status: 500, wire: 'openai' });
      await expectError(await post('/v1/embeddings', { model: 'text-embedding-3-small', input: 'broken upstream' }), { status: 500, type: 'internal_error', code: 'internal_error' });
      await expectError(await post('/v1/embeddings', { model: 'mistral/mistral-embed', input: 'no key' }), { status: 500, type: 'internal_error', code: 'internal_error', message: 'mistral' });
    });
  });

  describe('POST /v1/moderations', () => {
    test('the SDK: every result carries the 11 category keys of spec 2.7 in categories and category_scores', async () => {
      const result = await client.moderations.create({ input: ['I will attack you', 'hello friend'] });
      assert.equal(result.results.length, 2);
      assert.equal(result.results[0].flagged, true);
      assert.equal(result.results[1].flagged, false);
      const keys = ['sexual', 'hate', 'harassment', 'self-harm', 'sexual/minors', 'hate/threatening', 'violence/graphic', 'self-harm/intent', 'self-harm/instructions', 'harassment/threatening', 'violence'];
      for (const item of result.results) {
        for (const key of keys) {
          assert.equal(typeof (item.categories as unknown as Record<string, unknown>)[key], 'boolean', key);
          assert.equal(typeof (item.category_scores as unknown as Record<string, unknown>)[key], 'number', key);
        }
      }
      assert.equal(harness.mock.requests[0].body.model, 'omni-moderation-latest', 'the default is the newest moderation model');
      // What the omni model says it judged each category from reaches the caller as OpenAI sent it.
      assert.deepEqual(result.results[0].category_applied_input_types.violence, ['text']);
      assert.deepEqual(Object.keys(result.results[1].category_applied_input_types).sort(), Object.keys(result.results[1].category_scores).sort());
    });

    test('a malformed category_applied_input_types is left out; the verdicts are still served', async () => {
      harness.mock.enqueueReply(
        { alter: (answer) => ({ ...(answer as object), results: (answer as { results: object[] }).results.map((result) => ({ ...result, category_applied_input_types: { violence: 'text' } })) }) },
        { wire: 'openai/json' },
      );
      const result = (await (await post('/v1/moderations', { input: 'hello' })).json()) as { results: Array<Record<string, unknown>> };
      assert.equal(result.results[0].flagged, false);
      assert.equal('category_applied_input_types' in result.results[0], false);
    });

    test('an answer without one result an input is the provider failing (500 provider_error), never a shorter list', async () => {
      harness.mock.enqueueReply({ alter: (answer) => ({ ...(answer as object), results: [] }) }, { wire: 'openai/json' });
      await expectError(await post('/v1/moderations', { input: ['one', 'two'] }), { status: 500, type: 'provider_error', code: 'provider_error' });
    });

    test('multimodal parts are one input; a missing input → 400; no upstream key → 500 provider_error', async () => {
      const response = await post('/v1/moderations', { input: [{ type: 'text', text: 'kill it' }, { type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] });
      const body = await response.json();
      assert.equal(body.results.length, 1);
      assert.ok(body.svc_metadata.request_id);
      await expectError(await post('/v1/moderations', {}), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'input' });
      await expectError(await harness.request('/v1/moderations', { body: { input: 'x' }, key: 'wrong' }), { status: 401, type: 'authentication_error', code: 'invalid_api_key' });
      const keyless = await startTestGateway({ env: { OPENAI_API_KEY: undefined }, mock: harness.mock });
      try {
        await expectError(await keyless.request('/v1/moderations', { body: { input: 'x' } }), { status: 500, type: 'provider_error', code: 'provider_error' });
      } finally {
        await keyless.close();
      }
    });
  });

  test('usage of each endpoint is in the ledger, by endpoint', async () => {
    const orgId = await createOrg(harness, 'by-endpoint');
    const { key } = await createKey(harness, { org_id: orgId });
    await post('/v1/embeddings', { model: 'text-embedding-3-small', input: 'ledger me' }, key);
    await post('/v1/moderations', { input: 'ledger me' }, key);
    const usage = async () => (await (await harness.request(`/v1/admin/usage?org_id=${orgId}`)).json()) as { by_endpoint: Array<{ endpoint: string; requests: number; prompt_tokens: number }> };
    assert.ok(await waitFor(async () => (await usage()).by_endpoint.length === 2, 2000));
    const byEndpoint = Object.fromEntries((await usage()).by_endpoint.map((row) => [row.endpoint, [row.requests, row.prompt_tokens]]));
    assert.deepEqual(byEndpoint, { embeddings: [1, mockTokens('ledger me')], moderations: [1, 0] });
  });
});

describe('odd upstream usage and unknown content parts', () => {
  let harness: TestGateway;
  before(async () => {
    harness = await startTestGateway();
  });
  after(() => harness.close());

  test('an embeddings answer whose usage is not a token count (12.5, -3, "abc", 1e20) is served, counted by svc, with a warning', async () => {
    for (const bad of [12.5, -3, 'abc', 1e20]) {
      harness.mock.enqueueReply({ rawUsage: { prompt_tokens: bad, total_tokens: bad } }, { wire: 'openai/json' });
      const response = await harness.request('/v1/embeddings', { body: { model: 'text-embedding-3-small', input: [`count me please ${String(bad)}`] } });
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.equal(body.data.length, 1);
      assert.ok(Number.isInteger(body.usage.prompt_tokens) && body.usage.prompt_tokens > 0, JSON.stringify(body.usage));
      assert.ok(body.svc_metadata.warnings.some((warning: string) => warning.includes('not token counts')), JSON.stringify(body.svc_metadata.warnings));
    }
  });

  test('a chat content part of an unknown type is a 400 naming it, as OpenAI answers', async () => {
    const response = await harness.request('/v1/chat/completions', {
      body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'video_url', video_url: { url: 'https://x' } }] }] },
    });
    const body = await response.json();
    assert.equal(response.status, 400);
    assert.deepEqual([body.error.type, body.error.code, body.error.param], ['invalid_request_error', 'validation_error', 'messages[0].content[1].type']);
    assert.match(body.error.message, /video_url/);
  });
});

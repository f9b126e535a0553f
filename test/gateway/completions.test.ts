import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { expectError } from './gateway-test-helpers.js';

/** POST /v1/completions (spec 4.2, 2.4): a translator over chat, through the official SDK and raw HTTP. */
describe('legacy text completions', () => {
  let harness: TestGateway;
  let client: OpenAI;

  before(async () => {
    harness = await startTestGateway();
    client = harness.client();
  });
  after(() => harness.close());
  beforeEach(() => harness.mock.reset());

  const post = (body: unknown, key?: string) => harness.request('/v1/completions', { body, key });

  test('completions.create: the prompt becomes one user message; the answer is a text_completion with usage and svc_metadata', async () => {
    harness.mock.enqueueReply({ content: 'Paris.', usage: { input: 7, output: 2 } });
    const completion = await client.completions.create({ model: 'gpt-4o-mini', prompt: 'The capital of France is', max_tokens: 5, temperature: 0.3 });
    assert.equal(completion.object, 'text_completion');
    assert.match(completion.id, /^cmpl-/);
    assert.deepEqual(completion.choices, [{ text: 'Paris.', index: 0, logprobs: null, finish_reason: 'stop' }]);
    assert.deepEqual(completion.usage, { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 });
    assert.ok((completion as unknown as { svc_metadata: { request_id: string } }).svc_metadata.request_id);
    const sent = harness.mock.requests[0].body;
    assert.deepEqual(sent.messages, [{ role: 'user', content: 'The capital of France is' }]);
    assert.deepEqual([sent.max_completion_tokens, sent.temperature], [5, 0.3]);
  });

  test('an array prompt is joined with newlines; no prompt is an empty one; echo puts the prompt before the text', async () => {
    harness.mock.enqueueReply({ content: ' done' });
    const echoed = await client.completions.create({ model: 'gpt-4o-mini', prompt: ['line one', 'line two'], echo: true });
    assert.equal(harness.mock.requests[0].body.messages[0].content, 'line one\nline two');
    assert.equal(echoed.choices[0].text, 'line one\nline two done');
    harness.mock.enqueueReply({ content: 'anything' });
    const response = await post({ model: 'gpt-4o-mini' });
    assert.equal(response.status, 200);
    assert.equal(harness.mock.requests[1].body.messages[0].content, '');
  });

  test('logprobs N asks the chat upstream for logprobs with N alternatives, rendered in the legacy shape', async () => {
    harness.mock.enqueueReply({ content: 'Hello world' });
    const completion = await client.completions.create({ model: 'gpt-4o-mini', prompt: 'Say hi', logprobs: 2 });
    assert.deepEqual([harness.mock.requests[0].body.logprobs, harness.mock.requests[0].body.top_logprobs], [true, 2]);
    assert.deepEqual(completion.choices[0].logprobs, {
      tokens: ['Hello ', 'world'],
      token_logprobs: [-0.1, -0.2],
      top_logprobs: [{ 'Hello ': -0.1, 'Hello #1': -1.1 }, { world: -0.2, 'world#1': -1.2 }],
      text_offset: [0, 6],
    });
  });

  test('n choices; best_of and suffix are accepted (without effect, said in a warning)', async () => {
    const response = await post({ model: 'gpt-4o-mini', prompt: 'x', n: 3, best_of: 3, suffix: '!' });
    const body = await response.json();
    assert.deepEqual(body.choices.map((choice: { index: number }) => choice.index), [0, 1, 2]);
    assert.deepEqual(body.svc_metadata.warnings, ['best_of is accepted but has no effect', 'suffix is accepted but has no effect']);
  });

  test('400s: stream true (naming stream), a missing model, temperature or penalties out of range', async () => {
    const invalid = { status: 400, type: 'invalid_request_error', code: 'validation_error' };
    await expectError(await post({ model: 'gpt-4o-mini', prompt: 'x', stream: true }), { ...invalid, param: 'stream' });
    await expectError(await post({ prompt: 'x' }), { ...invalid, param: 'model' });
    await expectError(await post({ model: 'gpt-4o-mini', temperature: 2.5 }), { ...invalid, param: 'temperature', message: 'temperature must be between 0 and 2' });
    await expectError(await post({ model: 'gpt-4o-mini', presence_penalty: -3 }), { ...invalid, param: 'presence_penalty' });
    assert.equal(harness.mock.requests.length, 0);
  });

  test('the completions rows of spec 7: 401, 429 rate_limit_error, 500 internal_error for a provider failure', async () => {
    await expectError(await post({ model: 'gpt-4o-mini', prompt: 'x' }, 'nope'), { status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    harness.mock.enqueueFault({ status: 500, message: 'model crashed' });
    await expectError(await post({ model: 'gpt-4o-mini', prompt: 'x' }), { status: 500, type: 'internal_error', code: 'internal_error', message: 'model crashed' });
    const cooling = await startTestGateway({ mock: harness.mock });
    try {
      harness.mock.enqueueFault({ status: 429, retryAfterSeconds: 2 });
      const limited = await cooling.request('/v1/completions', { body: { model: 'gpt-4o-mini', prompt: 'x' } });
      assert.equal(limited.headers.get('x-svc-intelligence-mode'), 'full');
      await expectError(limited, { status: 429, type: 'rate_limit_error', code: 'upsteam_rate_limit' });
    } finally {
      await cooling.close();
    }
  });
});

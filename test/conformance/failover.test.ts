import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type OpenAI from 'openai';
import type { RecordedRequest } from '../mock-upstream/mock-types.js';
import { startMockUpstream } from '../mock-upstream/server.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { expectApiError, postChat, readSseData, requestsSince, sdkClient, svcMetadataOf, writeConfigFile } from './conformance-helpers.js';

/**
 * Failover over candidates: the same open model on other providers, then configured fallback models.
 * Non-retryable failures (400) stay put, a stream fails over only before its first token, and a circuit
 * breaker takes a failing target out of the rotation.
 */

const GROQ_KEY = 'gsk-groq-test';
const CEREBRAS_KEY = 'csk-cerebras-test';
const OPEN_MODEL_SLUG = 'groq/openai/gpt-oss-120b';
const messages = [{ role: 'user' as const, content: 'which provider?' }];

/** Which provider a mock request went to: Groq and Cerebras both speak the openai wire, told apart by key. */
function providerOf(request: RecordedRequest): string {
  if (request.apiKey === GROQ_KEY) return 'groq';
  if (request.apiKey === CEREBRAS_KEY) return 'cerebras';
  return `${request.wire}:${request.apiKey}`;
}

/** A gateway where Groq and Cerebras (both serving gpt-oss-120b) point at one mock. */
async function openModelGateway(env: Record<string, string> = {}): Promise<TestGateway> {
  // The mock's address is known only once it runs: start a mock first, then the gateway on it.
  const mock = await startMockUpstream();
  const harness = await startTestGateway({ mock, env: { CEREBRAS_API_KEY: CEREBRAS_KEY, CEREBRAS_BASE_URL: `${mock.url}/v1`, ...env } });
  const close = harness.close.bind(harness);
  harness.close = async () => {
    await close();
    await mock.close();
  };
  return harness;
}

describe('failover to the same open model on another provider', () => {
  let harness: TestGateway;
  let client: OpenAI;

  before(async () => {
    harness = await openModelGateway();
    client = sdkClient(harness);
  });
  after(() => harness.close());

  test('a 503 from Groq → answered by Cerebras in one client call', async () => {
    harness.mock.enqueueFault({ status: 503, apiKey: GROQ_KEY, message: 'Groq is over capacity' });
    const start = harness.mock.requests.length;
    const { data, response } = await client.chat.completions.create({ model: OPEN_MODEL_SLUG, messages }).withResponse();
    const received = requestsSince(harness.mock, start);
    assert.deepEqual(received.map(providerOf), ['groq', 'cerebras']);
    // Each provider got its own model name.
    assert.deepEqual(received.map((request) => request.body.model), ['openai/gpt-oss-120b', 'gpt-oss-120b']);
    assert.deepEqual(received.map((request) => request.path), ['/openai/v1/chat/completions', '/v1/chat/completions']);
    assert.equal(data.choices[0].message.content, 'Echo: which provider?');
    const metadata = svcMetadataOf(data);
    assert.equal(metadata.provider, 'cerebras');
    assert.equal(metadata.failover_attempts, 1);
    assert.match(metadata.routing_decision, /failover=cerebras\/gpt-oss-120b/);
    assert.equal(response.headers.get('x-svc-provider'), 'cerebras/gpt-oss-120b');
  });

  test("a long body fails over with the caller's messages reused on each attempt, under each provider's model name", async () => {
    harness.mock.enqueueFault({ status: 503, apiKey: GROQ_KEY, message: 'Groq is over capacity' });
    const start = harness.mock.requests.length;
    // Written as no serializer would (spaces): reused text is recognisable in what the providers received.
    const longMessages = `[ {"role": "user", "content": "${'which provider? '.repeat(400)}"} ]`;
    const response = await harness.request('/v1/chat/completions', { body: `{"model": "${OPEN_MODEL_SLUG}", "messages": ${longMessages}}` });
    assert.equal(response.status, 200, await response.clone().text());
    const sent = requestsSince(harness.mock, start);
    assert.deepEqual(sent.map(providerOf), ['groq', 'cerebras']);
    assert.deepEqual(sent.map((request) => request.body.model), ['openai/gpt-oss-120b', 'gpt-oss-120b'], 'the catalog\'s upstream names');
    for (const request of sent) assert.ok(request.rawBody.includes(`"messages":${longMessages}`), request.rawBody.slice(0, 120));
  });

  test('a 400 is not retried on another target and comes back as 400 with the provider message', async () => {
    harness.mock.enqueueFault({ status: 400, apiKey: GROQ_KEY, message: "'messages' must contain the word 'json'" });
    const start = harness.mock.requests.length;
    await expectApiError(client.chat.completions.create({ model: OPEN_MODEL_SLUG, messages }), {
      status: 400,
      code: 'validation_error',
      type: 'invalid_request_error',
      message: "'messages' must contain the word 'json'",
    });
    assert.deepEqual(requestsSince(harness.mock, start).map(providerOf), ['groq'], 'the mock saw one request');
  });

  test('stream: an error event before the first token fails over to Cerebras', async () => {
    harness.mock.enqueueFault({ errorEventAfter: 0, apiKey: GROQ_KEY, message: 'Groq stream failed at once' });
    const start = harness.mock.requests.length;
    const response = await postChat(harness, { model: OPEN_MODEL_SLUG, stream: true, messages });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-svc-provider'), 'cerebras/gpt-oss-120b');
    const payloads = await readSseData(response);
    assert.equal(payloads.at(-1), '[DONE]');
    const text = payloads
      .slice(0, -1)
      .map((payload) => (JSON.parse(payload) as OpenAI.ChatCompletionChunk).choices[0]?.delta?.content ?? '')
      .join('');
    assert.equal(text, 'Echo: which provider?');
    assert.deepEqual(requestsSince(harness.mock, start).map(providerOf), ['groq', 'cerebras']);
  });

  test('stream: a connection reset before the first byte, again on a new connection, fails over too (SDK)', async () => {
    // One reset is taken for a stale kept-alive connection and sent once more; a second moves on.
    harness.mock.enqueueFault({ reset: true, apiKey: GROQ_KEY, times: 2 });
    const start = harness.mock.requests.length;
    const stream = await client.chat.completions.create({ model: OPEN_MODEL_SLUG, stream: true, messages });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    assert.equal(text, 'Echo: which provider?');
    assert.deepEqual(requestsSince(harness.mock, start).map(providerOf), ['groq', 'groq', 'cerebras']);
  });

  test('stream: a drop after the first token does not fail over (error event, no [DONE])', async () => {
    harness.mock.enqueueFault({ dropAfterEvents: 3, apiKey: GROQ_KEY });
    harness.mock.enqueueReply({ content: 'one two three four five six' }, { wire: 'openai' });
    const start = harness.mock.requests.length;
    const response = await postChat(harness, { model: OPEN_MODEL_SLUG, stream: true, messages });
    assert.equal(response.status, 200);
    const payloads = await readSseData(response);
    assert.ok(!payloads.includes('[DONE]'));
    const last = JSON.parse(payloads.at(-1)!) as { error?: { code: string } };
    assert.equal(last.error?.code, 'provider_error');
    const text = payloads
      .slice(0, -1)
      .map((payload) => (JSON.parse(payload) as OpenAI.ChatCompletionChunk).choices[0]?.delta?.content ?? '')
      .join('');
    assert.ok(text.length > 0, 'the caller already had the first tokens');
    assert.deepEqual(requestsSince(harness.mock, start).map(providerOf), ['groq'], 'nothing was sent to Cerebras after the first token');
  });
});

describe('configured fallback models (routing.fallbacks)', () => {
  let harness: TestGateway;
  let configPath: string;

  before(async () => {
    configPath = await writeConfigFile(
      [
        'routing:',
        '  fallbacks:',
        '    "openai/gpt-4o-mini": ["anthropic/claude-haiku-4-5"]',
        'providers:',
        '  openai:',
        '    timeouts: { first_byte_ms: 400 }',
        '',
      ].join('\n'),
    );
    harness = await startTestGateway({ env: { SVC_CONFIG: configPath } });
  });
  after(async () => {
    await harness.close();
    await rm(dirname(configPath), { recursive: true, force: true });
  });

  test('an OpenAI 500 → answered by Anthropic', async () => {
    harness.mock.enqueueFault({ status: 500, wire: 'openai', message: 'The server had an error' });
    harness.mock.enqueueReply({ content: 'Claude here.' }, { wire: 'anthropic' });
    const start = harness.mock.requests.length;
    const completion = await sdkClient(harness).chat.completions.create({ model: 'openai/gpt-4o-mini', messages });
    const received = requestsSince(harness.mock, start);
    assert.deepEqual(received.map((request) => request.wire), ['openai', 'anthropic']);
    assert.equal(received[1].body.model, 'claude-haiku-4-5');
    assert.equal(completion.choices[0].message.content, 'Claude here.');
    assert.equal(svcMetadataOf(completion).provider, 'anthropic');
    assert.equal(svcMetadataOf(completion).requested_model, 'openai/gpt-4o-mini');
  });

  test('a 400 from OpenAI is not handed to the fallback', async () => {
    harness.mock.enqueueFault({ status: 400, wire: 'openai', message: "Invalid value for 'temperature'" });
    const start = harness.mock.requests.length;
    await expectApiError(sdkClient(harness).chat.completions.create({ model: 'openai/gpt-4o-mini', messages }), {
      status: 400,
      code: 'validation_error',
      message: "Invalid value for 'temperature'",
    });
    assert.deepEqual(requestsSince(harness.mock, start).map((request) => request.wire), ['openai']);
  });

  test('an OpenAI time-out before the first byte → answered by Anthropic (non-stream and stream)', async () => {
    for (const stream of [false, true]) {
      harness.mock.enqueueFault({ delayMs: 1500, wire: 'openai' });
      harness.mock.enqueueReply({ content: 'Claude, on time.' }, { wire: 'anthropic' });
      const start = harness.mock.requests.length;
      const started = Date.now();
      const response = await postChat(harness, { model: 'openai/gpt-4o-mini', stream, messages });
      assert.equal(response.status, 200);
      const text = stream
        ? (await readSseData(response))
            .filter((payload) => payload !== '[DONE]')
            .map((payload) => (JSON.parse(payload) as OpenAI.ChatCompletionChunk).choices[0]?.delta?.content ?? '')
            .join('')
        : ((await response.json()) as OpenAI.ChatCompletion).choices[0].message.content;
      assert.equal(text, 'Claude, on time.');
      assert.ok(Date.now() - started < 1400, `failed over after the 400 ms first-byte time-out, not after the upstream answered (${Date.now() - started} ms)`);
      assert.deepEqual(requestsSince(harness.mock, start).map((request) => request.wire), ['openai', 'anthropic']);
    }
  });

  // Last: it leaves the OpenAI key cooling down.
  test('a 429 on the only OpenAI key → answered by the fallback, not a 429', async () => {
    harness.mock.enqueueFault({ status: 429, retryAfterSeconds: 3, wire: 'openai' });
    harness.mock.enqueueReply({ content: 'Claude steps in.' }, { wire: 'anthropic' });
    const start = harness.mock.requests.length;
    const completion = await sdkClient(harness).chat.completions.create({ model: 'openai/gpt-4o-mini', messages });
    assert.equal(completion.choices[0].message.content, 'Claude steps in.');
    assert.deepEqual(requestsSince(harness.mock, start).map((request) => request.wire), ['openai', 'anthropic']);
    // While the key cools down, OpenAI is skipped and the fallback answers directly.
    const next = harness.mock.requests.length;
    const again = await sdkClient(harness).chat.completions.create({ model: 'openai/gpt-4o-mini', messages });
    assert.equal(svcMetadataOf(again).provider, 'anthropic');
    assert.deepEqual(requestsSince(harness.mock, next).map((request) => request.wire), ['anthropic']);
  });
});

describe('key rotation does not use up the failover budget', () => {
  let harness: TestGateway;
  let configPath: string;

  before(async () => {
    configPath = await writeConfigFile(['routing:', '  max_attempts: 2', '  fallbacks:', '    "openai/gpt-4o-mini": ["anthropic/claude-haiku-4-5"]', ''].join('\n'));
    harness = await startTestGateway({ env: { SVC_CONFIG: configPath, OPENAI_API_KEY: 'sk-one,sk-two,sk-three' } });
  });
  after(async () => {
    await harness.close();
    await rm(dirname(configPath), { recursive: true, force: true });
  });

  test('every key of a 3-key pool rate-limited → the fallback model still answers, in one client call', async () => {
    harness.mock.enqueueFault({ status: 429, retryAfterSeconds: 5, wire: 'openai', times: 3 });
    harness.mock.enqueueReply({ content: 'Fallback answer.' }, { wire: 'anthropic' });
    const start = harness.mock.requests.length;
    const completion = await sdkClient(harness).chat.completions.create({ model: 'openai/gpt-4o-mini', messages });
    assert.equal(completion.choices[0].message.content, 'Fallback answer.');
    const received = requestsSince(harness.mock, start);
    assert.deepEqual(received.map((request) => request.wire), ['openai', 'openai', 'openai', 'anthropic']);
    assert.deepEqual(new Set(received.slice(0, 3).map((request) => request.apiKey)), new Set(['sk-one', 'sk-two', 'sk-three']));
  });
});

describe('circuit breaker', () => {
  let harness: TestGateway;
  let client: OpenAI;

  before(async () => {
    // Circuits open once at least 5 calls were made in the window and half of them failed.
    harness = await openModelGateway({ SVC_CONFIG: await writeConfigFile('routing:\n  circuit_breaker: { minimum_calls: 5, failure_ratio: 0.5 }\n') });
    client = sdkClient(harness);
  });
  after(() => harness.close());

  test('after 5 failures a target is skipped (no request reaches it); when every target is open → 503 circuit_breaker_open', async () => {
    // Five Groq failures, each answered by Cerebras.
    harness.mock.enqueueFault({ status: 500, apiKey: GROQ_KEY, times: 5, message: 'groq broken' });
    for (let index = 0; index < 5; index++) {
      const start = harness.mock.requests.length;
      const completion = await client.chat.completions.create({ model: OPEN_MODEL_SLUG, messages });
      assert.equal(svcMetadataOf(completion).provider, 'cerebras');
      assert.deepEqual(requestsSince(harness.mock, start).map(providerOf), ['groq', 'cerebras']);
    }
    // Groq's circuit is open: it is not even tried.
    let start = harness.mock.requests.length;
    const skipped = await client.chat.completions.create({ model: OPEN_MODEL_SLUG, messages });
    assert.equal(svcMetadataOf(skipped).provider, 'cerebras');
    assert.deepEqual(requestsSince(harness.mock, start).map(providerOf), ['cerebras'], 'Groq saw no request');

    // Now Cerebras fails (Groq stays skipped): 502 each. It answered 6 calls above, so its circuit opens
    // at the 6th failure (6 of 12 calls, 50 %).
    harness.mock.enqueueFault({ status: 500, apiKey: CEREBRAS_KEY, times: 6, message: 'cerebras broken' });
    for (let index = 0; index < 6; index++) {
      start = harness.mock.requests.length;
      await expectApiError(client.chat.completions.create({ model: OPEN_MODEL_SLUG, messages }), { status: 502, code: 'provider_error', message: 'cerebras broken' });
      assert.deepEqual(requestsSince(harness.mock, start).map(providerOf), ['cerebras']);
    }

    // Every target open: refused at once, nothing reaches the mock.
    start = harness.mock.requests.length;
    await expectApiError(client.chat.completions.create({ model: OPEN_MODEL_SLUG, messages }), { status: 503, code: 'circuit_breaker_open', type: 'governance_error' });
    const streamed = await postChat(harness, { model: OPEN_MODEL_SLUG, stream: true, messages });
    assert.equal(streamed.status, 503);
    assert.equal(((await streamed.json()) as { error: { code: string } }).error.code, 'circuit_breaker_open');
    assert.equal(harness.mock.requests.length, start, 'the mock saw no request');

    // Another model on the same provider has a circuit of its own.
    const other = await client.chat.completions.create({ model: 'groq/llama-3.3-70b-versatile', messages });
    assert.equal(svcMetadataOf(other).provider, 'groq');
  });
});

describe('warnings belong to the attempt that answered', () => {
  let harness: TestGateway;
  let configPath: string;

  before(async () => {
    configPath = await writeConfigFile(['routing:', '  fallbacks:', '    "anthropic/claude-haiku-4-5": ["openai/gpt-4o-mini"]', ''].join('\n'));
    harness = await startTestGateway({ env: { SVC_CONFIG: configPath } });
  });
  after(async () => {
    await harness.close();
    await rm(dirname(configPath), { recursive: true, force: true });
  });

  test('an Anthropic attempt that dropped parameters and failed leaves no warning on the OpenAI answer', async () => {
    harness.mock.enqueueFault({ status: 500, wire: 'anthropic', message: 'anthropic down' });
    const start = harness.mock.requests.length;
    // frequency_penalty and seed are dropped (with warnings) on the Anthropic attempt, kept on the OpenAI one.
    const completion = await sdkClient(harness).chat.completions.create({ model: 'anthropic/claude-haiku-4-5', messages, frequency_penalty: 0.5, seed: 7 });
    assert.deepEqual(requestsSince(harness.mock, start).map((request) => request.wire), ['anthropic', 'openai']);
    assert.equal(svcMetadataOf(completion).provider, 'openai');
    assert.equal(svcMetadataOf(completion).warnings, undefined, 'no warning of the failed attempt survives');
  });
});

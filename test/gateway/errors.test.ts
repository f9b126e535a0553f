import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { chatBody, createKey, expectError, postChat } from './gateway-test-helpers.js';

/**
 * Spec section 7, chat completions: every error row svc can produce, in the
 * `{error:{message,type,code,param}}` envelope with an `x-error-id` header.
 */
describe('chat completion errors (spec 7)', () => {
  let harness: TestGateway;

  let circuitConfigDir: string;

  before(async () => {
    // Circuits open at 5 calls (50 % failing) here, so a test needs only a few failures to open one.
    circuitConfigDir = await mkdtemp(join(tmpdir(), 'svc-errors-circuit-'));
    await writeFile(join(circuitConfigDir, 'svc.yaml'), 'routing:\n  circuit_breaker: { minimum_calls: 5 }\n');
    harness = await startTestGateway({ env: { SVC_CONFIG: join(circuitConfigDir, 'svc.yaml') } });
  });
  after(async () => {
    await harness.close();
    await rm(circuitConfigDir, { recursive: true, force: true });
  });

  describe('400 invalid_request_error / validation_error', () => {
    const rangeCases: Array<{ name: string; overrides: Record<string, unknown>; param: string; message: string }> = [
      { name: 'temperature 3', overrides: { temperature: 3 }, param: 'temperature', message: 'temperature must be between 0 and 2' },
      { name: 'temperature -0.1', overrides: { temperature: -0.1 }, param: 'temperature', message: 'temperature must be between 0 and 2' },
      { name: 'n 0', overrides: { n: 0 }, param: 'n', message: 'n must be between 1 and 8' },
      { name: 'n 9', overrides: { n: 9 }, param: 'n', message: 'n must be between 1 and 8' },
      { name: 'frequency_penalty 2.5', overrides: { frequency_penalty: 2.5 }, param: 'frequency_penalty', message: 'frequency_penalty must be between -2 and 2' },
      { name: 'frequency_penalty -2.5', overrides: { frequency_penalty: -2.5 }, param: 'frequency_penalty', message: 'frequency_penalty must be between -2 and 2' },
      { name: 'presence_penalty 3', overrides: { presence_penalty: 3 }, param: 'presence_penalty', message: 'presence_penalty must be between -2 and 2' },
      { name: 'presence_penalty -3', overrides: { presence_penalty: -3 }, param: 'presence_penalty', message: 'presence_penalty must be between -2 and 2' },
      { name: 'top_logprobs 21', overrides: { top_logprobs: 21, logprobs: true }, param: 'top_logprobs', message: 'top_logprobs' },
      { name: 'empty messages', overrides: { messages: [] }, param: 'messages', message: 'messages' },
      { name: 'missing messages', overrides: { messages: undefined }, param: 'messages', message: 'messages' },
      { name: 'unknown model', overrides: { model: 'no-such-model-anywhere' }, param: 'model', message: 'no-such-model-anywhere' },
      { name: 'bad routing_override.force_tier', overrides: { routing_override: { force_tier: 'T9' } }, param: 'routing_override.force_tier', message: 'force_tier' },
      { name: 'bad svc.intelligence_mode', overrides: { svc: { intelligence_mode: 'turbo' } }, param: 'svc.intelligence_mode', message: 'intelligence_mode' },
    ];

    for (const { name, overrides, param, message } of rangeCases) {
      test(`${name} → 400 validation_error, param ${param}, and the upstream is not called`, async () => {
        const before = harness.mock.requests.length;
        const response = await postChat(harness, chatBody(overrides));
        await expectError(response, { status: 400, type: 'invalid_request_error', code: 'validation_error', param, message });
        assert.equal(harness.mock.requests.length, before, 'an invalid request never reaches the provider');
      });
    }

    test('the range message names the parameter, its value and the allowed range', async () => {
      const body = await expectError(await postChat(harness, chatBody({ temperature: 3 })), { status: 400, type: 'invalid_request_error', code: 'validation_error' });
      assert.match(body.error.message, /temperature must be between 0 and 2/);
      assert.match(body.error.message, /\b3\b/);
    });

    test('values on the limits are accepted (temperature 2, n 8, penalties ±2, top_logprobs 20)', async () => {
      const response = await postChat(harness, chatBody({ temperature: 2, n: 8, frequency_penalty: -2, presence_penalty: 2, top_logprobs: 20, logprobs: true }));
      assert.equal(response.status, 200, await response.text());
    });

    test('a body nested 10,000 deep → 400 before it is parsed; the gateway keeps serving', async () => {
      const deep = `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"x","name":${'['.repeat(10_000)}${']'.repeat(10_000)}}]}`;
      await expectError(await postChat(harness, deep), { status: 400, type: 'invalid_request_error', code: 'validation_error', message: 'nested more than 128 levels' });
      const deepMetadata = `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"x"}],"metadata":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
      await expectError(await postChat(harness, deepMetadata), { status: 400, type: 'invalid_request_error', code: 'validation_error' });
      assert.equal((await postChat(harness, chatBody())).status, 200);
    });

    test('a body that is not JSON → 4xx in the error envelope (a multipart form: 415), and the upstream is not called', async () => {
      const before = harness.mock.requests.length;
      const text = await harness.request('/v1/chat/completions', { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } });
      await expectError(text, { status: 400, type: 'invalid_request_error', code: 'validation_error', message: 'request body must be a JSON object (got string)' });
      // Only the upload routes (audio, voice) read multipart bodies.
      const boundary = 'svc-test-boundary';
      const form = `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\ngpt-4o-mini\r\n--${boundary}--\r\n`;
      const multipart = await harness.request('/v1/chat/completions', { method: 'POST', body: form, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      await expectError(multipart, { status: 415, type: 'invalid_request_error', code: 'unsupported_media_type', message: 'multipart/form-data' });
      assert.equal(harness.mock.requests.length, before);
    });

    test('NUL and control characters in names → 400 naming the field', async () => {
      await expectError(await postChat(harness, chatBody({ messages: [{ role: 'user', content: 'x', name: 'bob\u0000admin' }] })), {
        status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'messages[0].name',
      });
      const call = { id: 'c1', type: 'function', function: { name: 'look\nup', arguments: '{}' } };
      await expectError(await postChat(harness, chatBody({ messages: [{ role: 'user', content: 'x' }, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: 'c1', content: '1' }] })), {
        status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'messages[1].tool_calls[0].function.name',
      });
    });

    test('a malformed JSON body → 400 validation_error', async () => {
      const response = await postChat(harness, '{"model": "gpt-4o-mini", "messages": [');
      await expectError(response, { status: 400, type: 'invalid_request_error', code: 'validation_error' });
    });

    for (const [label, raw] of [
      ['an array', '[{"role":"user","content":"hi"}]'],
      ['a string', '"hello"'],
      ['a number', '42'],
    ] as const) {
      test(`a body that is ${label}, not an object → 400 validation_error`, async () => {
        await expectError(await postChat(harness, raw), { status: 400, type: 'invalid_request_error', code: 'validation_error' });
      });
    }

    test('a bad X-Intelligence-Mode header → 400 validation_error naming the header', async () => {
      const response = await postChat(harness, chatBody(), { headers: { 'x-intelligence-mode': 'turbo' } });
      const body = await expectError(response, { status: 400, type: 'invalid_request_error', code: 'validation_error' });
      assert.match(body.error.param ?? '', /x-intelligence-mode/i);
    });
  });

  describe('401 authentication_error', () => {
    test('no Authorization header → invalid_api_key', async () => {
      await expectError(await postChat(harness, chatBody(), { key: null }), { status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    });

    test('a wrong key → invalid_api_key', async () => {
      await expectError(await postChat(harness, chatBody(), { key: 'svc_this-key-was-never-issued' }), { status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    });

    test('a non-Bearer Authorization header → invalid_api_key', async () => {
      const response = await harness.request('/v1/chat/completions', { body: chatBody(), key: null, headers: { authorization: 'Basic dXNlcjpwYXNz' } });
      await expectError(response, { status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    });

    test('a key whose expires_at has passed → expired_api_key', async () => {
      const issued = await createKey(harness, { org_id: 'default', expires_at: new Date(Date.now() - 60_000).toISOString() });
      await expectError(await postChat(harness, chatBody(), { key: issued.key }), { status: 401, type: 'authentication_error', code: 'expired_api_key' });
    });

    test('a key that expires in the future works', async () => {
      const issued = await createKey(harness, { org_id: 'default', expires_at: new Date(Date.now() + 3_600_000).toISOString() });
      const response = await postChat(harness, chatBody(), { key: issued.key });
      assert.equal(response.status, 200, await response.text());
    });

    test('a revoked key → revoked_api_key (it worked before DELETE /v1/admin/keys/{id})', async () => {
      const issued = await createKey(harness, { org_id: 'default' });
      const first = await postChat(harness, chatBody(), { key: issued.key });
      assert.equal(first.status, 200, await first.text());
      const revoke = await harness.request(`/v1/admin/keys/${issued.id}`, { method: 'DELETE' });
      assert.equal(revoke.status, 200, await revoke.text());
      await expectError(await postChat(harness, chatBody(), { key: issued.key }), { status: 401, type: 'authentication_error', code: 'revoked_api_key' });
    });
  });

  describe('403 authorization_error', () => {
    test('a key with scopes ["metrics"] calling chat → insufficient_scopes', async () => {
      const issued = await createKey(harness, { org_id: 'default', scopes: ['metrics'] });
      await expectError(await postChat(harness, chatBody(), { key: issued.key }), { status: 403, type: 'authorization_error', code: 'insufficient_scopes' });
    });

    test('a non-admin key calling the admin API → insufficient_scopes', async () => {
      const issued = await createKey(harness, { org_id: 'default', scopes: ['api'] });
      await expectError(await harness.request('/v1/admin/keys', { key: issued.key }), { status: 403, type: 'authorization_error', code: 'insufficient_scopes' });
      await expectError(await harness.request('/v1/admin/orgs', { body: { name: 'sneaky' }, key: issued.key }), { status: 403, type: 'authorization_error', code: 'insufficient_scopes' });
    });
  });

  describe('404 and 405', () => {
    test('an unknown route → 404 not_found_error / resource_not_found', async () => {
      await expectError(await harness.request('/v1/no-such-endpoint'), { status: 404, type: 'not_found_error', code: 'resource_not_found' });
    });

    test('GET /v1/models/unknown/x → 404 resource_not_found', async () => {
      await expectError(await harness.request('/v1/models/unknown/x'), { status: 404, type: 'not_found_error', code: 'resource_not_found' });
    });

    test('GET /v1/chat/completions → 405 with an Allow header naming POST', async () => {
      const response = await harness.request('/v1/chat/completions', { method: 'GET' });
      assert.match(response.headers.get('allow') ?? '', /POST/);
      const body = await expectError(response, { status: 405, type: 'invalid_request_error', code: 'method_not_allowed' });
      assert.match(body.error.message, /GET/);
    });
  });

  describe('upstream failures', () => {
    test('an upstream 500 → 502 upstream_error / provider_error keeping the provider message', async () => {
      harness.mock.enqueueFault({ status: 500, message: 'the mock provider exploded: kaboom-7781' });
      const response = await postChat(harness, chatBody());
      const body = await expectError(response, { status: 502, type: 'upstream_error', code: 'provider_error' });
      assert.match(body.error.message, /kaboom-7781/);
    });

    test('an upstream 429 with Retry-After → 429 rate_limit_error / upsteam_rate_limit with retry-after', async () => {
      // Groq (one platform key): the key cools down after this, so no other test of this file uses Groq.
      harness.mock.enqueueFault({ status: 429, message: 'slow down please', retryAfterSeconds: 7 });
      const response = await postChat(harness, chatBody({ model: 'groq/llama-3.1-8b-instant' }));
      assert.equal(response.headers.get('retry-after'), '7');
      const body = await expectError(response, { status: 429, type: 'rate_limit_error', code: 'upsteam_rate_limit' });
      assert.match(body.error.message, /slow down please/);
    });

    test('while the only key of a provider cools down, requests get 429 upsteam_rate_limit without reaching it', async () => {
      const before = harness.mock.requests.length;
      const response = await postChat(harness, chatBody({ model: 'groq/llama-3.1-8b-instant' }));
      const retryAfter = Number(response.headers.get('retry-after'));
      assert.ok(retryAfter >= 5 && retryAfter <= 7, `retry-after should be the remaining cool-down of 7 s (got ${response.headers.get('retry-after')})`);
      await expectError(response, { status: 429, type: 'rate_limit_error', code: 'upsteam_rate_limit' });
      assert.equal(harness.mock.requests.length, before);
    });

    test('5 failures out of 5 calls (minimum_calls 5) open its circuit: the next request → 503 circuit_breaker_open without calling the upstream', async () => {
      // A model no other test of this file uses, so its circuit starts closed.
      const body = chatBody({ model: 'gpt-4.1-mini' });
      harness.mock.enqueueFault({ status: 500, message: 'down again', times: 5 });
      for (let attempt = 1; attempt <= 5; attempt++) {
        await expectError(await postChat(harness, body), { status: 502, type: 'upstream_error', code: 'provider_error' });
      }
      const before = harness.mock.requests.length;
      const response = await postChat(harness, body);
      await expectError(response, { status: 503, type: 'governance_error', code: 'circuit_breaker_open' });
      assert.equal(harness.mock.requests.length, before, 'an open circuit answers without calling the provider');
      // Other models of the same provider are unaffected.
      const other = await postChat(harness, chatBody());
      assert.equal(other.status, 200, await other.text());
    });

    test('a 1 % upstream error rate never opens the circuit: 200 requests, 2 failures, no 503', async () => {
      const body = chatBody({ model: 'openai/gpt-4o' });
      const statuses: number[] = [];
      for (let index = 0; index < 200; index++) {
        if (index % 100 === 50) harness.mock.enqueueFault({ status: 500, message: 'a rare failure' });
        statuses.push((await postChat(harness, body)).status);
      }
      assert.deepEqual(statuses.filter((status) => status !== 200), [502, 502]);
    });

    test('an upstream error that echoes the key reaches neither the caller nor the logs with it', async () => {
      for (const [model, key] of [
        ['gpt-4o-mini', 'sk-openai-test'],
        ['gemini/gemini-2.5-flash', 'gemini-test'],
        ['anthropic/claude-haiku-4-5', 'sk-ant-test'],
      ] as const) {
        harness.mock.enqueueFault({ status: 401, message: 'Incorrect API key provided: {key}. Authorization: Bearer {key}' });
        const response = await postChat(harness, chatBody({ model }));
        const text = await response.text();
        assert.equal(response.status, 502, text);
        assert.ok(!text.includes(key), `${model}: the caller saw the key: ${text}`);
        assert.match(text, /\[redacted\]/);
        assert.ok(!harness.logLines.some((line) => line.includes(key)), `${model}: a log line holds the key`);
      }
    });

    test('each error response has its own x-error-id', async () => {
      const first = await postChat(harness, chatBody(), { key: null });
      const second = await postChat(harness, chatBody(), { key: null });
      assert.ok(first.headers.get('x-error-id'));
      assert.notEqual(first.headers.get('x-error-id'), second.headers.get('x-error-id'));
    });
  });

  describe('504 provider_timeout (a gateway with a 200 ms first-byte time-out)', () => {
    let slow: TestGateway;
    let configDir: string;

    before(async () => {
      configDir = await mkdtemp(join(tmpdir(), 'svc-errors-config-'));
      const configFile = join(configDir, 'svc.yaml');
      await writeFile(configFile, 'providers:\n  openai:\n    timeouts:\n      first_byte_ms: 200\n');
      slow = await startTestGateway({ env: { SVC_CONFIG: configFile }, mock: harness.mock });
    });
    after(async () => {
      await slow.close();
      await rm(configDir, { recursive: true, force: true });
    });

    test('an upstream that sends nothing for 1 s → 504 upstream_error / provider_timeout, well before the upstream answers', async () => {
      harness.mock.enqueueFault({ delayMs: 1000 });
      const started = performance.now();
      const response = await postChat(slow, chatBody());
      const elapsed = performance.now() - started;
      await expectError(response, { status: 504, type: 'upstream_error', code: 'provider_timeout' });
      assert.ok(elapsed < 900, `the time-out fires after ~200 ms, not when the upstream answers (took ${Math.round(elapsed)} ms)`);
    });
  });

  describe('requests refused before any route (HTTP layer), still in the envelope', () => {
    test('headers larger than the server takes → 431 invalid_request_error / request_header_fields_too_large', async () => {
      const response = await postChat(harness, chatBody(), { headers: { 'x-padding': 'p'.repeat(20_000) } });
      await expectError(response, { status: 431, type: 'invalid_request_error', code: 'request_header_fields_too_large' });
    });

    test('a body over server.body_limit_bytes → 413 invalid_request_error / payload_too_large', async () => {
      const configDir = await mkdtemp(join(tmpdir(), 'svc-errors-limit-'));
      const configFile = join(configDir, 'svc.yaml');
      await writeFile(configFile, 'server:\n  body_limit_bytes: 2048\n');
      const limited = await startTestGateway({ env: { SVC_CONFIG: configFile }, mock: harness.mock });
      harness.mock.reset();
      try {
        const response = await postChat(limited, chatBody({ messages: [{ role: 'user', content: 'x'.repeat(4096) }] }));
        await expectError(response, { status: 413, type: 'invalid_request_error', code: 'payload_too_large' });
        assert.equal(harness.mock.requests.length, 0, 'nothing reached the upstream');
        assert.equal((await postChat(limited, chatBody())).status, 200, 'a body under the limit passes');
      } finally {
        await limited.close();
        await rm(configDir, { recursive: true, force: true });
      }
    });
  });
});

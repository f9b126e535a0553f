import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { expectError, postChat, writeConfigFile } from './gateway-test-helpers.js';

describe('x-request-id: what the OpenAI SDKs read as the request id', () => {
  let harness: TestGateway;
  before(async () => {
    harness = await startTestGateway();
  });
  after(() => harness.close());

  test('equals x-svc-request-id and svc_metadata.request_id on a JSON answer', async () => {
    const response = await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
    const body = await response.json();
    assert.match(response.headers.get('x-request-id') ?? '', /^req_[0-9a-f]{32}$/);
    assert.equal(response.headers.get('x-request-id'), response.headers.get('x-svc-request-id'));
    assert.equal(response.headers.get('x-request-id'), body.svc_metadata.request_id);
  });

  test('is on streams, errors (401, 400, 404) and probes too', async () => {
    const stream = await postChat(harness, { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Hi' }] });
    await stream.text();
    for (const response of [
      stream,
      await postChat(harness, { model: 'gpt-4o-mini', messages: [] }),
      await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }, { key: 'wrong' }),
      await harness.request('/v1/nothing-here'),
      await harness.request('/healthz', { key: null }),
    ]) {
      assert.match(response.headers.get('x-request-id') ?? '', /^req_[0-9a-f]{32}$/, `status ${response.status}`);
    }
  });

  test('the openai SDK reports it as _request_id', async () => {
    const completion = await harness.client().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
    assert.equal(completion._request_id, (completion as unknown as { svc_metadata: { request_id: string } }).svc_metadata.request_id);
  });
});

describe('CORS', () => {
  test('none by default: a preflight gets no allow-origin header', async () => {
    const harness = await startTestGateway();
    try {
      const response = await harness.request('/v1/chat/completions', {
        method: 'OPTIONS',
        key: null,
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
      // Not a 401: a preflight is never asked for a key. With CORS off, OPTIONS is simply not a method of the route.
      assert.equal(response.headers.get('access-control-allow-origin'), null);
      await expectError(response, { status: 405, type: 'invalid_request_error', code: 'method_not_allowed' });
    } finally {
      await harness.close();
    }
  });

  describe('with server.cors_origins', () => {
    let harness: TestGateway;
    before(async () => {
      harness = await startTestGateway({ env: { SVC_CONFIG: await writeConfigFile('server: { cors_origins: ["https://app.example.com"] }\n') } });
    });
    after(() => harness.close());

    test('a preflight from an allowed origin is answered 204 without a key, with the methods and headers', async () => {
      const response = await harness.request('/v1/chat/completions', {
        method: 'OPTIONS',
        key: null,
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, x-stainless-os' },
      });
      assert.equal(response.status, 204);
      assert.equal(response.headers.get('access-control-allow-origin'), 'https://app.example.com');
      assert.match(response.headers.get('access-control-allow-methods') ?? '', /POST/);
      assert.match(response.headers.get('access-control-allow-headers') ?? '', /authorization/);
    });

    test('the call itself still needs a key, and exposes svc headers to the page', async () => {
      const refused = await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }, { key: null, headers: { origin: 'https://app.example.com' } });
      assert.equal(refused.status, 401);
      const answered = await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }, { headers: { origin: 'https://app.example.com' } });
      assert.equal(answered.status, 200);
      assert.equal(answered.headers.get('access-control-allow-origin'), 'https://app.example.com');
      assert.match(answered.headers.get('access-control-expose-headers') ?? '', /x-request-id.*x-svc-cost-usd/);
    });

    test('a streamed answer carries the CORS headers too (a browser app reading an SSE stream)', async () => {
      const streamed = await postChat(harness, { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Hi' }] }, { headers: { origin: 'https://app.example.com' } });
      assert.equal(streamed.status, 200);
      assert.match(await streamed.text(), /data: \[DONE\]/);
      assert.equal(streamed.headers.get('access-control-allow-origin'), 'https://app.example.com');
      assert.match(streamed.headers.get('access-control-expose-headers') ?? '', /x-request-id.*x-svc-cost-usd/);
      assert.match(streamed.headers.get('x-request-id') ?? '', /^req_[0-9a-f]{32}$/);
    });

    test('another origin gets no allow-origin header (the browser refuses)', async () => {
      const response = await harness.request('/v1/chat/completions', {
        method: 'OPTIONS',
        key: null,
        headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'POST' },
      });
      assert.equal(response.headers.get('access-control-allow-origin'), null);
    });
  });
});

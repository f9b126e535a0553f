import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { chatBody, createKey, createOrg, expectError, postChat, readSse } from './gateway-test-helpers.js';

/**
 * Spec 4.9: the intelligence mode resolves from (1) the X-Intelligence-Mode header, (2) body
 * svc.intelligence_mode, (3) the org default of PUT /v1/settings, (4) the system default `full`, and
 * comes back in the x-svc-intelligence-mode header and svc_metadata.intelligence_mode.
 */
describe('intelligence mode', () => {
  let harness: TestGateway;
  /** A fresh org's key: its settings start empty and nothing else in this file touches them. */
  let key: string;

  before(async () => {
    harness = await startTestGateway();
    const orgId = await createOrg(harness, 'mode-tenant');
    key = (await createKey(harness, { org_id: orgId })).key;
  });
  after(() => harness.close());

  async function resolvedMode(options: { header?: string; body?: string } = {}): Promise<string> {
    const response = await postChat(harness, chatBody(options.body ? { svc: { intelligence_mode: options.body } } : {}), {
      key,
      headers: options.header ? { 'x-intelligence-mode': options.header } : {},
    });
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    const header = response.headers.get('x-svc-intelligence-mode');
    assert.equal(header, body.svc_metadata.intelligence_mode, 'header and svc_metadata agree');
    return header!;
  }

  async function putDefault(mode: unknown): Promise<Response> {
    return harness.request('/v1/settings', { method: 'PUT', body: { default_intelligence_mode: mode }, key });
  }

  describe('resolution order without an org default', () => {
    test('nothing set → the system default full', async () => {
      assert.equal(await resolvedMode(), 'full');
    });

    for (const mode of ['proxy', 'cache', 'full']) {
      test(`body svc.intelligence_mode ${mode} → ${mode}`, async () => {
        assert.equal(await resolvedMode({ body: mode }), mode);
      });
      test(`header X-Intelligence-Mode ${mode} → ${mode}`, async () => {
        assert.equal(await resolvedMode({ header: mode }), mode);
      });
    }

    test('the header beats the body', async () => {
      assert.equal(await resolvedMode({ header: 'proxy', body: 'cache' }), 'proxy');
      assert.equal(await resolvedMode({ header: 'cache', body: 'proxy' }), 'cache');
    });
  });

  describe('with an org default set through PUT /v1/settings', () => {
    test('GET /v1/settings starts with no default', async () => {
      const response = await harness.request('/v1/settings', { key });
      assert.equal(response.status, 200);
      const body = await response.json();
      assert.equal(body.default_intelligence_mode ?? null, null);
    });

    test('PUT /v1/settings {default_intelligence_mode: cache} is stored and readable with GET', async () => {
      const put = await putDefault('cache');
      assert.equal(put.status, 200, await put.clone().text());
      assert.equal((await put.json()).default_intelligence_mode, 'cache');
      const get = await harness.request('/v1/settings', { key });
      assert.equal((await get.json()).default_intelligence_mode, 'cache');
    });

    test('the org default beats the system default', async () => {
      assert.equal(await resolvedMode(), 'cache');
    });

    test('the body beats the org default', async () => {
      assert.equal(await resolvedMode({ body: 'proxy' }), 'proxy');
      assert.equal(await resolvedMode({ body: 'full' }), 'full');
    });

    test('the header beats the body and the org default', async () => {
      assert.equal(await resolvedMode({ header: 'full', body: 'proxy' }), 'full');
      assert.equal(await resolvedMode({ header: 'proxy' }), 'proxy');
    });

    test('the org default is per org: another org (the master key\'s) still gets full', async () => {
      const response = await postChat(harness, chatBody());
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-svc-intelligence-mode'), 'full');
    });

    test('error answers report the mode too: a 400 resolves it first, a 401 reports the header\'s or the system default', async () => {
      const invalid = await postChat(harness, chatBody({ temperature: 9 }), { key });
      assert.equal(invalid.status, 400);
      assert.equal(invalid.headers.get('x-svc-intelligence-mode'), 'cache', 'the org default, resolved before validation');
      const unauthenticated = await harness.request('/v1/chat/completions', { body: chatBody(), key: null, headers: { 'x-intelligence-mode': 'proxy' } });
      assert.equal(unauthenticated.status, 401);
      assert.equal(unauthenticated.headers.get('x-svc-intelligence-mode'), 'proxy');
      const unknownRoute = await harness.request('/v1/nowhere', { key });
      assert.equal(unknownRoute.status, 404);
      assert.equal(unknownRoute.headers.get('x-svc-intelligence-mode'), 'full');
    });

    test('a streamed answer also returns the resolved mode in x-svc-intelligence-mode', async () => {
      const response = await postChat(harness, chatBody({ stream: true }), { key });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-svc-intelligence-mode'), 'cache');
      await readSse(response, performance.now());
    });

    test('an upstream error response still returns the resolved mode', async () => {
      harness.mock.enqueueFault({ status: 500, message: 'mode test failure' });
      const response = await postChat(harness, chatBody({ model: 'gpt-4.1-mini' }), { key, headers: { 'x-intelligence-mode': 'proxy' } });
      assert.equal(response.headers.get('x-svc-intelligence-mode'), 'proxy');
      await expectError(response, { status: 502, type: 'upstream_error', code: 'provider_error' });
    });

    test('PUT default_intelligence_mode null clears it: back to full', async () => {
      const put = await putDefault(null);
      assert.equal(put.status, 200, await put.text());
      assert.equal(await resolvedMode(), 'full');
    });
  });

  describe('PUT /v1/settings validation', () => {
    for (const [label, value] of [
      ['an unknown mode', 'turbo'],
      ['a number', 3],
      ['a boolean', true],
    ] as const) {
      test(`${label} → 400 validation_error, param default_intelligence_mode`, async () => {
        await expectError(await putDefault(value), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'default_intelligence_mode' });
      });
    }

    test('an unknown settings field → 400 validation_error', async () => {
      const response = await harness.request('/v1/settings', { method: 'PUT', body: { default_intelligence_mode: 'proxy', colour: 'blue' }, key });
      await expectError(response, { status: 400, type: 'invalid_request_error', code: 'validation_error' });
    });

    test('a body that is not an object → 400 validation_error', async () => {
      const response = await harness.request('/v1/settings', { method: 'PUT', body: '"proxy"', key });
      await expectError(response, { status: 400, type: 'invalid_request_error', code: 'validation_error' });
    });

    test('a rejected PUT leaves the stored default unchanged', async () => {
      assert.equal((await putDefault('proxy')).status, 200);
      await putDefault('nonsense');
      const get = await harness.request('/v1/settings', { key });
      assert.equal((await get.json()).default_intelligence_mode, 'proxy');
      assert.equal(await resolvedMode(), 'proxy');
    });

    test('/v1/settings needs a key', async () => {
      await expectError(await harness.request('/v1/settings', { key: null }), { status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    });
  });
});

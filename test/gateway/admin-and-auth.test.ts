import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestGateway, testMasterKey, type TestGateway } from '../support/test-gateway.js';
import { assertClose, chatBody, createKey, createOrg, expectError, postChat, priced, type IssuedKey } from './gateway-test-helpers.js';

/**
 * CONTRACT.md admin API (orgs, keys, BYOK, usage; master key or `admin` scope) and spec 5
 * (Bearer keys, BYOK vs platform key and cost_attribution).
 */
describe('admin API and authentication', () => {
  let harness: TestGateway;

  before(async () => {
    harness = await startTestGateway();
  });
  after(() => harness.close());

  async function usage(query: Record<string, string>): Promise<any> {
    const response = await harness.request(`/v1/admin/usage?${new URLSearchParams(query)}`);
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    return body;
  }

  /** Every byte the gateway keeps on disk, as text, to prove secrets are not stored in clear. */
  async function dataAtRest(): Promise<string> {
    const dir = harness.gateway.config.storage.dataDir;
    const files = await readdir(dir, { recursive: true, withFileTypes: true });
    const contents = await Promise.all(files.filter((entry) => entry.isFile()).map((entry) => readFile(join(entry.parentPath, entry.name))));
    assert.ok(contents.length > 0, 'the data dir holds the database');
    return Buffer.concat(contents).toString('latin1');
  }

  describe('orgs and keys', () => {
    let orgId: string;
    let issued: IssuedKey;

    test('POST /v1/admin/orgs creates an org and returns {id, name}', async () => {
      const response = await harness.request('/v1/admin/orgs', { body: { name: 'Acme Corp' } });
      assert.ok(response.status === 200 || response.status === 201, `status ${response.status}`);
      const body = await response.json();
      assert.equal(typeof body.id, 'string');
      assert.equal(body.name, 'Acme Corp');
      orgId = body.id;
      const again = await createOrg(harness, 'Acme Corp');
      assert.notEqual(again, orgId, 'each org gets its own id');
    });

    test('POST /v1/admin/orgs without a name → 400 validation_error, param name', async () => {
      await expectError(await harness.request('/v1/admin/orgs', { body: {} }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'name' });
      await expectError(await harness.request('/v1/admin/orgs', { body: { name: '   ' } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'name' });
    });

    test('POST /v1/admin/keys returns the secret once, with id and prefix', async () => {
      const response = await harness.request('/v1/admin/keys', { body: { org_id: orgId, name: 'ci', scopes: ['api'] } });
      assert.ok(response.status === 200 || response.status === 201, `status ${response.status}`);
      issued = await response.json();
      assert.equal(typeof issued.id, 'string');
      assert.equal(typeof issued.key, 'string');
      assert.ok(issued.key.length >= 32, 'the secret is long');
      assert.equal(typeof issued.prefix, 'string');
      assert.ok(issued.key.startsWith(issued.prefix), 'the prefix is the start of the secret');
      assert.ok(issued.prefix.length < issued.key.length / 2, 'the prefix reveals only a small part');
      assert.equal('key_hash' in issued, false);
    });

    test('GET /v1/admin/keys lists the key without its secret or hash', async () => {
      for (const path of [`/v1/admin/keys?org_id=${orgId}`, '/v1/admin/keys']) {
        const response = await harness.request(path);
        assert.equal(response.status, 200);
        const text = await response.text();
        assert.ok(!text.includes(issued.key), `${path} must never show a secret`);
        const listed = (JSON.parse(text).data as Array<Record<string, unknown>>).find((key) => key.id === issued.id);
        assert.ok(listed, `${path} lists the key`);
        assert.equal(listed.prefix, issued.prefix);
        assert.equal('key' in listed, false);
        assert.equal('key_hash' in listed, false);
        for (const value of Object.values(listed)) assert.ok(!String(value).includes(issued.key.slice(issued.prefix.length)), 'no field holds the secret');
      }
    });

    test('GET /v1/admin/keys?org_id= lists only that org\'s keys', async () => {
      const otherOrg = await createOrg(harness, 'Other');
      const other = await createKey(harness, { org_id: otherOrg });
      const response = await harness.request(`/v1/admin/keys?org_id=${orgId}`);
      const ids = ((await response.json()).data as Array<{ id: string }>).map((key) => key.id);
      assert.ok(ids.includes(issued.id));
      assert.ok(!ids.includes(other.id));
    });

    test('secrets are not stored in clear: neither the API key nor a BYOK key appears in the data dir', async () => {
      const put = await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'PUT', body: { api_key: 'sk-byok-at-rest-check-93817' } });
      assert.equal(put.status, 200, await put.clone().text());
      assert.ok(!(await put.text()).includes('sk-byok-at-rest-check-93817'), 'the BYOK key is never echoed back');
      const disk = await dataAtRest();
      assert.ok(disk.includes(issued.prefix), 'the scan sees the stored key records (their prefix is stored)');
      assert.ok(!disk.includes(issued.key), 'the API key secret is stored hashed');
      assert.ok(!disk.includes('sk-byok-at-rest-check-93817'), 'the BYOK key is stored encrypted');
      assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'DELETE' })).status, 200);
    });

    test('POST /v1/admin/keys for an unknown org → 404; with an unknown scope → 400', async () => {
      await expectError(await harness.request('/v1/admin/keys', { body: { org_id: 'org_does_not_exist' } }), { status: 404, type: 'not_found_error', code: 'resource_not_found' });
      await expectError(await harness.request('/v1/admin/keys', { body: { org_id: orgId, scopes: ['superpowers'] } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'scopes' });
      await expectError(await harness.request('/v1/admin/keys', { body: { org_id: orgId, expires_at: 'next tuesday' } }), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'expires_at' });
    });

    test('DELETE /v1/admin/keys/{id} of an unknown key → 404 resource_not_found', async () => {
      await expectError(await harness.request('/v1/admin/keys/key_nope', { method: 'DELETE' }), { status: 404, type: 'not_found_error', code: 'resource_not_found' });
    });

    test('a key with the admin scope may use the admin API in its org; a revoked one may not', async () => {
      const admin = await createKey(harness, { org_id: orgId, scopes: ['admin'] });
      const response = await harness.request('/v1/admin/keys', { body: { org_id: orgId, name: 'made by an admin key' }, key: admin.key });
      assert.ok(response.ok, `status ${response.status}`);
      assert.equal((await harness.request(`/v1/admin/keys/${admin.id}`, { method: 'DELETE' })).status, 200);
      await expectError(await harness.request('/v1/admin/keys', { key: admin.key }), { status: 401, type: 'authentication_error', code: 'revoked_api_key' });
    });

    test('the admin API without a key → 401 invalid_api_key', async () => {
      await expectError(await harness.request('/v1/admin/keys', { key: null }), { status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    });
  });

  describe('usage attribution', () => {
    let orgId: string;
    let key: string;
    let beforeCalls: string;
    let afterCalls: string;

    before(async () => {
      orgId = await createOrg(harness, 'Usage Co');
      key = (await createKey(harness, { org_id: orgId })).key;
    });

    test('a new org\'s key works for chat and its requests are that org\'s', async () => {
      beforeCalls = new Date(Date.now() - 1000).toISOString();
      for (let call = 0; call < 2; call++) {
        harness.mock.enqueueReply({ content: 'billed', usage: { input: 100, output: 50 } });
        const response = await postChat(harness, chatBody(), { key });
        assert.equal(response.status, 200, await response.text());
      }
      afterCalls = new Date(Date.now() + 1000).toISOString();
      const settings = await (await harness.request('/v1/settings', { key })).json();
      assert.equal(settings.org_id, orgId);
    });

    test('GET /v1/admin/usage?org_id= totals requests, tokens and cost of that org', async () => {
      const summary = await usage({ org_id: orgId });
      assert.equal(summary.requests, 2);
      assert.equal(summary.prompt_tokens, 200);
      assert.equal(summary.completion_tokens, 100);
      assert.equal(summary.total_tokens, 300);
      assertClose(summary.cost_usd, 2 * priced(100, 50, 0.15, 0.6), 'cost_usd');
    });

    test('from/to filter the usage by time', async () => {
      assert.equal((await usage({ org_id: orgId, from: beforeCalls, to: afterCalls })).requests, 2);
      assert.equal((await usage({ org_id: orgId, from: afterCalls })).requests, 0, 'nothing after the calls');
      assert.equal((await usage({ org_id: orgId, to: beforeCalls })).requests, 0, 'nothing before the calls');
    });

    test('a bad from date → 400 validation_error', async () => {
      await expectError(await harness.request('/v1/admin/usage?from=yesterday-ish'), { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'from' });
    });

    test('the master key is a key of the org default: its usage goes there, not to other orgs', async () => {
      const defaultBefore = (await usage({ org_id: 'default' })).requests;
      const response = await postChat(harness, chatBody(), { key: testMasterKey });
      assert.equal(response.status, 200);
      assert.equal((await usage({ org_id: 'default' })).requests, defaultBefore + 1);
      assert.equal((await usage({ org_id: orgId })).requests, 2);
      const settings = await (await harness.request('/v1/settings')).json();
      assert.equal(settings.org_id, 'default');
    });
  });

  describe('BYOK provider keys', () => {
    let orgId: string;
    let key: string;

    before(async () => {
      orgId = await createOrg(harness, 'Byok Co');
      key = (await createKey(harness, { org_id: orgId })).key;
    });

    test('without BYOK the platform key is used and cost_attribution is svc', async () => {
      const response = await postChat(harness, chatBody(), { key });
      const body = await response.json();
      assert.equal(body.svc_metadata.cost_attribution, 'svc');
      assert.equal(harness.mock.requests.at(-1)!.apiKey, 'sk-openai-test');
    });

    test('with a BYOK key the org\'s own key goes upstream and cost_attribution is byok', async () => {
      const put = await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'PUT', body: { api_key: 'sk-org-own-key-1234' } });
      assert.equal(put.status, 200, await put.text());
      const response = await postChat(harness, chatBody(), { key });
      const body = await response.json();
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.equal(body.svc_metadata.cost_attribution, 'byok');
      assert.equal(harness.mock.requests.at(-1)!.apiKey, 'sk-org-own-key-1234');
    });

    test('other orgs keep using the platform key', async () => {
      const response = await postChat(harness, chatBody());
      assert.equal((await response.json()).svc_metadata.cost_attribution, 'svc');
      assert.equal(harness.mock.requests.at(-1)!.apiKey, 'sk-openai-test');
    });

    test('DELETE of the BYOK key goes back to the platform key', async () => {
      const response = await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'DELETE' });
      assert.equal(response.status, 200, await response.text());
      const chat = await postChat(harness, chatBody(), { key });
      assert.equal((await chat.json()).svc_metadata.cost_attribution, 'svc');
      assert.equal(harness.mock.requests.at(-1)!.apiKey, 'sk-openai-test');
    });

    test('PUT for an unknown provider → 404 resource_not_found', async () => {
      const response = await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/no-such-provider`, { method: 'PUT', body: { api_key: 'sk-x' } });
      await expectError(response, { status: 404, type: 'not_found_error', code: 'resource_not_found' });
    });

    test('PUT for an unknown org → 404 resource_not_found', async () => {
      const response = await harness.request('/v1/admin/orgs/org_missing/provider-keys/openai', { method: 'PUT', body: { api_key: 'sk-x' } });
      await expectError(response, { status: 404, type: 'not_found_error', code: 'resource_not_found' });
    });

    for (const [label, body] of [
      ['a missing api_key', {}],
      ['an empty api_key', { api_key: '' }],
      ['a non-string api_key', { api_key: 42 }],
    ] as const) {
      test(`PUT with ${label} → 400 validation_error, param api_key`, async () => {
        const response = await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'PUT', body });
        await expectError(response, { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'api_key' });
      });
    }

    test('PUT with a base_url that is not http(s) → 400 validation_error, param base_url', async () => {
      const response = await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'PUT', body: { api_key: 'sk-x', base_url: 'ftp://example.com' } });
      await expectError(response, { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'base_url' });
    });

    test('BYOK routes need the admin scope', async () => {
      const response = await harness.request(`/v1/admin/orgs/${orgId}/provider-keys/openai`, { method: 'PUT', body: { api_key: 'sk-x' }, key });
      await expectError(response, { status: 403, type: 'authorization_error', code: 'insufficient_scopes' });
    });
  });
});

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { requestsSince, sdkClient, svcMetadataOf } from './conformance-helpers.js';

/**
 * BYOK: an org's own provider key replaces the platform pool for that org only, is stored encrypted,
 * never leaves the gateway (responses, logs), and can be removed again. A BYOK base_url is honoured.
 */

const ORG_SECRET = 'sk-org-own-secret';
const PROXY_SECRET = 'sk-org-proxy-secret-42';
const CEREBRAS_SECRET = 'csk-org-cerebras-secret-7';
const PLATFORM_KEY = 'sk-openai-test';
const secrets = [ORG_SECRET, PROXY_SECRET, CEREBRAS_SECRET];

describe('BYOK provider keys', () => {
  let harness: TestGateway;
  let proxyMock: MockUpstream;
  let byokOrg: string;
  let otherOrg: string;
  let byokKey: string;
  let otherKey: string;
  /** Every response body the tests read, to prove no secret was ever in one. */
  const bodies: string[] = [];

  async function admin(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const response = await harness.request(path, { method, body });
    const text = await response.text();
    bodies.push(text);
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  }

  async function chat(apiKey: string, model = 'openai/gpt-4o-mini') {
    const { data, response } = await sdkClient(harness, apiKey).chat.completions.create({ model, messages: [{ role: 'user', content: 'whose key?' }] }).withResponse();
    bodies.push(JSON.stringify(data));
    for (const [name, value] of response.headers) bodies.push(`${name}: ${value}`);
    return data;
  }

  before(async () => {
    harness = await startTestGateway({ env: { SVC_LOG_LEVEL: 'debug' } });
    proxyMock = await startMockUpstream();
    for (const [name, assign] of [
      ['byok-org', (id: string) => (byokOrg = id)],
      ['platform-org', (id: string) => (otherOrg = id)],
    ] as const) {
      const org = await admin('POST', '/v1/admin/orgs', { name });
      assert.equal(org.status, 201);
      assign(org.json.id);
    }
    const first = await admin('POST', '/v1/admin/keys', { org_id: byokOrg, name: 'byok caller' });
    const second = await admin('POST', '/v1/admin/keys', { org_id: otherOrg, name: 'platform caller' });
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    byokKey = first.json.key;
    otherKey = second.json.key;
  });

  after(async () => {
    await harness.close();
    await proxyMock.close();
  });

  test("the org's own key is used for its requests (cost_attribution byok); another org keeps the platform key", async () => {
    const put = await admin('PUT', `/v1/admin/orgs/${byokOrg}/provider-keys/openai`, { api_key: ORG_SECRET });
    assert.equal(put.status, 200);
    assert.equal(put.json.configured, true);

    let start = harness.mock.requests.length;
    const own = await chat(byokKey);
    assert.deepEqual(requestsSince(harness.mock, start).map((request) => request.apiKey), [ORG_SECRET]);
    assert.equal(svcMetadataOf(own).cost_attribution, 'byok');
    assert.equal(svcMetadataOf(own).provider, 'openai');

    // Streams too.
    start = harness.mock.requests.length;
    const stream = await sdkClient(harness, byokKey).chat.completions.create({ model: 'openai/gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'whose key?' }] });
    for await (const chunk of stream) bodies.push(JSON.stringify(chunk));
    assert.deepEqual(requestsSince(harness.mock, start).map((request) => request.apiKey), [ORG_SECRET]);

    start = harness.mock.requests.length;
    const platform = await chat(otherKey);
    assert.deepEqual(requestsSince(harness.mock, start).map((request) => request.apiKey), [PLATFORM_KEY]);
    assert.equal(svcMetadataOf(platform).cost_attribution, 'svc');
  });

  test('the key is stored encrypted: the plaintext is nowhere in the SQLite files', async () => {
    const dataDir = harness.gateway.config.storage.dataDir;
    const database = new Database(join(dataDir, 'svc.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const row = database.prepare('SELECT * FROM provider_keys WHERE org_id = ? AND provider = ?').get(byokOrg, 'openai') as Record<string, unknown> | undefined;
      assert.ok(row, 'a provider_keys row exists');
      assert.equal(typeof row.encrypted_key, 'string');
      assert.ok(!JSON.stringify(row).includes(ORG_SECRET), 'the row does not hold the plaintext');
      assert.notEqual(row.encrypted_key, Buffer.from(ORG_SECRET).toString('base64'), 'not merely base64');
    } finally {
      database.close();
    }
    assert.ok(existsSync(join(dataDir, 'svc.sqlite')), 'the database file is there to be scanned');
    for (const file of ['svc.sqlite', 'svc.sqlite-wal']) {
      const path = join(dataDir, file);
      if (existsSync(path)) assert.ok(!readFileSync(path).includes(Buffer.from(ORG_SECRET)), `${file} does not contain the plaintext key`);
    }
  });

  test('DELETE reverts the org to the platform key', async () => {
    const removed = await admin('DELETE', `/v1/admin/orgs/${byokOrg}/provider-keys/openai`);
    assert.equal(removed.status, 200);
    assert.equal(removed.json.configured, false);
    const start = harness.mock.requests.length;
    const completion = await chat(byokKey);
    assert.deepEqual(requestsSince(harness.mock, start).map((request) => request.apiKey), [PLATFORM_KEY]);
    assert.equal(svcMetadataOf(completion).cost_attribution, 'svc');
    assert.equal((await admin('DELETE', `/v1/admin/orgs/${byokOrg}/provider-keys/openai`)).status, 404);
  });

  test('a BYOK base_url override sends the org to its own endpoint', async () => {
    const put = await admin('PUT', `/v1/admin/orgs/${byokOrg}/provider-keys/openai`, { api_key: PROXY_SECRET, base_url: `${proxyMock.url}/v1/` });
    assert.equal(put.status, 200);
    const platformStart = harness.mock.requests.length;
    const completion = await chat(byokKey);
    assert.equal(harness.mock.requests.length, platformStart, 'the platform endpoint was not called');
    assert.equal(proxyMock.requests.length, 1);
    assert.equal(proxyMock.requests[0].apiKey, PROXY_SECRET);
    assert.equal(proxyMock.requests[0].path, '/v1/chat/completions');
    assert.equal(proxyMock.requests[0].body.model, 'gpt-4o-mini');
    assert.equal(svcMetadataOf(completion).cost_attribution, 'byok');
    // The other org is untouched.
    const start = harness.mock.requests.length;
    await chat(otherKey);
    assert.deepEqual(requestsSince(harness.mock, start).map((request) => request.apiKey), [PLATFORM_KEY]);
  });

  test('BYOK makes a provider without platform keys usable for that org', async () => {
    // The harness configures no Cerebras key: only the org's own key can reach it.
    const put = await admin('PUT', `/v1/admin/orgs/${byokOrg}/provider-keys/cerebras`, { api_key: CEREBRAS_SECRET, base_url: `${harness.mock.url}/v1` });
    assert.equal(put.status, 200);
    const start = harness.mock.requests.length;
    const completion = await chat(byokKey, 'cerebras/gpt-oss-120b');
    const received = requestsSince(harness.mock, start);
    assert.deepEqual(received.map((request) => [request.apiKey, request.body.model]), [[CEREBRAS_SECRET, 'gpt-oss-120b']]);
    assert.equal(svcMetadataOf(completion).provider, 'cerebras');
    assert.equal(svcMetadataOf(completion).cost_attribution, 'byok');
  });

  test('no secret appears in any response body (admin, usage, chat) or in any log line', async () => {
    await admin('GET', '/v1/admin/keys');
    await admin('GET', `/v1/admin/keys?org_id=${byokOrg}`);
    const usage = await admin('GET', `/v1/admin/usage?org_id=${byokOrg}`);
    assert.equal(usage.status, 200);
    await admin('GET', '/v1/admin/orgs');
    assert.ok(bodies.length > 15, `${bodies.length} bodies checked`);
    for (const secret of secrets) {
      for (const body of bodies) assert.ok(!body.includes(secret), `a response carried the secret ${secret}: ${body.slice(0, 200)}`);
      for (const line of harness.logLines) assert.ok(!line.includes(secret), `a log line carried the secret ${secret}: ${line.slice(0, 300)}`);
    }
    assert.equal(harness.gateway.services.logger.level, 'debug', 'the strictest log level svc is run with was on');
    assert.ok(harness.logLines.length > 0, 'the gateway did log');
  });
});

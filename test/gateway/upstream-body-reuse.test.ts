import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gatewayForSuite } from '../support/test-gateway.js';
import { readSse } from './gateway-test-helpers.js';

/**
 * Issue 20: an OpenAI-wire upstream gets the caller's own JSON text for what svc sends unchanged (a long
 * conversation is not serialized again), and svc's own changes — the model, a redaction, a recalled memory —
 * always win over the caller's text.
 */
describe('the upstream body reuses the caller\'s JSON where svc changed nothing', () => {
  const harness = gatewayForSuite();

  /** A long conversation written as no serializer would: spaces, escaped letters, keys in another order. */
  const document = `${'The quarterly report covers revenue, costs and hiring. '.repeat(90)}`;
  const quirkyMessages =
    `[ {"content": "Summarize this:\\n${document}", "role":"user"},\n` +
    `  { "role" : "assistant", "content":"Caf\\u00e9 revenue rose; costs \\"held\\"." },\n` +
    `  {"role":"user","content":"And hiring?"} ]`;

  const post = (body: string, headers: Record<string, string> = {}) => harness.request('/v1/chat/completions', { body, headers });

  test('proxy mode: the messages go upstream exactly as the caller wrote them, under the upstream model, without svc\'s own fields', async () => {
    const body = `{"svc": {"cache_ttl_seconds": 60}, "messages": ${quirkyMessages}, "model": "gpt-4o-mini", "temperature": 0.20}`;
    assert.ok(body.length > 4096);
    const response = await post(body, { 'x-intelligence-mode': 'proxy' });
    assert.equal(response.status, 200, await response.clone().text());
    const sent = harness.mock.requests.at(-1)!;
    assert.ok(sent.rawBody.includes(`"messages":${quirkyMessages}`), sent.rawBody.slice(0, 300));
    assert.ok(sent.rawBody.includes('"temperature":0.2,') || sent.rawBody.endsWith('"temperature":0.2}'), 'a top-level number is written as svc read it');
    assert.equal(sent.body.model, 'gpt-4o-mini');
    assert.equal(sent.body.svc, undefined, 'svc options never reach the provider');
    assert.equal(sent.body.messages[1].content, 'Café revenue rose; costs "held".');
  });

  test('a stream asks for the usage chunk even when the caller\'s text did not', async () => {
    const body = `{"model":"gpt-4o-mini","stream":true,"stream_options":{"include_usage":false},"messages":${quirkyMessages}}`;
    const response = await post(body, { 'x-intelligence-mode': 'proxy' });
    assert.equal(response.status, 200);
    await readSse(response, performance.now());
    const sent = harness.mock.requests.at(-1)!;
    assert.deepEqual(sent.body.stream_options, { include_usage: true });
    assert.ok(sent.rawBody.includes(`"messages":${quirkyMessages}`));
  });

  test('redaction wins: the redacted message is serialized anew and the address never leaves, the others are reused', async () => {
    const messages = quirkyMessages.replace('"And hiring?"', '"And hiring? Mail the answer to ada@example.com"');
    const response = await post(`{"model":"gpt-4o-mini","svc":{"redact_pii":true},"messages":${messages}}`, { 'x-intelligence-mode': 'proxy' });
    assert.equal(response.status, 200, await response.clone().text());
    const sent = harness.mock.requests.at(-1)!;
    assert.ok(!sent.rawBody.includes('ada@example.com'), 'the address reached the upstream');
    assert.equal(sent.body.messages[2].content, 'And hiring? Mail the answer to [EMAIL_1]');
    assert.ok(sent.rawBody.includes('{ "role" : "assistant", "content":"Caf\\u00e9 revenue rose; costs \\"held\\"." }'), 'an untouched message is reused');
  });

  test('full mode: a recalled memory goes in as a system message before the caller\'s messages, which are reused', async () => {
    const svc = { conversation_id: `reuse-${Date.now()}` };
    const first = await harness.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'My name is Ada and I live in Lisbon.' }], svc } });
    assert.equal(first.status, 200);
    await first.arrayBuffer();
    const follow = `{"model":"gpt-4o-mini","svc":${JSON.stringify(svc)},"messages":[{"role": "user", "content": "Which city do I live in? Also summarize:\\n${document}"}]}`;
    const response = await post(follow, { 'x-intelligence-mode': 'full' });
    assert.equal(response.status, 200, await response.clone().text());
    const sent = harness.mock.requests.at(-1)!;
    assert.equal(sent.body.messages.length, 2);
    assert.equal(sent.body.messages[0].role, 'system');
    assert.match(sent.body.messages[0].content, /My name is Ada and I live in Lisbon/);
    assert.ok(sent.rawBody.includes(`{"role": "user", "content": "Which city do I live in? Also summarize:\\n${document}"}]`));
  });

  test('an embeddings batch goes upstream with its inputs as the caller wrote them', async () => {
    const inputs = `[ ${Array.from({ length: 40 }, (_, index) => `"chunk ${index}: caf\\u00e9 ${'revenue and costs by region. '.repeat(4)}"`).join(' ,\n ')} ]`;
    const response = await harness.request('/v1/embeddings', { body: `{"model":"text-embedding-3-small","input":${inputs}}`, headers: { 'x-intelligence-mode': 'proxy' } });
    assert.equal(response.status, 200, await response.clone().text());
    const sent = harness.mock.requests.at(-1)!;
    assert.equal(sent.path, '/v1/embeddings');
    assert.ok(sent.rawBody.includes(`"input":${inputs}`), sent.rawBody.slice(0, 200));
    assert.equal(sent.body.input.length, 40);
    assert.ok(sent.body.input[0].startsWith('chunk 0: café'));
  });

  test('a message field svc drops (a null name) is not forwarded from the caller\'s text', async () => {
    const body = `{"model":"gpt-4o-mini","messages":[{"role":"user","name":null,"content":"${document}"}]}`;
    const response = await post(body, { 'x-intelligence-mode': 'proxy' });
    assert.equal(response.status, 200, await response.clone().text());
    const sent = harness.mock.requests.at(-1)!;
    assert.deepEqual(Object.keys(sent.body.messages[0]).sort(), ['content', 'role']);
  });
});

import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { createKey, createOrg, postChat, waitFor, writeConfigFile } from './gateway-test-helpers.js';

const chatCalls = (harness: TestGateway) => harness.mock.requests.filter((request) => request.path.includes('chat/completions')).length;

/** The semantic cache (issue 10; spec 4.1 x-svc-cache-type semantic, x-svc-semantic-similarity), end to end. */
describe('semantic cache with the built-in embedder', () => {
  let harness: TestGateway;
  let run = 0;

  before(async () => {
    harness = await startTestGateway();
  });
  after(() => harness.close());
  beforeEach(() => {
    harness.mock.reset();
    run++;
  });

  const ask = (content: string, overrides: Record<string, unknown> = {}, init: { key?: string; headers?: Record<string, string> } = {}) =>
    postChat(harness, { model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'user', content }], ...overrides }, init);

  test('a paraphrase is answered from the cache, with its similarity; the near miss goes upstream', async () => {
    harness.mock.enqueueReply({ content: `Paris (${run}).` });
    await (await ask(`What is the capital of France? Case ${run}`)).arrayBuffer();
    const paraphrase = await ask(`what's the capital of france, case ${run}`);
    assert.equal(paraphrase.headers.get('x-svc-cache-hit'), 'true');
    assert.equal(paraphrase.headers.get('x-svc-cache-type'), 'semantic');
    const similarity = Number(paraphrase.headers.get('x-svc-semantic-similarity'));
    assert.ok(similarity >= 0.75 && similarity <= 1, `similarity ${similarity}`);
    const body = await paraphrase.json();
    assert.equal(body.choices[0].message.content, `Paris (${run}).`);
    assert.equal(body.svc_metadata.decision_source, 'CacheHit');
    assert.equal(body.svc_metadata.cost_usd, 0);
    assert.equal(chatCalls(harness), 1);

    const nearMiss = await ask(`What is the capital of Germany? Case ${run}`);
    assert.equal(nearMiss.headers.get('x-svc-cache-hit'), 'false');
    assert.equal(chatCalls(harness), 2);
  });

  test('a streamed miss read to its end feeds both caches: the same request is an exact hit, a paraphrase a semantic one', async () => {
    harness.mock.enqueueReply({ content: `Canberra (${run}).` });
    const streamed = await ask(`What is the capital of Australia? Case ${run}`, { stream: true });
    assert.match(await streamed.text(), /data: \[DONE\]/);
    // Stored as the stream ended, before svc wrote [DONE].
    const same = await ask(`What is the capital of Australia? Case ${run}`);
    assert.equal(same.headers.get('x-svc-cache-type'), 'exact');
    assert.equal((await same.json()).choices[0].message.content, `Canberra (${run}).`);
    const paraphrase = await ask(`what's the capital of australia, case ${run}`);
    assert.equal(paraphrase.headers.get('x-svc-cache-type'), 'semantic');
    assert.equal((await paraphrase.json()).choices[0].message.content, `Canberra (${run}).`);
    assert.equal(chatCalls(harness), 1);
  });

  test('a streamed answer cut before its end is stored by neither cache', async () => {
    harness.mock.enqueueReply({ content: `A long answer about Peru (${run}) that the caller stops reading.`, eventDelayMs: 50 });
    const streamed = await ask(`What is the capital of Peru? Case ${run}`, { stream: true });
    const reader = streamed.body!.getReader();
    await reader.read();
    await reader.cancel();
    await waitFor(() => chatCalls(harness) === 1);
    harness.mock.enqueueReply({ content: `Lima (${run}).` });
    const again = await ask(`What is the capital of Peru? Case ${run}`);
    assert.equal(again.headers.get('x-svc-cache-hit'), 'false');
    assert.equal((await again.json()).choices[0].message.content, `Lima (${run}).`);
    assert.equal((await ask(`what's the capital of peru, case ${run}`)).headers.get('x-svc-cache-type'), 'semantic', 'the whole answer that followed is stored');
  });

  test('near misses of every kind go upstream: numbers, negation, antonyms, language', async () => {
    const stored = [`Convert 100 dollars to euros (${run})`, `Is it safe to eat raw eggs? (${run})`, `Turn left at the light (${run})`, `Translate hello into German (${run})`];
    const nearMisses = [`Convert 200 dollars to euros (${run})`, `Is it not safe to eat raw eggs? (${run})`, `Turn right at the light (${run})`, `Translate hello into Italian (${run})`];
    for (const prompt of stored) await (await ask(prompt)).arrayBuffer();
    for (const prompt of nearMisses) assert.equal((await ask(prompt)).headers.get('x-svc-cache-hit'), 'false', prompt);
    assert.equal(chatCalls(harness), 8);
  });

  test('everything but the last user turn must match exactly: another system prompt is a miss', async () => {
    await (await ask(`Why is the sky blue? ${run}`)).arrayBuffer();
    const withSystem = await postChat(harness, { model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'system', content: 'Answer like a pirate.' }, { role: 'user', content: `why is the sky blue ${run}` }] });
    assert.equal(withSystem.headers.get('x-svc-cache-hit'), 'false');
    assert.equal((await ask(`why is the sky blue ${run}`, { max_tokens: 20 })).headers.get('x-svc-cache-hit'), 'false', 'other sampling');
    assert.equal((await ask(`why is the sky blue ${run}`, { model: 'gpt-4o' })).headers.get('x-svc-cache-hit'), 'false', 'another model');
    assert.equal((await ask(`why is the sky blue ${run}`)).headers.get('x-svc-cache-hit'), 'true');
  });

  test('per org; proxy mode and enable_cache false neither read nor store', async () => {
    await (await ask(`How do I reset my password? ${run}`)).arrayBuffer();
    const orgId = await createOrg(harness, `semantic-${run}`);
    const key = (await createKey(harness, { org_id: orgId })).key;
    assert.equal((await ask(`How can I reset my password? ${run}`, {}, { key })).headers.get('x-svc-cache-hit'), 'false', 'another org');
    assert.equal((await ask(`How can I reset my password? ${run}`, {}, { headers: { 'x-intelligence-mode': 'proxy' } })).headers.get('x-svc-cache-hit'), 'false');
    assert.equal((await ask(`How can I reset my password? ${run}`, { svc: { enable_cache: false } })).headers.get('x-svc-cache-hit'), 'false');
    assert.equal((await ask(`How can I reset my password? ${run}`, {}, { headers: { 'x-intelligence-mode': 'cache' } })).headers.get('x-svc-cache-hit'), 'true');
  });

  test('long conversations and the default temperature are not served by the semantic cache', async () => {
    const turns = [
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'a' },
      { role: 'user', content: 'two' },
      { role: 'assistant', content: 'b' },
      { role: 'user', content: 'three' },
      { role: 'assistant', content: 'c' },
      { role: 'user', content: `What is the tallest mountain? ${run}` },
    ];
    await (await postChat(harness, { model: 'gpt-4o-mini', temperature: 0, messages: turns })).arrayBuffer();
    const again = await postChat(harness, { model: 'gpt-4o-mini', temperature: 0, messages: [...turns.slice(0, -1), { role: 'user', content: `what's the tallest mountain ${run}` }] });
    assert.equal(again.headers.get('x-svc-cache-hit'), 'false', 'four user turns: over the default of three');
    await (await ask(`Name a prime number ${run}`, { temperature: undefined })).arrayBuffer();
    assert.equal((await ask(`name a prime number ${run}`, { temperature: undefined })).headers.get('x-svc-cache-hit'), 'false');
  });
});

describe('semantic cache with an embedding model through svc’s embeddings path', () => {
  let harness: TestGateway;
  let configPath: string;

  before(async () => {
    configPath = await writeConfigFile('cache:\n  semantic:\n    embedder: text-embedding-3-small\n');
    harness = await startTestGateway({ env: { SVC_CONFIG: configPath } });
  });
  after(async () => {
    await harness.close();
    await rm(dirname(configPath), { recursive: true, force: true });
  });

  test('each lookup embeds the prompt through the embeddings chain (cached there too) and bills it to the org', async () => {
    const orgId = await createOrg(harness, 'semantic-model');
    const key = (await createKey(harness, { org_id: orgId })).key;
    const ask = (content: string) => postChat(harness, { model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'user', content }] }, { key });
    await (await ask('What is the capital of Italy?')).arrayBuffer();
    const embeddingCalls = () => harness.mock.requests.filter((request) => request.path.endsWith('/embeddings'));
    assert.equal(embeddingCalls().length, 1);
    assert.equal(embeddingCalls()[0].body.model, 'text-embedding-3-small');
    // The mock's vectors depend on the text only: the same normalized prompt is similarity 1.
    const again = await ask('what is the capital of italy');
    assert.equal(again.headers.get('x-svc-cache-type'), 'semantic');
    assert.equal(again.headers.get('x-svc-semantic-similarity'), '1.0000');
    assert.equal(embeddingCalls().length, 1, 'the second embedding came from the embeddings cache');
    assert.equal(chatCalls(harness), 1);
    type Summary = { by_endpoint: Array<{ endpoint: string; requests: number }> };
    const usage = async () => (await (await harness.request(`/v1/admin/usage?org_id=${orgId}`)).json()) as Summary;
    assert.ok(await waitFor(async () => (await usage()).by_endpoint.some((row) => row.endpoint === 'semantic_cache.embeddings' && row.requests === 2), 3000));
  });
});

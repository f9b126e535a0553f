import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { postChat } from '../support/helpers.js';
import { prepareSharedStorage, sharedStorageSkip, type SharedStorage } from '../support/shared-storage.js';

/**
 * Two gateway instances sharing one PostgreSQL and one Redis, as replicas do: an answer cached by one is
 * served by the other — the exact cache through its L1 in Redis, the semantic cache through its shared log.
 */
describe('caches shared by two instances (PostgreSQL + Redis)', { skip: sharedStorageSkip }, () => {
  let first: TestGateway;
  let second: TestGateway;
  let storage: SharedStorage;
  const run = Math.random().toString(36).slice(2, 8);

  before(async () => {
    storage = await prepareSharedStorage('cache');
    first = await startTestGateway({ env: storage.env });
    second = await startTestGateway({ env: storage.env, mock: first.mock });
  });

  after(async () => {
    await second?.close();
    await first?.close();
    await storage?.cleanup();
  });

  const chatCalls = () => first.mock.requests.filter((request) => request.path.includes('chat/completions')).length;
  const ask = (harness: TestGateway, content: string) => postChat(harness, { model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'user', content }] });

  test('exact: the second instance answers from L1 what the first stored', async () => {
    first.mock.reset();
    first.mock.enqueueReply({ content: 'Cached across replicas.' });
    await (await ask(first, `Replicated question ${run}`)).arrayBuffer();
    await first.gateway.services.exactCache.flush();
    const response = await ask(second, `Replicated question ${run}`);
    assert.equal(response.headers.get('x-svc-cache-hit'), 'true');
    assert.equal(response.headers.get('x-svc-cache-type'), 'exact');
    assert.equal((await response.json()).choices[0].message.content, 'Cached across replicas.');
    assert.equal(chatCalls(), 1);
  });

  test('semantic: the second instance finds a paraphrase of what the first stored', async () => {
    first.mock.reset();
    first.mock.enqueueReply({ content: 'Mount Everest.' });
    await (await ask(first, `What is the tallest mountain on Earth? ${run}`)).arrayBuffer();
    await first.gateway.services.semanticCache.flush();
    const response = await ask(second, `what's the tallest mountain on earth ${run}`);
    assert.equal(response.headers.get('x-svc-cache-type'), 'semantic');
    assert.equal((await response.json()).choices[0].message.content, 'Mount Everest.');
    assert.equal(chatCalls(), 1);
  });
});

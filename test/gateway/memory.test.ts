import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gatewayForSuite } from '../support/test-gateway.js';
import { createKey, createOrg, waitFor } from './gateway-test-helpers.js';

/** Issue 18, spec 4.9: full mode remembers a conversation's turns and recalls what the request no longer carries. */
describe('conversation memory (full mode)', () => {
  const harness = gatewayForSuite();

  async function say(content: string, svc: Record<string, unknown>, options: { key?: string; headers?: Record<string, string> } = {}) {
    const response = await harness.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content }], svc }, ...options });
    assert.equal(response.status, 200, await response.clone().text());
    await response.json();
    return harness.mock.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
  }

  test('turn 5 needs a fact from turn 1 that is no longer in the request: it is recalled into one system message', async () => {
    const svc = { conversation_id: `trip-${Date.now()}` };
    await say('My name is Ada and I live in Lisbon.', svc);
    await say('Recommend a book.', svc);
    await say('Something shorter?', svc);
    await say('Thanks!', svc);
    const fifth = await say('Which city do I live in?', svc);
    assert.equal(fifth.length, 2);
    assert.equal(fifth[0].role, 'system');
    assert.match(fifth[0].content, /^Earlier in this conversation \(recalled by svc\):\nUser: My name is Ada and I live in Lisbon\.\nAssistant: Echo: My name is Ada and I live in Lisbon\./);
    assert.equal(fifth[1].content, 'Which city do I live in?');
  });

  test('turn 9 needs a fact from turn 1 that the recent turns no longer hold: the fact is recalled (L2), not the whole turn', async () => {
    const svc = { conversation_id: `wedding-${Date.now()}` };
    await say('My sister Laura is getting married on June 14th, 2025 in Lisbon.', svc);
    // Facts are extracted after the answer, on a worker thread: stored soon, not before the answer.
    const storedFacts = async () => ((await (await harness.request(`/v1/admin/orgs/default/memory/${svc.conversation_id}`)).json()).facts ?? []).length > 0;
    assert.ok(await waitFor(storedFacts, 10_000), 'the fact is stored');
    for (const filler of ['Recommend a book.', 'Something shorter?', 'Thanks!', 'And a film?', 'One more?', 'Great.', 'What else?']) await say(filler, svc);
    const ninth = await say("What was my sister's wedding date again?", svc);
    assert.equal(ninth.length, 2);
    assert.equal(ninth[0].role, 'system');
    const recalled = ninth[0].content.split('\n');
    assert.equal(recalled[0], 'Earlier in this conversation (recalled by svc):');
    assert.equal(recalled[1], 'User, earlier: My sister Laura is getting married on June 14th, 2025 in Lisbon.');
    assert.ok(!ninth[0].content.includes('User: My sister Laura'), 'turn 1 itself is past the recent turns');
    assert.equal(recalled.filter((line) => line.startsWith('User: ')).length, 6, 'the six recent turns');
    // Named entities find a fact too, in another language's wording of the question.
    const named = await say('Book a hotel in Lisbon for Laura', svc);
    assert.ok(named[0].content.includes('User, earlier: My sister Laura is getting married'), named[0].content);
  });

  test('the cascade: a self-contained request recalls nothing and says so in routing_decision; a follow-up recalls the recent turns', async () => {
    const svc = { conversation_id: `cascade-${Date.now()}` };
    await say('My favourite colour is teal.', svc);
    const standalone = await harness.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', svc, messages: [{ role: 'user', content: 'Write a haiku about the autumn rain falling on an old city.' }] } });
    const answer = await standalone.json();
    assert.equal(harness.mock.requests.at(-1)!.body.messages.length, 1, 'nothing injected');
    assert.match(answer.svc_metadata.routing_decision, / memory=self-contained$/);
    const followUp = await harness.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', svc, messages: [{ role: 'user', content: 'Make it rhyme.' }] } });
    assert.match((await followUp.json()).svc_metadata.routing_decision, / memory=refers back: 2 turns, 0 facts$/);
    assert.equal(harness.mock.requests.at(-1)!.body.messages.length, 2);
  });

  test('nothing crosses orgs or conversations; a resent history is not recalled twice', async () => {
    const id = `shared-id-${Date.now()}`;
    await say('The secret word is heliotrope.', { conversation_id: id });
    const other = await createKey(harness, { org_id: await createOrg(harness, `memory-other-${Date.now()}`) });
    assert.equal((await say('What is the secret word?', { conversation_id: id }, { key: other.key })).length, 1, 'another org');
    assert.equal((await say('What is the secret word?', { conversation_id: `${id}-b` })).length, 1, 'another conversation');
    assert.equal((await say('Tell me the secret word that I gave you at the very start', { conversation_id: `${id}-c` })).length, 1, 'no fact of another conversation');
    const resent = await harness.request('/v1/chat/completions', {
      body: { model: 'gpt-4o-mini', svc: { conversation_id: id }, messages: [{ role: 'user', content: 'The secret word is heliotrope.' }, { role: 'assistant', content: 'Echo: The secret word is heliotrope.' }, { role: 'user', content: 'Say it again' }] },
    });
    await resent.json();
    assert.equal(harness.mock.requests.at(-1)!.body.messages.length, 3, 'the history it carries is not injected again');
  });

  test('enable_memory false neither recalls nor stores; cache mode keeps no memory; the header names the conversation too', async () => {
    const id = `toggle-${Date.now()}`;
    await say('Remember: my locker is 42.', { conversation_id: id, enable_memory: false });
    assert.equal((await say('What is my locker?', { conversation_id: id })).length, 1, 'nothing was stored');
    assert.equal((await say('And now?', { conversation_id: id, enable_memory: false })).length, 1, 'nothing is recalled');
    await say('My locker is 17.', {}, { headers: { 'x-svc-conversation-id': `${id}-h` } });
    assert.match((await say('Which locker?', {}, { headers: { 'x-svc-conversation-id': `${id}-h` } }))[0].content, /locker is 17/);
    assert.equal((await say('Which locker?', { conversation_id: `${id}-h`, intelligence_mode: 'cache' })).length, 1, 'cache mode');
  });
});

describe('the memory admin API', () => {
  const harness = gatewayForSuite();

  const say = async (key: string, conversation: string, content: string) => {
    const response = await harness.request('/v1/chat/completions', { key, body: { model: 'gpt-4o-mini', svc: { conversation_id: conversation }, messages: [{ role: 'user', content }] } });
    assert.equal(response.status, 200, await response.clone().text());
    await response.json();
  };

  test("an org's admin lists and forgets one conversation, then all; another org's admin is refused", async () => {
    const orgId = await createOrg(harness, `memory-admin-${Date.now()}`);
    const user = await createKey(harness, { org_id: orgId });
    const orgAdmin = await createKey(harness, { org_id: orgId, scopes: ['admin'] });
    await say(user.key, 'kitchen', 'The oven is broken.');
    await say(user.key, 'kitchen', 'Call the repairman.');
    await say(user.key, 'garden', 'Water the roses.');
    const listed = await harness.request(`/v1/admin/orgs/${orgId}/memory/kitchen`, { key: orgAdmin.key });
    assert.equal(listed.status, 200);
    assert.deepEqual((await listed.json()).turns, [
      { user: 'The oven is broken.', assistant: 'Echo: The oven is broken.' },
      { user: 'Call the repairman.', assistant: 'Echo: Call the repairman.' },
    ]);
    const other = await createKey(harness, { org_id: await createOrg(harness, `memory-admin-other-${Date.now()}`), scopes: ['admin'] });
    assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/memory/kitchen`, { key: other.key })).status, 403);
    assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/memory`, { method: 'DELETE', key: other.key })).status, 403);

    const factsOf = async () => (await (await harness.request(`/v1/admin/orgs/${orgId}/memory/kitchen`, { key: orgAdmin.key })).json()).facts.map((fact: { text: string }) => fact.text);
    assert.ok(await waitFor(async () => (await factsOf()).length > 0, 10_000));
    assert.deepEqual(await factsOf(), ['The oven is broken.']);
    const forgotten = await harness.request(`/v1/admin/orgs/${orgId}/memory/kitchen`, { method: 'DELETE', key: orgAdmin.key });
    assert.deepEqual(await forgotten.json(), { org_id: orgId, conversation_id: 'kitchen', forgotten: true });
    assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/memory/kitchen`, { key: orgAdmin.key })).status, 404);
    await say(user.key, 'kitchen', 'A new start.');
    const all = await harness.request(`/v1/admin/orgs/${orgId}/memory`, { method: 'DELETE', key: orgAdmin.key });
    assert.deepEqual(await all.json(), { org_id: orgId, conversations_forgotten: 2, facts_forgotten: 0 });
    assert.equal((await harness.request(`/v1/admin/orgs/${orgId}/memory/garden`, { key: orgAdmin.key })).status, 404);
    await say(user.key, 'garden', 'Anything to recall?');
    assert.equal(harness.mock.requests.at(-1)!.body.messages.length, 1, 'nothing is recalled after forgetting');
  });
});

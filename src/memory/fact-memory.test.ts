import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MemoryFact, MemoryFactStore } from '../core/storage-interfaces.js';
import { SqliteRecordStore } from '../storage/sqlite/sqlite-record-store.js';
import { FACTS_STORED, FactMemory, knownFact, PRUNE_ABOVE } from './fact-memory.js';

const memory = new FactMemory({} as never);
const storedFact = (index: number, city: string): MemoryFact => ({
  id: `f${index}`,
  org_id: 'org',
  conversation_id: 'c',
  created_at: '2026-11-27T00:00:00.000Z',
  text: `My friend number ${index} lives in ${city}.`,
  entities: [{ kind: 'place', value: city.toLowerCase() }],
  embedding: '',
});
const fact = (index: number, city: string) => knownFact(storedFact(index, city));
const nowhere = () => false;

test('of a long prompt, recall reads its start and its end, where the question is', () => {
  const document = 'The report covers revenue, costs and hiring plans for the coming year. '.repeat(200);
  const asked = memory.recall([fact(1, 'Lisbon'), fact(2, 'Oslo')], `${document} Oslo ${document} Which of my friends lives in Lisbon?`, nowhere);
  assert.deepEqual(asked.map((recalled) => recalled.text), ['My friend number 1 lives in Lisbon.'], 'Oslo is named only in the middle');
});

test('an entity is named by a whole word of the request, a phrase by its words in order, a CJK name anywhere in the text', () => {
  const stated = (index: number, text: string, ...values: string[]): MemoryFact => ({ ...storedFact(index, 'x'), text, entities: values.map((value) => ({ kind: 'place', value })) });
  const facts = [
    knownFact(stated(1, 'My budget is 26994 euros.', '26994')),
    knownFact(stated(2, 'My sister lives in New York.', 'new york')),
    knownFact(stated(3, '我住在上海。', '上海')),
    knownFact(stated(4, "My landlord is Mr O'Brien.", "o'brien")),
  ];
  const named = (prompt: string) => memory.recall(facts, prompt, nowhere).filter((recalled) => !recalled.matched[0].startsWith('similarity')).map((recalled) => recalled.matched[0]);
  assert.deepEqual(named('Is 26994 enough for the trip?'), ['26994']);
  assert.deepEqual(named('Is 269940 enough, or 126994?'), [], 'a number inside a longer number is not the same number');
  assert.deepEqual(named('Flights to new york, please'), ['new york']);
  assert.deepEqual(named('Is York nicer than Newark?'), [], 'one word of a phrase does not name it');
  assert.deepEqual(named('上海的天气怎么样？'), ['上海']);
  assert.deepEqual(named("Write to o'brien about the rent"), ["o'brien"]);
});

test('at most five facts are recalled, and a request that already holds the best twenty gets none', () => {
  const facts = Array.from({ length: 30 }, (_, index) => fact(index, 'Lisbon'));
  assert.equal(memory.recall(facts, 'Who lives in Lisbon?', nowhere).length, 5);
  let asked = 0;
  const held = () => (asked++, true);
  assert.deepEqual(memory.recall(facts, 'Who lives in Lisbon?', held), []);
  assert.equal(asked, 20, 'whether the request holds a fact is asked of the twenty best only');
});

test('a conversation read before is read again only for what changed, also when another instance added or deleted facts', async () => {
  const store = new SqliteRecordStore({ filename: ':memory:' });
  await store.migrate();
  try {
    const here = new FactMemory(store.memoryFacts);
    const elsewhere = new FactMemory(store.memoryFacts);
    const stored = (index: number, at: string): MemoryFact => ({ ...storedFact(index, `City${index}`), created_at: at });
    await store.memoryFacts.putFacts([stored(1, '2026-11-27T10:00:00.000Z'), stored(2, '2026-11-27T10:01:00.000Z')]);
    const texts = async (memory: FactMemory) => (await memory.recallable('org', 'c')).map((known) => known.text);
    assert.deepEqual(await texts(here), ['My friend number 2 lives in City2.', 'My friend number 1 lives in City1.']);
    assert.ok((await here.recallable('org', 'c'))[0].vector === undefined, 'a fact stored without an embedding has none');

    // Another instance learns a fact at the same second as the newest known one, and one later.
    await store.memoryFacts.putFacts([stored(3, '2026-11-27T10:01:00.000Z'), stored(4, '2026-11-27T10:02:00.000Z')]);
    assert.deepEqual((await texts(here)).slice(0, 3), ['My friend number 4 lives in City4.', 'My friend number 3 lives in City3.', 'My friend number 2 lives in City2.']);
    assert.equal((await texts(here)).length, 4);

    // Another instance forgets the conversation: nothing of it is recalled here any more, not even from the copy.
    await elsewhere.forget('org', 'c');
    assert.deepEqual(await texts(here), []);
    await store.memoryFacts.putFacts([stored(5, '2026-11-27T10:03:00.000Z')]);
    assert.deepEqual(await texts(here), ['My friend number 5 lives in City5.']);
  } finally {
    await store.close();
  }
});

test('facts this instance stores join its copy of the conversation: the next recall reads none back; facts stored elsewhere meanwhile are read', async () => {
  const store = new SqliteRecordStore({ filename: ':memory:' });
  await store.migrate();
  try {
    const reads: string[] = [];
    const facts = store.memoryFacts;
    // The store, with its reads of facts counted.
    const counted: MemoryFactStore = {
      putFacts: (written) => facts.putFacts(written),
      factsSummary: (orgId, conversationId) => facts.factsSummary(orgId, conversationId),
      deleteFacts: (orgId, conversationId) => facts.deleteFacts(orgId, conversationId),
      pruneFacts: (orgId, conversationId, keep) => facts.pruneFacts(orgId, conversationId, keep),
      listFacts: (orgId, conversationId, limit) => (reads.push('list'), facts.listFacts(orgId, conversationId, limit)),
      listFactsSince: (orgId, conversationId, since, limit) => (reads.push('since'), facts.listFactsSince(orgId, conversationId, since, limit)),
    };
    const sentences = (text: string) => text.split('. ').map((sentence) => ({ text: sentence.replace(/\.$/, ''), entities: [] }));
    const memory = new FactMemory(counted, async (texts) => texts.map(sentences));
    const turn = (requestId: string, userText: string, at: string) => ({ orgId: 'org', conversationId: 'c', requestId, userText, at });
    const texts = async () => (await memory.recallable('org', 'c')).map((known) => known.text);

    await memory.learn([turn('req_1', 'I live in Lisbon.', '2026-11-28T10:00:00.000Z')]);
    assert.deepEqual(await texts(), ['I live in Lisbon']);
    reads.length = 0;
    await memory.learn([turn('req_2', 'My cat is Tom. I am allergic to nuts.', '2026-11-28T10:01:00.000Z')]);
    assert.deepEqual(await texts(), ['I am allergic to nuts', 'My cat is Tom', 'I live in Lisbon'], 'newest first, as the store lists them');
    assert.deepEqual(reads, [], 'what this instance wrote is not read back');

    // Another instance stores a fact; then this one learns one: the count no longer adds up, what is new is read.
    await facts.putFacts([{ ...storedFact(9, 'Oslo'), conversation_id: 'c', created_at: '2026-11-28T10:02:00.000Z' }]);
    await memory.learn([turn('req_3', 'My sister is Ana.', '2026-11-28T10:03:00.000Z')]);
    assert.deepEqual(await texts(), ['My sister is Ana', 'My friend number 9 lives in Oslo.', 'I am allergic to nuts', 'My cat is Tom', 'I live in Lisbon']);
    assert.deepEqual(reads, ['since'], "the other instance's fact is read, once, and nothing else");
  } finally {
    await store.close();
  }
});

test('a fact the user states again is stored once, so it does not push older facts out of what recall reads', async () => {
  const store = new SqliteRecordStore({ filename: ':memory:' });
  await store.migrate();
  try {
    // The extractor's answer for each turn, as compromise would give it: one fact a sentence.
    const sentences = (text: string) => text.split('. ').map((sentence) => ({ text: sentence.replace(/\.$/, ''), entities: [] }));
    const memory = new FactMemory(store.memoryFacts, async (texts) => texts.map(sentences));
    const turn = (conversationId: string, requestId: string, userText: string) => ({ orgId: 'org', conversationId, requestId, userText, at: '2026-11-28T10:00:00.000Z' });
    assert.equal(await memory.learn([turn('c', 'req_1', 'I am allergic to nuts. I live in Lisbon.')]), 2);
    assert.equal(await memory.learn([turn('c', 'req_2', 'I live in Lisbon.')]), 0, 'said again');
    assert.equal(await memory.learn([turn('c', 'req_3', 'I live in Lisbon. My cat is Tom. My cat is Tom.')]), 1, 'one new, once');
    assert.equal(await memory.learn([turn('other', 'req_4', 'I live in Lisbon.')]), 1, 'another conversation keeps its own');
    assert.deepEqual((await store.memoryFacts.listFacts('org', 'c', 10)).map((fact) => fact.text).sort(), ['I am allergic to nuts', 'I live in Lisbon', 'My cat is Tom']);
  } finally {
    await store.close();
  }
});

test('the turns of a batch are extracted in one call and stored in one write; a fact said twice in the batch is stored once', async () => {
  const store = new SqliteRecordStore({ filename: ':memory:' });
  await store.migrate();
  try {
    const calls: string[][] = [];
    const memory = new FactMemory(store.memoryFacts, async (texts) => (calls.push([...texts]), texts.map((text) => (text.startsWith('Hi') ? [] : [{ text, entities: [] }]))));
    let writes = 0;
    const putFacts = store.memoryFacts.putFacts.bind(store.memoryFacts);
    store.memoryFacts.putFacts = (facts) => (writes++, putFacts(facts));
    const turn = (orgId: string, conversationId: string, requestId: string, userText: string) => ({ orgId, conversationId, requestId, userText, at: '2026-11-28T10:00:00.000Z' });
    const stored = await memory.learn([
      turn('org', 'c', 'req_1', 'I live in Lisbon'),
      turn('org', 'c', 'req_2', 'Hi there'),
      turn('org', 'c', 'req_3', 'I live in Lisbon'),
      turn('org', 'd', 'req_4', 'I live in Lisbon'),
      turn('org_b', 'c', 'req_5', 'I live in Lisbon'),
    ]);
    assert.equal(stored, 3, 'once in c, once in d, once in the other org');
    assert.deepEqual(calls, [['I live in Lisbon', 'Hi there', 'I live in Lisbon', 'I live in Lisbon', 'I live in Lisbon']]);
    assert.equal(writes, 1);
    assert.deepEqual((await store.memoryFacts.listFacts('org', 'c', 10)).map((fact) => fact.id), ['req_1:0']);
    assert.deepEqual((await store.memoryFacts.listFacts('org_b', 'c', 10)).map((fact) => fact.id), ['req_5:0']);
    assert.equal(await memory.learn([]), 0);
    assert.equal(calls.length, 1, 'no turns, no call');
  } finally {
    await store.close();
  }
});

test('a conversation past PRUNE_ABOVE facts keeps its FACTS_STORED newest; recall reads the newest as before; other conversations are untouched', async () => {
  const store = new SqliteRecordStore({ filename: ':memory:' });
  await store.migrate();
  try {
    const sentences = (text: string) => text.split('|').map((sentence) => ({ text: sentence, entities: [] }));
    const memory = new FactMemory(store.memoryFacts, async (texts) => texts.map(sentences));
    const numbered = (count: number, from: number) => Array.from({ length: count }, (_, index) => `fact number ${from + index}`).join('|');
    // One turn states PRUNE_ABOVE facts: not past it yet; the next turn's ten facts go past it.
    await memory.learn([{ orgId: 'org', conversationId: 'long', requestId: 'req_1', userText: numbered(PRUNE_ABOVE, 0), at: '2026-12-01T10:00:00.000Z' }]);
    await memory.learn([{ orgId: 'org', conversationId: 'short', requestId: 'req_s', userText: numbered(3, 0), at: '2026-12-01T10:00:00.000Z' }]);
    assert.equal((await store.memoryFacts.factsSummary('org', 'long')).total, PRUNE_ABOVE, 'at PRUNE_ABOVE nothing is pruned');
    await memory.learn([{ orgId: 'org', conversationId: 'long', requestId: 'req_2', userText: numbered(10, PRUNE_ABOVE), at: '2026-12-01T10:01:00.000Z' }]);
    const summary = await store.memoryFacts.factsSummary('org', 'long');
    assert.deepEqual(summary, { total: FACTS_STORED, newest: '2026-12-01T10:01:00.000Z' });
    const recalled = (await memory.recallable('org', 'long')).map((known) => known.text);
    assert.equal(recalled.length, 200);
    assert.ok(recalled.includes(`fact number ${PRUNE_ABOVE + 9}`), 'the newest facts are recalled');
    assert.equal((await store.memoryFacts.factsSummary('org', 'short')).total, 3, 'another conversation keeps its facts');
  } finally {
    await store.close();
  }
});

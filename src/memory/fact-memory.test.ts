import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MemoryFact } from '../core/storage-interfaces.js';
import { FactMemory } from './fact-memory.js';

const memory = new FactMemory({} as never);
const fact = (index: number, city: string): MemoryFact => ({
  id: `f${index}`,
  org_id: 'org',
  conversation_id: 'c',
  created_at: '2026-11-27T00:00:00.000Z',
  text: `My friend number ${index} lives in ${city}.`,
  entities: [{ kind: 'place', value: city.toLowerCase() }],
  embedding: '',
});
const nowhere = () => false;

test('of a long prompt, recall reads its start and its end, where the question is', () => {
  const document = 'The report covers revenue, costs and hiring plans for the coming year. '.repeat(200);
  const asked = memory.recall([fact(1, 'Lisbon'), fact(2, 'Oslo')], `${document} Oslo ${document} Which of my friends lives in Lisbon?`, nowhere);
  assert.deepEqual(asked.map((recalled) => recalled.text), ['My friend number 1 lives in Lisbon.'], 'Oslo is named only in the middle');
});

test('at most five facts are recalled, and a request that already holds the best twenty gets none', () => {
  const facts = Array.from({ length: 30 }, (_, index) => fact(index, 'Lisbon'));
  assert.equal(memory.recall(facts, 'Who lives in Lisbon?', nowhere).length, 5);
  let asked = 0;
  const held = () => (asked++, true);
  assert.deepEqual(memory.recall(facts, 'Who lives in Lisbon?', held), []);
  assert.equal(asked, 20, 'whether the request holds a fact is asked of the twenty best only');
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MemoryFact } from '../../src/core/storage-interfaces.js';
import { withStore, type MakeRecordStore } from './store-harness.js';

function fact(overrides: Partial<MemoryFact> = {}): MemoryFact {
  return {
    id: 'fact_1',
    org_id: 'org_a',
    conversation_id: 'trip',
    created_at: '2026-11-01T00:00:00.000Z',
    text: 'My sister Laura lives in Lisbon.',
    entities: [
      { kind: 'person', value: 'laura' },
      { kind: 'place', value: 'lisbon' },
    ],
    embedding: 'AAEC',
    ...overrides,
  };
}

export function describeMemoryFactStoreContract(name: string, makeStore: MakeRecordStore, options: { skip?: string } = {}): void {
  describe(`MemoryFactStore contract: ${name}`, { skip: options.skip }, () => {
    test('facts are listed per org and conversation, newest first, up to the limit; a stored id is kept', () =>
      withStore(makeStore, async ({ memoryFacts: store }) => {
        await store.putFacts([
          fact(),
          fact({ id: 'fact_2', created_at: '2026-11-02T00:00:00.000Z', text: 'I prefer trains.' }),
          fact({ id: 'fact_3', created_at: '2026-11-03T00:00:00.000Z', text: 'I work at Acme.' }),
          fact({ id: 'fact_other_org', org_id: 'org_b' }),
          fact({ id: 'fact_other_conversation', conversation_id: 'work' }),
        ]);
        assert.deepEqual(
          (await store.listFacts('org_a', 'trip', 10)).map((row) => row.id),
          ['fact_3', 'fact_2', 'fact_1'],
        );
        assert.deepEqual((await store.listFacts('org_a', 'trip', 2)).map((row) => row.text), ['I work at Acme.', 'I prefer trains.']);
        assert.deepEqual((await store.listFacts('org_a', 'trip', 10)).at(-1), fact());
        assert.deepEqual((await store.listFacts('org_b', 'trip', 10)).map((row) => row.id), ['fact_other_org']);
        await store.putFacts([fact({ text: 'changed' })]);
        assert.equal((await store.listFacts('org_a', 'trip', 10)).at(-1)?.text, fact().text);
      }));

    test('the facts stored since a time, newest first, and a conversation\'s count and newest time', () =>
      withStore(makeStore, async ({ memoryFacts: store }) => {
        assert.deepEqual(await store.factsSummary('org_a', 'trip'), { total: 0, newest: null });
        await store.putFacts([
          fact(),
          fact({ id: 'fact_2', created_at: '2026-11-02T00:00:00.000Z', text: 'I prefer trains.' }),
          fact({ id: 'fact_3', created_at: '2026-11-03T00:00:00.000Z', text: 'I work at Acme.' }),
          fact({ id: 'fact_3b', created_at: '2026-11-03T00:00:00.000Z', text: 'I am vegetarian.' }),
          fact({ id: 'fact_other_org', org_id: 'org_b', created_at: '2026-11-09T00:00:00.000Z' }),
          fact({ id: 'fact_other_conversation', conversation_id: 'work', created_at: '2026-11-09T00:00:00.000Z' }),
        ]);
        assert.deepEqual(await store.factsSummary('org_a', 'trip'), { total: 4, newest: '2026-11-03T00:00:00.000Z' });
        assert.deepEqual(
          (await store.listFactsSince('org_a', 'trip', '2026-11-02T00:00:00.000Z', 10)).map((row) => row.id),
          ['fact_3b', 'fact_3', 'fact_2'],
          'at the time itself or later, ties by id',
        );
        assert.deepEqual((await store.listFactsSince('org_a', 'trip', '2026-11-03T00:00:00.000Z', 1)).map((row) => row.id), ['fact_3b']);
        assert.deepEqual(await store.listFactsSince('org_a', 'trip', '2026-11-04T00:00:00.000Z', 10), []);
        assert.deepEqual((await store.listFactsSince('org_a', 'trip', '2026-11-01T00:00:00.000Z', 10)).at(-1), fact());
      }));

    test("pruning keeps a conversation's newest facts (ties in time by id) and touches no other conversation or org", () =>
      withStore(makeStore, async ({ memoryFacts: store }) => {
        await store.putFacts([
          fact({ id: 'fact_1', created_at: '2026-11-01T00:00:00.000Z' }),
          fact({ id: 'fact_2a', created_at: '2026-11-02T00:00:00.000Z' }),
          fact({ id: 'fact_2b', created_at: '2026-11-02T00:00:00.000Z' }),
          fact({ id: 'fact_3', created_at: '2026-11-03T00:00:00.000Z' }),
          fact({ id: 'fact_other_conversation', conversation_id: 'work', created_at: '2026-10-01T00:00:00.000Z' }),
          fact({ id: 'fact_other_org', org_id: 'org_b', created_at: '2026-10-01T00:00:00.000Z' }),
        ]);
        assert.equal(await store.pruneFacts('org_a', 'trip', 10), 0, 'nothing past the ones kept');
        assert.equal(await store.pruneFacts('org_a', 'trip', 2), 2);
        assert.deepEqual((await store.listFacts('org_a', 'trip', 10)).map((row) => row.id), ['fact_3', 'fact_2b'], 'the tie at 11-02 is split by id, as listed');
        assert.deepEqual(await store.factsSummary('org_a', 'trip'), { total: 2, newest: '2026-11-03T00:00:00.000Z' });
        assert.deepEqual((await store.listFacts('org_a', 'work', 10)).map((row) => row.id), ['fact_other_conversation']);
        assert.deepEqual((await store.listFacts('org_b', 'trip', 10)).map((row) => row.id), ['fact_other_org']);
        assert.equal(await store.pruneFacts('org_a', 'trip', 0), 2, 'keeping none deletes them all');
        assert.deepEqual(await store.factsSummary('org_a', 'trip'), { total: 0, newest: null });
      }));

    test('deleting one conversation, then a whole org, leaves other orgs alone', () =>
      withStore(makeStore, async ({ memoryFacts: store }) => {
        await store.putFacts([fact(), fact({ id: 'fact_2', conversation_id: 'work' }), fact({ id: 'fact_b', org_id: 'org_b' })]);
        assert.equal(await store.deleteFacts('org_a', 'trip'), 1);
        assert.deepEqual(await store.listFacts('org_a', 'trip', 10), []);
        assert.equal((await store.listFacts('org_a', 'work', 10)).length, 1);
        assert.equal(await store.deleteFacts('org_a'), 1);
        assert.deepEqual(await store.listFacts('org_a', 'work', 10), []);
        assert.equal((await store.listFacts('org_b', 'trip', 10)).length, 1);
      }));
  });
}

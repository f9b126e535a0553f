import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { SqliteRecordStore } from '../../src/storage/sqlite/sqlite-record-store.js';
import { openRecordStore } from '../../src/storage/open-storage.js';
import { describeRecordStoreContracts } from './record-store.contract.js';
import { describeUsageStoreContract } from './usage-store.contract.js';
import type { RecordStore } from '../../src/core/storage-interfaces.js';

describeRecordStoreContracts('sqlite', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'svc-sqlite-'));
  // A folder that does not exist yet: the store must create it.
  const store = new SqliteRecordStore({ dataDir: join(directory, 'data') });
  await store.migrate();
  return {
    store,
    cleanup: async () => {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

// An in-memory database cannot be shared with the ledger's writer thread: its batches are written in-thread.
describeRecordStoreContracts('sqlite in memory', async () => {
  const store = new SqliteRecordStore({ filename: ':memory:' });
  await store.migrate();
  return { store, cleanup: () => store.close() };
});

/**
 * The ledger hands SQLite's store its journal's lines (insertJournaledUsage), and the rows are made from them on the
 * writer thread: the usage contract (audit details included) again, with every insertUsage sent as journal lines.
 */
function sendingJournalLines(store: RecordStore): RecordStore {
  const usage = store.usage;
  assert.ok(usage.insertJournaledUsage, "SQLite's usage store takes journal lines");
  usage.insertUsage = (records) => usage.insertJournaledUsage!(Buffer.from(records.map((record) => `${JSON.stringify(record)}\n`).join('')));
  return store;
}

describeUsageStoreContract('sqlite, rows made from journal lines on the writer thread', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'svc-sqlite-'));
  const store = new SqliteRecordStore({ dataDir: directory });
  await store.migrate();
  return {
    store: sendingJournalLines(store),
    cleanup: async () => {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

describeUsageStoreContract('sqlite in memory, rows made from journal lines', async () => {
  const store = new SqliteRecordStore({ filename: ':memory:' });
  await store.migrate();
  return { store: sendingJournalLines(store), cleanup: () => store.close() };
});

test('openRecordStore without databaseUrl opens <dataDir>/svc.sqlite in WAL mode and keeps data across reopen', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'svc-sqlite-'));
  try {
    const first = await openRecordStore({ dataDir: directory });
    assert.equal(first.kind, 'sqlite');
    await first.tenants.createOrg({ id: 'org_a', name: 'A', created_at: '2024-01-01T00:00:00.000Z' });
    await first.close();
    // WAL mode is recorded in the file itself.
    const inspector = new Database(join(directory, 'svc.sqlite'), { readonly: true });
    try {
      assert.equal(inspector.pragma('journal_mode', { simple: true }), 'wal');
    } finally {
      inspector.close();
    }

    const second = await openRecordStore({ dataDir: directory });
    try {
      assert.equal((await second.tenants.getOrg('org_a'))?.name, 'A');
    } finally {
      await second.close();
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});

test("stored responses and memory facts are written, expired and forgotten off the event loop: another connection's write lock does not stall it", async () => {
  const directory = await mkdtemp(join(tmpdir(), 'svc-sqlite-'));
  const store = new SqliteRecordStore({ dataDir: directory });
  await store.migrate();
  const response = (id: string, expiresAt = '2026-12-01T00:00:00.000Z') => ({ id, org_id: 'org_a', created_at: '2026-11-01T00:00:00.000Z', expires_at: expiresAt, response: `{"id":"${id}"}`, conversation: '[]' });
  const locker = new Database(join(directory, 'svc.sqlite'));
  /** Runs `write` while another connection holds SQLite's write lock for a 20 ms timer: how late the timer fired. */
  const timerLatenessDuring = async (write: () => Promise<unknown>) => {
    locker.exec('BEGIN IMMEDIATE');
    const writing = write();
    const timerSetAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lateMs = performance.now() - timerSetAt - 20;
    locker.exec('COMMIT');
    return { lateMs, result: await writing };
  };
  try {
    await store.responses.putResponses([response('resp_first')]);
    // Another process (a gateway worker, the admin CLI) holds SQLite's write lock; svc's writer must wait for it, the
    // event loop must not. A write on the event loop slept in better-sqlite3's busy handler (up to 5 s) before any timer ran.
    const put = await timerLatenessDuring(() => store.responses.putResponses([response('resp_second')]));
    assert.ok(put.lateMs < 1000, `a 20 ms timer fired ${put.lateMs.toFixed(0)} ms late while the insert waited for the lock`);
    assert.equal((await store.responses.getResponse('org_a', 'resp_second', '2026-11-15T00:00:00.000Z'))?.response, '{"id":"resp_second"}');

    // The hourly expiry deletes in chunks of 1,000 on the writer thread: 2,500 expired ones all go, the live ones stay.
    const expired = Array.from({ length: 2500 }, (_, index) => response(`resp_old_${index}`, '2026-11-02T00:00:00.000Z'));
    for (let from = 0; from < expired.length; from += 500) await store.responses.putResponses(expired.slice(from, from + 500));
    const expiry = await timerLatenessDuring(() => store.responses.deleteExpiredResponses('2026-11-15T00:00:00.000Z'));
    assert.ok(expiry.lateMs < 1000, `a 20 ms timer fired ${expiry.lateMs.toFixed(0)} ms late while the expiry waited for the lock`);
    assert.equal(expiry.result, 2500);
    assert.equal(await store.responses.getResponse('org_a', 'resp_old_0', '2026-11-01T12:00:00.000Z'), undefined, 'an expired response is gone');
    assert.ok(await store.responses.getResponse('org_a', 'resp_first', '2026-11-15T00:00:00.000Z'), 'a live response stays');
    assert.equal(await store.responses.deleteExpiredResponses('2026-11-15T00:00:00.000Z'), 0);

    // An org's memory forgotten (right to be forgotten) goes in chunks of 1,000 too; another org's stays.
    const fact = (id: string, orgId: string) => ({ id, org_id: orgId, conversation_id: 'trip', created_at: '2026-11-01T00:00:00.000Z', text: 'I live in Lisbon.', entities: [{ kind: 'place' as const, value: 'lisbon' }], embedding: 'AAAA' });
    const facts = Array.from({ length: 2500 }, (_, index) => fact(`fact_${index}`, 'org_a'));
    for (let from = 0; from < facts.length; from += 500) await store.memoryFacts.putFacts(facts.slice(from, from + 500));
    await store.memoryFacts.putFacts([fact('fact_b', 'org_b')]);
    const forgetting = await timerLatenessDuring(() => store.memoryFacts.deleteFacts('org_a'));
    assert.ok(forgetting.lateMs < 1000, `a 20 ms timer fired ${forgetting.lateMs.toFixed(0)} ms late while forgetting waited for the lock`);
    assert.equal(forgetting.result, 2500);
    assert.deepEqual(await store.memoryFacts.factsSummary('org_a', 'trip'), { total: 0, newest: null });
    assert.equal((await store.memoryFacts.factsSummary('org_b', 'trip')).total, 1);
  } finally {
    if (locker.inTransaction) locker.exec('ROLLBACK');
    locker.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { waitFor } from '../../test/support/helpers.js';
import { fakeStorage, journaledStorage, record } from '../../test/support/fake-ledger-storage.js';
import { segmentFiles, writeDeadJournal } from '../../test/support/journal-files.js';
import { SetAsideLines } from './journal-set-aside.js';
import { UsageJournal } from './usage-journal.js';
import { UsageLedger } from './usage-ledger.js';

/**
 * A database down for longer than the ledger's queue holds: the records the full queue has no room for wait in the
 * journal only, and reach the database once it is back — read back from the journal, without a restart, each once.
 */

const silent = pino({ level: 'silent' });
const small = { flushIntervalMs: 20, maxBatch: 5, maxQueue: 10 };
const ids = (count: number, from = 0) => Array.from({ length: count }, (_, index) => `req_${from + index}`);

/** A logger that keeps what it logs at `level` and above. */
function capturingLogger(level: 'warn' | 'error') {
  const logged: Array<{ msg: string; lost?: number }> = [];
  return { logger: pino({ level }, { write: (line: string) => logged.push(JSON.parse(line)) }), logged };
}

/** An audited prompt longer than the journal reader's buffer (256 KB). */
const LONG_PROMPT = 'x'.repeat(300_000);

/** `count` records with LONG_PROMPT audited, as journal lines. */
const longLines = (count: number) => ids(count).map((_, index) => JSON.stringify(record(index, { audit: { served_model: null, routing_decision: null, prompt: LONG_PROMPT } })));

async function withDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-set-aside-'));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}


for (const [store, make] of [
  ['a store that takes records (PostgreSQL)', fakeStorage],
  ["a store that takes the journal's lines (SQLite)", journaledStorage],
] as const) {
  test(`${store}: records past a full queue wait in the journal and are all written once the database is back, each once`, async () => {
    await withDir(async (dir) => {
      const { storage, written, state } = make({ down: true });
      const ledger = new UsageLedger(storage, small, silent, new UsageJournal(dir));
      for (let index = 0; index < 45; index++) ledger.record(record(index));
      assert.equal(ledger.pending, 10, 'the queue holds its bound');
      assert.equal(ledger.setAside, 35, 'the rest wait in the journal');
      state.down = false;
      assert.ok(await waitFor(() => written.length >= 45, 5000, 10), 'every record in the database');
      assert.deepEqual(
        written.map((row) => row.request_id).sort(),
        ids(45).sort(),
        'every record once: none lost, none twice',
      );
      assert.equal(ledger.setAside, 0);
      await ledger.close();
      assert.deepEqual(await readdir(dir), [], 'the segment is deleted once all its records are written');
    });
  });
}

test('flush() writes the set-aside records too: a monthly counter seeded from the database right after counts them', async () => {
  await withDir(async (dir) => {
    const { storage, written, state } = fakeStorage({ down: true });
    const ledger = new UsageLedger(storage, { ...small, flushIntervalMs: 60_000 }, silent, new UsageJournal(dir));
    for (let index = 0; index < 30; index++) ledger.record(record(index));
    state.down = false;
    await ledger.flush();
    assert.equal(written.length, 30, 'every record in the database when flush() resolves');
    assert.equal(ledger.setAside, 0);
    await ledger.close();
  });
});

test("an admin read's flush waits for the journal's backlog a bounded time: a catch-up of minutes is not waited for", async () => {
  await withDir(async (dir) => {
    const { storage, written, state } = fakeStorage({ down: true });
    const insert = storage.usage.insertUsage.bind(storage.usage);
    // A slow database: 40 ms a batch of 5.
    storage.usage.insertUsage = async (batch) => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return insert(batch);
    };
    const ledger = new UsageLedger(storage, { ...small, flushIntervalMs: 60_000 }, silent, new UsageJournal(dir));
    for (let index = 0; index < 60; index++) ledger.record(record(index));
    state.down = false;
    const startedAt = performance.now();
    await ledger.flushForRead(100);
    const waitedMs = performance.now() - startedAt;
    assert.ok(written.length < 60 && ledger.setAside > 0, `${written.length} written, ${ledger.setAside} still in the journal`);
    assert.ok(waitedMs < 600, `waited ${waitedMs.toFixed(0)} ms (the whole backlog takes ~500)`);
    await ledger.flush();
    assert.equal(written.length, 60, 'without a bound, flush() writes it all');
    await ledger.close();
  });
});

test('records keep coming while the set-aside ones are read back: the queue stays within its bound, and all arrive', async () => {
  await withDir(async (dir) => {
    const { storage, written, state } = fakeStorage({ down: true });
    const ledger = new UsageLedger(storage, small, silent, new UsageJournal(dir));
    let next = 0;
    for (; next < 30; next++) ledger.record(record(next));
    state.down = false;
    let deepest = 0;
    while (next < 90) {
      for (let turn = 0; turn < 3; turn++) ledger.record(record(next++));
      deepest = Math.max(deepest, ledger.pending);
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.ok(await waitFor(() => written.length >= 90, 5000, 10), 'every record in the database');
    assert.ok(deepest <= 10, `queue depth ${deepest} within its bound of 10`);
    assert.deepEqual(written.map((row) => row.request_id).sort(), ids(90).sort());
    await ledger.close();
  });
});

test('a stop during the outage leaves the set-aside records in the journal, and the next start writes them', async () => {
  await withDir(async (dir) => {
    const down = fakeStorage({ down: true });
    const first = new UsageLedger(down.storage, small, silent, new UsageJournal(dir));
    for (let index = 0; index < 25; index++) first.record(record(index));
    await first.close(Date.now() + 200);
    assert.equal(down.written.length, 0);

    const { storage, written } = fakeStorage();
    const journal = new UsageJournal(dir);
    const second = new UsageLedger(storage, small, silent, journal);
    assert.equal(second.replayOrphans(), 1);
    assert.ok(await waitFor(() => written.length >= 25, 5000, 10), "the first process's records written by the second");
    assert.deepEqual(written.map((row) => row.request_id).sort(), ids(25).sort());
    await second.close();
    assert.deepEqual(await readdir(dir), []);
  });
});

test("a crashed process's journal larger than the queue is read back a chunk at a time: all written, the queue within its bound, the cut line skipped unreported", async () => {
  await withDir(async (dir) => {
    // What a process that died (pid 999999 is not running) left behind: 45 records and the one its crash cut short.
    const lines = ids(45).map((_, index) => JSON.stringify(record(index)));
    await writeDeadJournal(dir, lines, { tail: '{"request_id":"req_45","org' });
    const { logger, logged } = capturingLogger('warn');
    const { storage, written } = fakeStorage();
    const ledger = new UsageLedger(storage, small, logger, new UsageJournal(dir));
    let deepest = 0;
    const watch = setInterval(() => (deepest = Math.max(deepest, ledger.pending)), 1);
    try {
      assert.equal(ledger.replayOrphans(), 1);
      assert.ok(await waitFor(() => written.length >= 45, 5000, 10), 'every record of the claimed journal in the database');
    } finally {
      clearInterval(watch);
    }
    assert.deepEqual(written.map((row) => row.request_id).sort(), ids(45).sort());
    assert.ok(deepest <= 10, `queue depth ${deepest} within its bound`);
    assert.deepEqual(
      logged.map((entry) => entry.msg),
      ['usage journal: replaying the records of a process that stopped before writing them'],
      'the replay is logged; the cut line is no loss to report',
    );
    await ledger.close();
    assert.deepEqual((await segmentFiles(dir)), [], 'the claimed journal is deleted once written');
  });
});

test('a claimed journal of long lines is read back a buffer at a time, past lines longer than the buffer', async () => {
  await withDir(async (dir) => {
    // 40 records of ~300 KB (12 MB in all): each longer than the reader's buffer, together more than a chunk's bytes.
    const lines = longLines(40);
    await writeDeadJournal(dir, lines);
    const { storage, written } = journaledStorage();
    const ledger = new UsageLedger(storage, { ...small, maxQueue: 100 }, silent, new UsageJournal(dir));
    assert.equal(ledger.replayOrphans(), 1);
    assert.ok(await waitFor(() => written.length >= 40, 10_000, 10), 'every record of the claimed journal in the database');
    assert.deepEqual(written.map((row) => row.request_id), ids(40), 'in order, each once');
    assert.ok(written.every((row) => row.audit?.prompt === LONG_PROMPT), 'each line read whole');
    await ledger.close();
    assert.deepEqual((await segmentFiles(dir)), []);
  });
});

test('a chunk read back holds about 8 MB at most, however many records would fit the queue', async () => {
  await withDir(async (dir) => {
    const lines = longLines(40);
    await writeDeadJournal(dir, lines);
    const journal = new UsageJournal(dir);
    assert.equal(journal.claimOrphans(), 1);
    const first = await journal.takeSetAside(1_000, true);
    assert.ok(first.entries.length >= 20 && first.entries.length <= 30, `${first.entries.length} records of ~300 KB in the first chunk`);
    const second = await journal.takeSetAside(1_000, true);
    assert.equal(first.entries.length + second.entries.length, 40, 'the rest in the next');
    assert.deepEqual([...first.entries, ...second.entries].map((entry) => JSON.parse(entry.line!).request_id), ids(40));
    journal.close();
  });
});

test('a record read back and set aside again (the queue filled meanwhile) is read again from its own line', async () => {
  await withDir(async (dir) => {
    const journal = new UsageJournal(dir);
    const appended = ids(10).map((_, index) => journal.append(record(index), true));
    for (const entry of appended) journal.setAside(entry);
    const first = await journal.takeSetAside(5, false);
    assert.deepEqual(first.entries.map((entry) => entry.record!.request_id), ids(5));
    journal.setAside(first.entries[2]);
    const second = await journal.takeSetAside(10, false);
    assert.deepEqual(
      second.entries.map((entry) => [entry.index, entry.record!.request_id]),
      [[2, 'req_2'], [5, 'req_5'], [6, 'req_6'], [7, 'req_7'], [8, 'req_8'], [9, 'req_9']],
    );
    journal.close();
  });
});

test('a segment file that cannot be opened for a while (not gone) loses nothing: its records are read back once it can', async () => {
  await withDir(async (dir) => {
    const { rename, symlink, unlink } = await import('node:fs/promises');
    const lines = ids(3).map((_, index) => JSON.stringify(record(index)));
    await writeDeadJournal(dir, lines);
    const { storage, written } = fakeStorage();
    const journal = new UsageJournal(dir);
    const ledger = new UsageLedger(storage, small, silent, journal);
    assert.equal(journal.claimOrphans(), 1);
    const [claimed] = (await segmentFiles(dir));
    // The claimed file cannot be opened (ELOOP here; EMFILE or EACCES in the field) while the ledger reads back.
    await rename(join(dir, claimed), join(dir, 'aside'));
    await symlink(join(dir, claimed), join(dir, claimed));
    await ledger.flush();
    assert.equal(written.length, 0);
    await unlink(join(dir, claimed));
    await rename(join(dir, 'aside'), join(dir, claimed));
    await ledger.flush();
    assert.deepEqual(written.map((row) => row.request_id), ids(3), 'read back once the file opens');
    await ledger.close();
    assert.deepEqual((await segmentFiles(dir)), []);
  });
});

test('the records read back before a file fails to open are handed over with the failure, not thrown away', async () => {
  await withDir(async (dir) => {
    const { rename, symlink, unlink } = await import('node:fs/promises');
    await writeDeadJournal(dir, [record(0), record(1)].map((one) => JSON.stringify(one)), { pid: 999998 });
    await writeDeadJournal(dir, [record(2), record(3)].map((one) => JSON.stringify(one)));
    const journal = new UsageJournal(dir);
    assert.equal(journal.claimOrphans(), 2);
    // Whichever of the two is read second (the later claimed) cannot be opened.
    const names = await segmentFiles(dir);
    const second = names[1];
    await rename(join(dir, second), join(dir, 'aside'));
    await symlink(join(dir, second), join(dir, second));
    const first = await journal.takeSetAside(100, false);
    assert.ok(first.failure, 'the failure is reported');
    assert.equal(first.entries.length, 2, "the first file's records are handed over");
    await unlink(join(dir, second));
    await rename(join(dir, 'aside'), join(dir, second));
    const rest = await journal.takeSetAside(100, false);
    assert.equal(rest.failure, undefined);
    assert.deepEqual([...first.entries, ...rest.entries].map((entry) => entry.record!.request_id).sort(), ids(4), 'each record once');
    journal.close();
  });
});

test('set-aside records whose lines a failed write left out are counted lost and logged; the others are written and the segment goes', async () => {
  await withDir(async (dir) => {
    const { logger, logged } = capturingLogger('error');
    const { storage, written, state } = fakeStorage({ down: true });
    const journal = new UsageJournal(dir);
    const ledger = new UsageLedger(storage, small, logger, journal);
    for (let index = 0; index < 20; index++) ledger.record(record(index));
    journal.writeNow();
    // The disk filled half-way through the last lines: the file ends after the 15th record, in the middle of the 16th.
    const [file] = (await segmentFiles(dir));
    const lines = (await readFile(join(dir, file), 'utf8')).split('\n');
    await writeFile(join(dir, file), `${lines.slice(0, 15).join('\n')}\n${lines[15].slice(0, 30)}`);
    journal.close(); // sealed: the file holds all it ever will
    state.down = false;
    assert.ok(await waitFor(() => ledger.setAside === 0 && ledger.pending === 0, 5000, 10), 'the set-aside records read back');
    assert.deepEqual(written.map((row) => row.request_id).sort(), ids(15).sort());
    assert.ok(
      logged.some((entry) => entry.lost === 5),
      'the five records the file lacks are reported',
    );
    await ledger.close();
    assert.deepEqual((await segmentFiles(dir)), []);
  });
});

test('set-aside line numbers are kept as ranges, taken in order; a claimed journal is set aside open-ended until its end is read', () => {
  const lines = new SetAsideLines();
  for (const line of [3, 4, 5, 9, 10, 1]) lines.add(line);
  assert.equal(lines.size, 6);
  assert.deepEqual([lines.takeFirst(), lines.takeFirst(), lines.takeFirst()], [1, 3, 4]);
  assert.equal(lines.first, 5);
  assert.equal(lines.endAt(10), 1, 'line 10 is past the end of the file');
  assert.deepEqual([lines.takeFirst(), lines.takeFirst()], [5, 9]);
  assert.ok(lines.isEmpty);
  assert.equal(lines.first, Infinity);

  const claimed = new SetAsideLines();
  claimed.addFrom(0);
  assert.equal(claimed.size, 0, 'not counted before its file is read');
  assert.deepEqual([claimed.takeFirst(), claimed.takeFirst()], [0, 1]);
  assert.equal(claimed.endAt(4), 0);
  assert.equal(claimed.size, 2, 'lines 2 and 3, now that the file is known to end at 4');
});

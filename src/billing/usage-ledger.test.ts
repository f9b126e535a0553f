import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { waitFor } from '../../test/support/helpers.js';
import { fakeStorage, journaledStorage, record } from '../../test/support/fake-ledger-storage.js';
import { segmentFiles, writeDeadJournal } from '../../test/support/journal-files.js';
import { UsageJournal } from './usage-journal.js';
import { UsageLedger } from './usage-ledger.js';

const silent = pino({ level: 'silent' });

const options = { flushIntervalMs: 60_000, maxBatch: 500, maxQueue: 100 };

test('records are written in batches of at most max_batch, and nothing while the caller waits', async () => {
  const { storage, batches } = fakeStorage();
  const ledger = new UsageLedger(storage, { ...options, maxBatch: 3 }, silent);
  for (let index = 0; index < 7; index++) ledger.record(record(index));
  assert.ok(batches.length < 3, 'the last, partial batch waits for a flush');
  await ledger.close();
  assert.deepEqual(batches, [3, 3, 1]);
});

test('a row the database refuses goes to the dead letters, and every other row of its batch is written', async () => {
  const { storage, written, deadLetters } = fakeStorage();
  const ledger = new UsageLedger(storage, options, silent);
  ledger.record(record(1));
  ledger.record(record(2, { model: 'bad' }));
  ledger.record(record(3));
  await ledger.flush();
  assert.deepEqual(written.map((row) => row.request_id), ['req_1', 'req_3']);
  assert.deepEqual(deadLetters, [{ id: 'req_2', error: 'invalid input syntax for type bigint' }]);
  ledger.record(record(4));
  await ledger.close();
  assert.deepEqual(written.map((row) => row.request_id), ['req_1', 'req_3', 'req_4'], 'the ledger keeps going');
});

test('while the database is unreachable, batches wait (no dead letters) and are written once it is back', async () => {
  const { storage, written, deadLetters, state } = fakeStorage({ down: true });
  const ledger = new UsageLedger(storage, options, silent);
  ledger.record(record(1));
  await ledger.flush();
  assert.equal(ledger.pending, 1);
  assert.deepEqual(deadLetters, []);
  state.down = false;
  await ledger.close();
  assert.deepEqual(written.map((row) => row.request_id), ['req_1']);
});

test('the journal holds each record from the end of the turn it is recorded in until the database has it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-journal-'));
  try {
    const { storage, state } = fakeStorage({ down: true });
    const journal = new UsageJournal(dir);
    const ledger = new UsageLedger(storage, options, silent, journal);
    ledger.record(record(1));
    ledger.record(record(2));
    const [file] = await readdir(dir);
    const lines = (await readFile(join(dir, file), 'utf8')).trim().split('\n');
    assert.deepEqual(lines.map((line) => JSON.parse(line).request_id), ['req_1', 'req_2'], 'on disk before any database write');
    state.down = false;
    await ledger.close();
    assert.deepEqual(await readdir(dir), [], 'a segment whose records are all written is deleted');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('an answer waits for its record in the journal: written at once when it is alone in its turn, grouped with the others of the turn under load', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-journal-'));
  try {
    const { storage } = fakeStorage({ down: true });
    const journal = new UsageJournal(dir);
    const ledger = new UsageLedger(storage, options, silent, journal);
    const segmentLines = (): string[] => {
      const segment = readdirSync(dir).find((name) => name.endsWith('.ndjson'));
      return segment ? readFileSync(join(dir, segment), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line).request_id) : [];
    };
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    assert.equal(ledger.whenJournaled(), undefined, 'nothing to wait for before any record');

    // A quiet turn: the first answer to wait is written at once, nothing left to wait for.
    ledger.record(record(1));
    assert.equal(ledger.whenJournaled(), undefined, 'written at once');
    assert.deepEqual(segmentLines(), ['req_1']);
    // A second answer in the same turn joins the group written at the turn's end.
    ledger.record(record(2));
    ledger.record(record(3));
    const group = ledger.whenJournaled();
    assert.ok(group, 'the turn\'s later answers have a group to wait for');
    assert.equal(ledger.whenJournaled(), group, 'one group for the rest of the turn');
    assert.deepEqual(segmentLines(), ['req_1'], 'not yet written in the turn that recorded them');
    await group;
    assert.deepEqual(segmentLines(), ['req_1', 'req_2', 'req_3'], 'written once the group is');

    // That turn had three answers waiting: the next turn groups from its first answer on.
    await nextTurn();
    ledger.record(record(4));
    const busyGroup = ledger.whenJournaled();
    assert.ok(busyGroup, 'under load the first answer of a turn waits for the group too');
    ledger.record(record(5));
    assert.equal(ledger.whenJournaled(), busyGroup);
    await busyGroup;
    assert.deepEqual(segmentLines(), ['req_1', 'req_2', 'req_3', 'req_4', 'req_5']);

    // A turn with one answer waiting (it still groups: the turn before had two), and the next is quiet again.
    await nextTurn();
    ledger.record(record(6));
    const lastGroup = ledger.whenJournaled();
    assert.ok(lastGroup);
    await lastGroup;
    await nextTurn();
    ledger.record(record(7));
    assert.equal(ledger.whenJournaled(), undefined, 'quiet again: written at once');
    assert.deepEqual(segmentLines().at(-1), 'req_7');

    ledger.record(record(8));
    ledger.journalNow();
    assert.deepEqual(segmentLines().at(-1), 'req_8', 'written at once when asked (a cut stream, a failure)');
    assert.equal(ledger.whenJournaled(), undefined);
    await ledger.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a journal write that fails (a full disk) is reported, answers do not wait on it, and the records still reach the database', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-journal-'));
  try {
    const { storage, written } = fakeStorage();
    const failures: Array<{ code: string; records: number }> = [];
    const journal = new UsageJournal(dir, (error, records) => failures.push({ code: (error as NodeJS.ErrnoException).code ?? '', records }));
    const ledger = new UsageLedger(storage, options, silent, journal);
    ledger.record(record(1));
    // The segment's file descriptor now points at /dev/full: every write() fails with ENOSPC, as on a full disk.
    const segment = (journal as unknown as { current: { fd: number } }).current;
    closeSync(segment.fd);
    segment.fd = openSync('/dev/full', 'w');
    ledger.record(record(2));
    await ledger.whenJournaled();
    assert.deepEqual(failures, [{ code: 'ENOSPC', records: 2 }]);
    // The next lines go to a new file: in the failed one they could continue a line the failed write cut short.
    ledger.record(record(3));
    ledger.journalNow();
    assert.equal(failures.length, 1, 'the new file takes the next write');
    const lastFile = (await segmentFiles(dir)).pop()!;
    assert.deepEqual((await readFile(join(dir, lastFile), 'utf8')).trim().split('\n').map((line) => JSON.parse(line).request_id), ['req_3']);
    await ledger.close();
    assert.deepEqual(written.map((row) => row.request_id), ['req_1', 'req_2', 'req_3']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a store that takes the journal's lines gets each record's line as the journal wrote it, not a second serialization", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-journal-'));
  try {
    const { storage, sent, written } = journaledStorage();
    const journal = new UsageJournal(dir);
    const ledger = new UsageLedger(storage, options, silent, journal);
    const records = [record(1, { cost_usd: 0.00000225, audit: { served_model: 'openai/gpt-4o-mini', routing_decision: 'lane=smart' } }), record(2)];
    for (const one of records) ledger.record(one);
    journal.writeNow();
    const [file] = await readdir(dir);
    const onDisk = (await readFile(join(dir, file), 'utf8')).trim().split('\n');
    await ledger.close();
    assert.deepEqual(sent, [onDisk], 'one batch: the lines of the journal file, in order');
    assert.deepEqual(written, records, 'the records read back from the lines are the records');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('lines already written to the journal and lines of the turn still open go to the store in one batch, byte for byte, whatever their script', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-journal-'));
  try {
    const { storage, sent, written, deadLetters } = journaledStorage();
    const journal = new UsageJournal(dir);
    const ledger = new UsageLedger(storage, options, silent, journal);
    const records = [
      record(1, { requested_model: 'modèle-é', audit: { served_model: 'openai/gpt-4o-mini', routing_decision: 'tâche : traduction → 日本語 🚀' } }),
      record(2, { model: 'bad', audit: { served_model: null, routing_decision: 'Übersetzung' } }),
      record(3),
    ];
    ledger.record(records[0]);
    ledger.record(records[1]);
    journal.writeNow();
    ledger.record(records[2]); // its group is not written yet when the batch goes
    await ledger.flush();
    journal.writeNow();
    const [file] = await readdir(dir);
    const onDisk = (await readFile(join(dir, file), 'utf8')).trim().split('\n');
    assert.deepEqual(sent, [onDisk], 'one batch: the lines of the journal file, in order');
    assert.deepEqual(
      written.map((row) => row.request_id),
      ['req_1', 'req_3'],
      'the refused batch was written row by row, its records read back from the written bytes',
    );
    assert.deepEqual(written[0], records[0]);
    assert.deepEqual(deadLetters.map((row) => row.id), ['req_2']);
    await ledger.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a batch of journal lines the database refuses is written row by row from the records; a replayed journal's lines are sent as read", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-journal-'));
  try {
    const replayedLine = JSON.stringify(record(7));
    await writeDeadJournal(dir, [replayedLine]);
    const { storage, sent, written, deadLetters } = journaledStorage();
    const journal = new UsageJournal(dir);
    const ledger = new UsageLedger(storage, options, silent, journal);
    assert.equal(ledger.replayOrphans(), 1);
    assert.ok(await waitFor(() => ledger.pending === 1, 5000, 10), 'the replayed record read back');
    ledger.record(record(1));
    ledger.record(record(2, { model: 'bad' }));
    await ledger.close();
    assert.equal(sent[0][0], replayedLine, 'the replayed line as it was on disk');
    assert.deepEqual(written.map((row) => row.request_id), ['req_7', 'req_1'], 'the refused batch was written row by row');
    assert.deepEqual(deadLetters.map((row) => row.id), ['req_2']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a crashed process's journal is replayed by the next one; a line cut in half is skipped", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-journal-'));
  try {
    // What a process that died (pid 999999 is not running) left behind.
    await writeDeadJournal(dir, [JSON.stringify(record(1)), JSON.stringify(record(2))], { tail: '{"request_id":"req_3","org' });
    const { storage, written } = fakeStorage();
    const journal = new UsageJournal(dir);
    const ledger = new UsageLedger(storage, options, silent, journal);
    assert.equal(ledger.replayOrphans(), 1, 'one segment claimed');
    await ledger.close();
    assert.deepEqual(written.map((row) => row.request_id), ['req_1', 'req_2']);
    assert.deepEqual(await readdir(dir), [], 'the replayed journal is deleted once written');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a running process's journal is left alone; this pid's journal from an earlier start (a container restart) is replayed", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-journal-'));
  try {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, `${process.ppid}-1700000000000-ab12cd34-0.ndjson`), `${JSON.stringify(record(1))}\n`);
    await writeFile(join(dir, `${process.pid}-1600000000000-ab12cd34-0.ndjson`), `${JSON.stringify(record(2))}\n`);
    assert.equal(new UsageJournal(dir).claimOrphans(), 1);
    const names = await readdir(dir);
    assert.ok(names.includes(`${process.ppid}-1700000000000-ab12cd34-0.ndjson`), 'the running process\'s journal is left alone');
    assert.ok(!names.includes(`${process.pid}-1600000000000-ab12cd34-0.ndjson`), 'the earlier start\'s is claimed');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a journal open in this process (another gateway of the same process) is never replayed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-journal-'));
  try {
    const first = new UsageJournal(dir);
    first.append(record(1));
    assert.equal(new UsageJournal(dir).claimOrphans(), 0, 'the first journal is live');
    first.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('containers sharing a data dir, both pid 1: a journal of another host is left alone while its heartbeat is fresh, replayed once stale, and claimed by one replayer only', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-journal-'));
  try {
    const { writeFile, utimes } = await import('node:fs/promises');
    // Another container's live journal (pid 1 there too), and another container's dead one.
    await writeFile(join(dir, 'deadbeef-1-1700000000000-aa11bb22-0.ndjson'), `${JSON.stringify(record(1))}\n`);
    await writeFile(join(dir, 'deadbeef-1-1700000000000-aa11bb22-alive'), '');
    await writeFile(join(dir, 'cafebabe-1-1700000000000-cc33dd44-0.ndjson'), `${JSON.stringify(record(2))}\n`);
    await writeFile(join(dir, 'cafebabe-1-1700000000000-cc33dd44-alive'), '');
    const longAgo = new Date(Date.now() - 120_000);
    await utimes(join(dir, 'cafebabe-1-1700000000000-cc33dd44-alive'), longAgo, longAgo);

    const first = new UsageJournal(dir);
    const second = new UsageJournal(dir);
    assert.equal(first.claimOrphans(), 1, 'only the stale journal is replayed');
    assert.equal(second.claimOrphans(), 0, 'and only once');
    const names = await readdir(dir);
    const claimed = names.filter((name) => name.endsWith('.ndjson') && name !== 'deadbeef-1-1700000000000-aa11bb22-0.ndjson');
    assert.equal(claimed.length, 1);
    assert.equal(JSON.parse(readFileSync(join(dir, claimed[0]), 'utf8')).request_id, 'req_2', 'the stale journal, renamed to one of the first replayer\'s segments');
    assert.ok(names.includes('deadbeef-1-1700000000000-aa11bb22-0.ndjson'), 'the live journal of the other container is untouched');
    assert.ok(!names.includes('cafebabe-1-1700000000000-cc33dd44-alive'), 'the dead heartbeat is cleaned up');
    first.close();
    second.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a running instance replays another container's journal once its heartbeat goes stale, without a restart", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-journal-'));
  try {
    const { writeFile, utimes } = await import('node:fs/promises');
    const { storage, written } = fakeStorage();
    const journal = new UsageJournal(dir);
    const ledger = new UsageLedger(storage, { ...options, flushIntervalMs: 20, orphanSweepMs: 30 }, silent, journal);
    // Another container dies after start-up: its heartbeat stops.
    await writeFile(join(dir, 'feedface-1-1700000000000-ee55ff66-0.ndjson'), `${JSON.stringify(record(7))}\n`);
    const beat = join(dir, 'feedface-1-1700000000000-ee55ff66-alive');
    await writeFile(beat, '');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(written.length, 0, 'left alone while its heartbeat is fresh');
    const longAgo = new Date(Date.now() - 120_000);
    await utimes(beat, longAgo, longAgo);
    const deadline = Date.now() + 2000;
    while (written.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(written.map((row) => row.request_id), ['req_7']);
    await ledger.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

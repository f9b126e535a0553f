import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { SqliteWriterThread, WRITER_NICE_INCREMENT } from './sqlite-writer-thread.js';

/** The nice value of a thread of this process (field 19 of /proc/self/task/TID/stat, counted after the command's parenthesis). */
function niceOf(threadId: string | number): number {
  const stat = readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

const niceOfProcess = () => (process.platform === 'linux' ? niceOf(process.pid) : 0);

/** A writer thread on a new database file that `schema` (SQL) sets up; closed, and the file removed, after `use`. */
async function withWriter(schema: string, statements: Record<string, string>, use: (writer: SqliteWriterThread, filename: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-writer-'));
  const filename = join(dir, 'rows.sqlite');
  const setup = new Database(filename);
  setup.exec(schema);
  setup.close();
  const writer = new SqliteWriterThread(filename, statements, 1000);
  try {
    await use(writer, filename);
  } finally {
    await writer.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rowsOf = (filename: string, sql: string): unknown[] => {
  const reader = new Database(filename, { readonly: true });
  try {
    return reader.prepare(sql).all();
  } finally {
    reader.close();
  }
};

const countTo = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT count(*) AS n FROM c';

test('the writer thread writes its batches at a lower priority than the event loop (Linux)', { skip: process.platform !== 'linux' || niceOfProcess() === 19 }, async () => {
  // Read before the thread exists: its priority is set from within it, and must not reach the event loop's.
  const eventLoop = niceOfProcess();
  await withWriter('CREATE TABLE t (n INTEGER, label TEXT)', { t: 'INSERT INTO t VALUES (?, ?)' }, async (writer, filename) => {
    await writer.run('t', [[1, 'one'], [2, 'two']]);
    assert.deepEqual(rowsOf(filename, 'SELECT n, label FROM t ORDER BY n'), [{ n: 1, label: 'one' }, { n: 2, label: 'two' }]);
    // Each file's tests run in a process of their own: this writer is the process's only one.
    const expected = Math.min(19, eventLoop + WRITER_NICE_INCREMENT);
    const nice = readdirSync('/proc/self/task').map(niceOf);
    assert.equal(nice.filter((value) => value === expected).length, 1, `one thread at nice ${expected}: ${nice.join(' ')}`);
    assert.equal(niceOfProcess(), eventLoop, 'the event loop keeps its priority');
  });
});

test('a read on the writer thread sees every batch sent before it, and a long one leaves the event loop free', async () => {
  await withWriter('PRAGMA journal_mode = WAL; CREATE TABLE t (n INTEGER, label TEXT)', { t: 'INSERT INTO t VALUES (?, ?)' }, async (writer) => {
    // Not awaited: the read is sent after the batch, and answered after it.
    const writing = writer.run('t', [[1, 'one'], [2, 'two'], [3, 'three']]);
    assert.deepEqual(await writer.read('SELECT count(*) AS rows, sum(n) AS total FROM t WHERE n >= ?', [2]), [{ rows: 2, total: 5 }]);
    assert.equal(await writing, 3, 'the batch reports the rows it changed');

    // SQLite counting to three million takes it a good part of a second; a 20 ms timer set meanwhile fires on time.
    const counting = writer.read(countTo, [3_000_000]);
    const timerSetAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lateMs = performance.now() - timerSetAt - 20;
    assert.deepEqual(await counting, [{ n: 3_000_000 }]);
    assert.ok(lateMs < 150, `a 20 ms timer fired ${lateMs.toFixed(0)} ms late during the read`);

    await assert.rejects(writer.read('DELETE FROM t', []), /SQLite read failed: not a read/);
  });
});

test("the writer thread's connection keeps a 2 MB page cache, not the 16 MB better-sqlite3's build sets", async () => {
  await withWriter('', {}, async (writer) => {
    // A negative cache_size is KiB; the build's default reads -16000 here.
    assert.deepEqual(await writer.read('PRAGMA cache_size', []), [{ cache_size: -2048 }]);
    assert.deepEqual(await writer.read('PRAGMA busy_timeout', []), [{ timeout: 1000 }]);
  });
});

test('a writer thread that dies fails the work waiting on it, and the next batch is written by a new thread', async () => {
  await withWriter('CREATE TABLE t (n INTEGER PRIMARY KEY)', { t: 'INSERT INTO t VALUES (?) ON CONFLICT (n) DO NOTHING' }, async (writer, filename) => {
    assert.equal(await writer.run('t', [[1]]), 1);
    // A read waits on the thread when it dies (as a native crash or an out-of-memory would end it).
    const counting = writer.read(countTo, [3_000_000]);
    await (writer as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await assert.rejects(counting, /SQLite read failed: SQLite writer thread exited with code 1/);

    // Not left waiting for ever on the dead thread: a new one writes the next batch (a replayed row changes nothing).
    assert.equal(await writer.run('t', [[1], [2]]), 1);
    assert.deepEqual(rowsOf(filename, 'SELECT n FROM t ORDER BY n'), [{ n: 1 }, { n: 2 }]);
  });
});

test('a batch sent to a closed writer is refused at once, not left waiting', async () => {
  await withWriter('', {}, async (writer) => {
    await writer.close();
    await assert.rejects(writer.read('SELECT 1', []), /SQLite read failed: the SQLite writer thread was closed/);
  });
});

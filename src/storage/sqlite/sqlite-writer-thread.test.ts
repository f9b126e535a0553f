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

test('the writer thread writes its batches at a lower priority than the event loop (Linux)', { skip: process.platform !== 'linux' || niceOfProcess() === 19 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-writer-'));
  const filename = join(dir, 'rows.sqlite');
  const setup = new Database(filename);
  setup.exec('CREATE TABLE t (n INTEGER, label TEXT)');
  setup.close();
  // Read before the thread exists: its priority is set from within it, and must not reach the event loop's.
  const eventLoop = niceOfProcess();
  const writer = new SqliteWriterThread(filename, { t: 'INSERT INTO t VALUES (?, ?)' }, 1000);
  try {
    await writer.run('t', [[1, 'one'], [2, 'two']]);
    const reader = new Database(filename, { readonly: true });
    assert.deepEqual(reader.prepare('SELECT n, label FROM t ORDER BY n').all(), [{ n: 1, label: 'one' }, { n: 2, label: 'two' }]);
    reader.close();
    // Each file's tests run in a process of their own: this writer is the process's only one.
    const expected = Math.min(19, eventLoop + WRITER_NICE_INCREMENT);
    const nice = readdirSync('/proc/self/task').map(niceOf);
    assert.equal(nice.filter((value) => value === expected).length, 1, `one thread at nice ${expected}: ${nice.join(' ')}`);
    assert.equal(niceOfProcess(), eventLoop, 'the event loop keeps its priority');
  } finally {
    await writer.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a read on the writer thread sees every batch sent before it, and a long one leaves the event loop free", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-writer-'));
  const filename = join(dir, 'rows.sqlite');
  const setup = new Database(filename);
  setup.pragma('journal_mode = WAL');
  setup.exec('CREATE TABLE t (n INTEGER, label TEXT)');
  setup.close();
  const writer = new SqliteWriterThread(filename, { t: 'INSERT INTO t VALUES (?, ?)' }, 1000);
  try {
    // Not awaited: the read is sent after the batch, and answered after it.
    const writing = writer.run('t', [[1, 'one'], [2, 'two'], [3, 'three']]);
    assert.deepEqual(await writer.read('SELECT count(*) AS rows, sum(n) AS total FROM t WHERE n >= ?', [2]), [{ rows: 2, total: 5 }]);
    assert.equal(await writing, 3, 'the batch reports the rows it changed');

    // SQLite counting to three million takes it a good part of a second; a 20 ms timer set meanwhile fires on time.
    const counting = writer.read('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT count(*) AS n FROM c', [3_000_000]);
    const timerSetAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lateMs = performance.now() - timerSetAt - 20;
    assert.deepEqual(await counting, [{ n: 3_000_000 }]);
    assert.ok(lateMs < 150, `a 20 ms timer fired ${lateMs.toFixed(0)} ms late during the read`);

    await assert.rejects(writer.read('DELETE FROM t', []), /SQLite read failed: not a read/);
  } finally {
    await writer.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the writer thread's connection keeps a 2 MB page cache, not the 16 MB better-sqlite3's build sets", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-writer-'));
  const filename = join(dir, 'rows.sqlite');
  new Database(filename).close();
  const writer = new SqliteWriterThread(filename, {}, 1000);
  try {
    // A negative cache_size is KiB; the build's default reads -16000 here.
    assert.deepEqual(await writer.read('PRAGMA cache_size', []), [{ cache_size: -2048 }]);
    assert.deepEqual(await writer.read('PRAGMA busy_timeout', []), [{ timeout: 1000 }]);
  } finally {
    await writer.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

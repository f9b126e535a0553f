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
    await writer.insert('t', [[1, 'one'], [2, 'two']]);
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

import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';

/** How long a process waits for another one's migrations before it gives up (SQLITE_BUSY). */
const MIGRATION_LOCK_WAIT_MS = 60_000;

/** Per database file, the migrations under way in this process: the next store on the file waits for them. */
const underWay = new Map<string, Promise<unknown>>();

/**
 * Runs `work` (a store's migrations) holding a lock that every other store opening the same database waits for — in this
 * process through a promise per file, in other processes through SQLite's EXCLUSIVE lock on a small database file of
 * its own beside the store's (`<file>.migration-lock`), held by a connection of its own. Kysely takes no lock for
 * SQLite's migrations, so two workers started on a new file both ran them ("table memory_facts already exists", and the
 * second worker never served); run in a transaction each (transactional-ddl-dialect.ts), the second would instead fail
 * on SQLite's busy lock. A process that dies while it holds the lock releases it with its file locks: there is no stale
 * lock to clean up.
 */
export async function withMigrationLock<T>(databaseFile: string, work: () => Promise<T>): Promise<T> {
  const file = resolve(databaseFile);
  const run = (underWay.get(file) ?? Promise.resolve()).catch(() => undefined).then(() => acrossProcesses(file, work));
  underWay.set(file, run);
  try {
    return await run;
  } finally {
    if (underWay.get(file) === run) underWay.delete(file);
  }
}

async function acrossProcesses<T>(file: string, work: () => Promise<T>): Promise<T> {
  // The data dir of a first start: the store makes it too, when it opens the database.
  await mkdir(dirname(file), { recursive: true });
  const lock = new Database(`${file}.migration-lock`);
  try {
    lock.pragma(`busy_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
    // Waits, blocking this thread, while another process holds it: this happens at start-up, before anything is served
    // (a store of this process never waits here: the promise above orders them).
    lock.exec('BEGIN EXCLUSIVE');
    try {
      return await work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}

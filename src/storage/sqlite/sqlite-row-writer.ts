import type Database from 'better-sqlite3';
import { SqliteWriterThread } from './sqlite-writer-thread.js';

/**
 * Appends rows to SQLite off the event loop: for a database file, a worker thread writes each batch with
 * one prepared statement in one transaction (better-sqlite3 is synchronous); an in-memory database (tests)
 * cannot be shared with a worker, so it is written in this thread. Shared by the usage ledger (with its audit
 * details) and the memory facts, one worker per file.
 */
export class SqliteRowWriter {
  private worker: SqliteWriterThread | undefined;
  private inThread: Record<string, (rows: unknown[][]) => void> | undefined;

  constructor(
    private readonly filename: string,
    private readonly ready: () => Promise<Database.Database>,
    /** Per table, one row's INSERT with positional parameters. */
    private readonly statements: Record<string, string>,
  ) {}

  /** Rows as arrays of values in the statement's column order: cheaper to pass to the thread and to bind than objects. */
  async insert(table: string, rows: unknown[][]): Promise<void> {
    if (rows.length === 0) return;
    if (!this.worker && !this.inThread) {
      const database = await this.ready();
      if (this.filename === ':memory:' || this.filename === '') {
        this.inThread = {};
        for (const [name, sql] of Object.entries(this.statements)) {
          const statement = database.prepare(sql);
          this.inThread[name] = database.transaction((batch: unknown[][]) => {
            for (const row of batch) statement.run(row);
          });
        }
      } else {
        this.worker = new SqliteWriterThread(this.filename, this.statements, 5000);
      }
    }
    if (this.inThread) this.inThread[table](rows);
    else await this.worker!.insert(table, rows);
  }

  async close(): Promise<void> {
    await this.worker?.close();
  }
}

/** An INSERT of one row with positional parameters, ignoring a row whose key is already there (retried batches). */
export function insertIgnoringDuplicates(table: string, columns: readonly string[], key: string): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (${key}) DO NOTHING`;
}

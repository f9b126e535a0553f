import type Database from 'better-sqlite3';
import { SqliteWriterThread } from './sqlite-writer-thread.js';
import { BUSY_TIMEOUT_MS } from './sqlite-connection-settings.js';

/**
 * Appends rows to SQLite off the event loop: for a database file, a worker thread writes each batch with
 * one prepared statement in one transaction (better-sqlite3 is synchronous); an in-memory database (tests)
 * cannot be shared with a worker, so it is written in this thread. Shared by the usage ledger (with its audit
 * details), the memory facts and the stored responses, one worker per file.
 */
export class SqliteRowWriter {
  private worker: SqliteWriterThread | undefined;
  private inThread: Record<string, (rows: unknown[][]) => number> | undefined;
  /** The database itself, when the writes are made in this thread (an in-memory database). */
  private database: Database.Database | undefined;
  private starting: Promise<void> | undefined;

  constructor(
    private readonly filename: string,
    private readonly ready: () => Promise<Database.Database>,
    /** Per table (or named statement), one row's INSERT (or chunk's DELETE) with positional parameters. */
    private readonly statements: Record<string, string>,
    /** Per table whose batches may come as records in JSON lines (insertLines), how rows are made of them. */
    private readonly rowsFromLines: Record<string, RowsFromLines> = {},
  ) {}

  /** Rows as arrays of values in the statement's column order: cheaper to pass to the thread and to bind than objects. */
  async insert(table: string, rows: unknown[][]): Promise<void> {
    await this.run(table, rows);
  }

  /**
   * Runs the named statement once a row, in one transaction, and resolves with the rows it changed: an insert, or a
   * delete of a bounded chunk (a large delete on the event loop would hold it for as long as SQLite takes).
   */
  async run(statement: string, rows: unknown[][]): Promise<number> {
    if (rows.length === 0) return 0;
    await this.start();
    if (this.inThread) return this.inThread[statement](rows);
    return this.worker!.run(statement, rows);
  }

  /**
   * Runs a statement made by chunkedDelete with the same parameters again until a run deletes fewer rows than a chunk:
   * each chunk is a short transaction of its own, and other batches are written between them. Resolves with the total.
   */
  async deleteInChunks(statement: string, parameters: unknown[]): Promise<number> {
    let deleted = 0;
    for (;;) {
      const chunk = await this.run(statement, [parameters]);
      deleted += chunk;
      if (chunk < DELETE_CHUNK) return deleted;
    }
  }

  /**
   * Records as JSON lines in UTF-8 (each ending in a newline), made into rows by the table's RowsFromLines — on the
   * writer thread, so that the bytes the caller already has (the usage journal's) are all that crosses, and the event
   * loop serializes nothing. `journaled` is handed over: when it is the whole of its ArrayBuffer, the buffer is moved
   * to the thread, not copied, and is empty here afterwards.
   */
  async insertLines(table: string, journaled: Uint8Array): Promise<void> {
    const rowsFromLines = this.rowsFromLines[table];
    if (!rowsFromLines) throw new Error(`the row writer makes no rows from JSON lines for table ${table}`);
    if (journaled.byteLength === 0) return;
    await this.start();
    if (this.inThread) this.inThread[table](rowsFromLines.rowsOf(journaled));
    else await this.worker!.insertLines(table, journaled);
  }

  /**
   * A read on the writer's connection, after every batch sent before it (off the event loop when the writer has a
   * thread): for reads that scan, such as a month of the ledger summed.
   */
  async read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    await this.start();
    if (this.database) {
      // As the thread does: a statement that writes is no read.
      const statement = this.database.prepare(sql);
      if (!statement.reader) throw new Error(`SQLite read failed: not a read: ${sql.slice(0, 80)}`);
      return statement.all(...parameters);
    }
    return this.worker!.read(sql, parameters);
  }

  /** Opens the database and starts the thread once, however many batches come at the same time (a failed start is tried again by the next batch). */
  private start(): Promise<void> {
    return (this.starting ??= this.open().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    }));
  }

  private async open(): Promise<void> {
    const database = await this.ready();
    if (isInMemory(this.filename)) {
      const inThread: Record<string, (rows: unknown[][]) => number> = {};
      for (const [name, sql] of Object.entries(this.statements)) {
        const statement = database.prepare(sql);
        inThread[name] = database.transaction((batch: unknown[][]) => {
          let changes = 0;
          for (const row of batch) changes += statement.run(row).changes;
          return changes;
        });
      }
      this.inThread = inThread;
      this.database = database;
    } else {
      this.worker = new SqliteWriterThread(this.filename, this.statements, BUSY_TIMEOUT_MS, this.rowsFromLines);
    }
  }

  async close(): Promise<void> {
    await this.worker?.close();
  }
}

/**
 * How a table's rows are made from records sent as JSON lines: a function exported by a module (a file URL) that the
 * writer thread imports, and the same function for a writer without a thread (an in-memory database).
 */
export interface RowsFromLines {
  moduleUrl: string;
  exportName: string;
  rowsOf: (journaled: Uint8Array) => unknown[][];
}

/** Rows a chunkedDelete statement deletes at most in one run. */
const DELETE_CHUNK = 1000;

/**
 * A DELETE of at most DELETE_CHUNK rows of `table` matching `where` (positional parameters), for deleteInChunks: one
 * DELETE of a large set (an hour's expired responses, an org's forgotten facts) holds the write lock as long as it takes.
 */
export function chunkedDelete(table: string, where: string): string {
  return `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ${DELETE_CHUNK})`;
}

/** An INSERT of one row with positional parameters, ignoring a row whose key is already there (retried batches). */
export function insertIgnoringDuplicates(table: string, columns: readonly string[], key: string): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (${key}) DO NOTHING`;
}

/** Whether a SQLite filename names a database in this process's memory (':memory:', or '' for a temporary one): no other thread or process can open it. */
export function isInMemory(filename: string): boolean {
  return filename === ':memory:' || filename === '';
}

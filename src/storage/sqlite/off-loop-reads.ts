import { SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type DatabaseConnection, type Dialect, type Driver, type QueryResult } from 'kysely';
import type { SqliteRowWriter } from './sqlite-row-writer.js';

/**
 * A Kysely dialect for SQLite reads that scan: its queries run on the row writer's connection, on its thread, so a
 * usage summary over a month of a busy org's ledger (seconds of SQLite's work) never holds the event loop, and it sees
 * every ledger batch sent before it. Reads only: a statement that writes is refused, and there are no transactions.
 */
export function offLoopReadDialect(writer: SqliteRowWriter): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new OffLoopReadDriver(writer),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

class OffLoopReadDriver implements Driver {
  private readonly connection: DatabaseConnection;

  constructor(writer: SqliteRowWriter) {
    this.connection = {
      async executeQuery<R>(compiled: { sql: string; parameters: readonly unknown[] }): Promise<QueryResult<R>> {
        return { rows: (await writer.read(compiled.sql, compiled.parameters)) as R[] };
      },
      async *streamQuery() {
        throw new Error('reads on the writer thread are not streamed');
      },
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('reads on the writer thread take no transaction');
  }

  async commitTransaction(): Promise<void> {
    throw new Error('reads on the writer thread take no transaction');
  }

  async rollbackTransaction(): Promise<void> {
    throw new Error('reads on the writer thread take no transaction');
  }

  async releaseConnection(): Promise<void> {}

  /** The writer is closed by its store. */
  async destroy(): Promise<void> {}
}

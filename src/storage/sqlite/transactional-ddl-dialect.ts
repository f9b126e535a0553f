import { SqliteAdapter, SqliteDialect, type DialectAdapter } from 'kysely';

/**
 * Kysely's SQLite dialect, except that migrations run in a transaction. Kysely says SQLite has no transactional DDL and
 * runs its migrations statement by statement; SQLite has it (CREATE, ALTER TABLE … ADD or DROP COLUMN, CREATE INDEX all
 * roll back). Without it a start that died or failed half-way through a migration left columns added and the migration
 * unrecorded, and every later start failed on "duplicate column name" until someone repaired the file by hand.
 */
export class SqliteDialectWithTransactionalDdl extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new SqliteAdapterWithTransactionalDdl();
  }
}

class SqliteAdapterWithTransactionalDdl extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

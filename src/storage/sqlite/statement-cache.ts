import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LruCache } from '../../shared/lru-cache.js';

/** Distinct SQL texts kept prepared: the hot path has a few dozen; a batch insert's text varies with its row count. */
const STATEMENTS_KEPT = 256;

/**
 * The database as Kysely's SQLite dialect sees it, with each SQL text prepared once: Kysely prepares every query
 * anew, and better-sqlite3's `prepare` (parse and plan) cost more than running the query on the hot path's reads
 * (the memory stage's facts and turns, settings, keys). A statement is reused only while it is not iterating:
 * better-sqlite3 refuses a busy statement, so a query nested inside an iteration gets a fresh one.
 */
export function withStatementCache(database: Database.Database): SqliteDatabase {
  const statements = new LruCache<string, Database.Statement>({ maxEntries: STATEMENTS_KEPT });
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept as unknown as SqliteStatement;
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      return statement as unknown as SqliteStatement;
    },
  };
}

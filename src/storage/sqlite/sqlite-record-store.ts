import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import { KyselyAuditStore } from '../kysely/kysely-audit-store.js';
import { KyselyRecordStore } from '../kysely/kysely-record-store.js';
import { connectionPragmas } from './sqlite-connection-settings.js';
import { withMigrationLock } from './migration-lock.js';
import { SqliteDialectWithTransactionalDdl } from './transactional-ddl-dialect.js';
import { offLoopReadDialect } from './off-loop-reads.js';
import { isInMemory, SqliteRowWriter } from './sqlite-row-writer.js';
import { withStatementCache } from './statement-cache.js';
import { forgottenConversationFactsStatement, forgottenOrgFactsStatement, memoryFactStatement, prunedFactsStatement, SqliteMemoryFactStore } from './sqlite-memory-fact-store.js';
import { expiredResponsesStatement, SqliteResponseStore, storedResponseStatement } from './sqlite-response-store.js';
import { SqliteUsageStore, usageRowsFromLines, usageStatement } from './sqlite-usage-store.js';

export type SqliteRecordStoreOptions =
  /** The database is `<dataDir>/svc.sqlite`; the folder is created when missing. */
  | { dataDir: string }
  /** An explicit file, or ':memory:' for throw-away stores in tests. */
  | { filename: string };

export function databaseFilename(options: SqliteRecordStoreOptions): string {
  return 'dataDir' in options ? join(options.dataDir, 'svc.sqlite') : options.filename;
}

async function openDatabase(options: SqliteRecordStoreOptions): Promise<Database.Database> {
  if ('dataDir' in options) await mkdir(options.dataDir, { recursive: true });
  const database = new Database(databaseFilename(options));
  // WAL lets readers run while one writer appends to the ledger.
  database.pragma('journal_mode = WAL');
  for (const pragma of connectionPragmas()) database.pragma(pragma);
  return database;
}

/** The embedded default RecordStore. The file is opened on first use, so the constructor stays synchronous. */
export class SqliteRecordStore extends KyselyRecordStore {
  private readonly writer: SqliteRowWriter;
  private readonly filename: string;
  /**
   * The migrations of this store, run once: start-up and the writer's first batch both ask for them, and a second run
   * would take the lock again while serving (and wait, blocking the event loop, while a worker starting beside it migrates).
   */
  private migrated: Promise<void> | undefined;

  constructor(options: SqliteRecordStoreOptions) {
    let opening: Promise<Database.Database> | undefined;
    const open = () => (opening ??= openDatabase(options));
    const db = new Kysely<StorageDatabase>({ dialect: new SqliteDialectWithTransactionalDdl({ database: async () => withStatementCache(await open()) }) });
    const writer = new SqliteRowWriter(
      databaseFilename(options),
      async () => {
        await this.migrate(); // opens the database through Kysely (idempotent), so the file and tables exist
        return open();
      },
      // The tables the writer thread appends to, each with its one-row INSERT, and the deletes that go there too.
      {
        usage: usageStatement,
        memory_facts: memoryFactStatement,
        memory_facts_pruned: prunedFactsStatement,
        memory_facts_of_org: forgottenOrgFactsStatement,
        memory_facts_of_conversation: forgottenConversationFactsStatement,
        stored_responses: storedResponseStatement,
        stored_responses_expired: expiredResponsesStatement,
      },
      // The ledger's batches come as the journal's lines (SqliteUsageStore.insertJournaledUsage).
      { usage: usageRowsFromLines },
    );
    // Reads that scan the ledger (usage summaries and breakdowns, the audit trail filtered by status or endpoint) run on
    // the writer's thread: on the event loop they held it for as long as SQLite took.
    const scans = new Kysely<StorageDatabase>({ dialect: offLoopReadDialect(writer) });
    super(db, 'sqlite', {
      usage: new SqliteUsageStore(db, writer, scans),
      memoryFacts: new SqliteMemoryFactStore(db, writer),
      responses: new SqliteResponseStore(db, writer),
      audit: new KyselyAuditStore(scans),
    });
    this.writer = writer;
    this.filename = databaseFilename(options);
  }

  /** Migrates once per store, under a lock other processes on the same file wait for (several workers start together). */
  override migrate(): Promise<void> {
    return (this.migrated ??= (isInMemory(this.filename) ? super.migrate() : withMigrationLock(this.filename, () => super.migrate())).catch((error: unknown) => {
      this.migrated = undefined;
      throw error;
    }));
  }

  override async close(): Promise<void> {
    await this.writer.close();
    await super.close();
  }
}

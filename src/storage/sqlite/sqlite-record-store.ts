import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import { KyselyRecordStore } from '../kysely-record-store.js';

export type SqliteRecordStoreOptions =
  /** The database is `<dataDir>/svc.sqlite`; the folder is created when missing. */
  | { dataDir: string }
  /** An explicit file, or ':memory:' for throw-away stores in tests. */
  | { filename: string };

/** Milliseconds a writer waits for another process's lock (gateway workers share the file) before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

async function openDatabase(options: SqliteRecordStoreOptions): Promise<Database.Database> {
  let filename: string;
  if ('dataDir' in options) {
    await mkdir(options.dataDir, { recursive: true });
    filename = join(options.dataDir, 'svc.sqlite');
  } else {
    filename = options.filename;
  }
  const database = new Database(filename);
  // WAL lets readers run while one writer appends to the ledger; NORMAL sync is crash-safe under WAL.
  database.pragma('journal_mode = WAL');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  database.pragma('synchronous = NORMAL');
  return database;
}

/** The embedded default RecordStore. The file is opened on first use, so the constructor stays synchronous. */
export class SqliteRecordStore extends KyselyRecordStore {
  constructor(options: SqliteRecordStoreOptions) {
    const dialect = new SqliteDialect({ database: () => openDatabase(options) });
    super(new Kysely<StorageDatabase>({ dialect }), 'sqlite');
  }
}

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import { KyselyRecordStore } from '../kysely-record-store.js';
import { toUsageRow } from '../record-rows.js';
import type { UsageRecord } from '../storage-types.js';
import { UsageWriter } from './usage-writer.js';

export type SqliteRecordStoreOptions =
  /** The database is `<dataDir>/svc.sqlite`; the folder is created when missing. */
  | { dataDir: string }
  /** An explicit file, or ':memory:' for throw-away stores in tests. */
  | { filename: string };

/** Milliseconds a writer waits for another process's lock (gateway workers share the file) before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

const usageColumns = Object.keys(
  toUsageRow({
    request_id: '', org_id: '', key_id: null, created_at: new Date(0).toISOString(), endpoint: '', requested_model: '', model: null, provider: null, status: 0,
    prompt_tokens: 0, completion_tokens: 0, cached_tokens: 0, reasoning_tokens: 0, cost_usd: 0, baseline_cost_usd: 0, cost_attribution: 'svc',
    intelligence_mode: '', cache_hit: false, latency_ms: 0,
  }),
);

/** The ledger's insert, one row per run; a retried batch must not count a request twice. */
const insertUsageSql = `INSERT INTO usage_ledger (${usageColumns.join(', ')}) VALUES (${usageColumns.map((column) => `@${column}`).join(', ')}) ON CONFLICT (request_id) DO NOTHING`;

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
  private opening: Promise<Database.Database> | undefined;
  private usageWriter: UsageWriter | undefined;
  private insertUsageInThread: ((rows: Array<Record<string, unknown>>) => void) | undefined;

  constructor(private readonly options: SqliteRecordStoreOptions) {
    let self: SqliteRecordStore | undefined;
    const open = () => (self!.opening ??= openDatabase(options));
    super(new Kysely<StorageDatabase>({ dialect: new SqliteDialect({ database: open }) }), 'sqlite');
    self = this;
  }

  /**
   * Ledger batches bypass the query builder and, for a database file, the event loop: a worker thread
   * writes them with one prepared statement in one transaction. An in-memory database (tests) cannot
   * be shared with a worker, so it is written in this thread.
   */
  override async insertUsage(records: UsageRecord[]): Promise<void> {
    if (records.length === 0) return;
    const rows = records.map((record) => toUsageRow(record) as Record<string, unknown>);
    const filename = 'dataDir' in this.options ? join(this.options.dataDir, 'svc.sqlite') : this.options.filename;
    if (!this.usageWriter && !this.insertUsageInThread) {
      await this.migrate(); // opens the database through Kysely (idempotent), so the file and table exist
      if (filename === ':memory:' || filename === '') {
        const database = await this.opening!;
        const statement = database.prepare(insertUsageSql);
        this.insertUsageInThread = database.transaction((batch: Array<Record<string, unknown>>) => {
          for (const row of batch) statement.run(row);
        });
      } else {
        this.usageWriter = new UsageWriter(filename, insertUsageSql, BUSY_TIMEOUT_MS);
      }
    }
    if (this.insertUsageInThread) this.insertUsageInThread(rows);
    else await this.usageWriter!.insert(rows);
  }

  override async close(): Promise<void> {
    await this.usageWriter?.close();
    await super.close();
  }
}

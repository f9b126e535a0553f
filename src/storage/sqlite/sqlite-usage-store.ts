import type Database from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import { KyselyUsageStore } from '../kysely/kysely-usage-store.js';
import { toUsageRow } from '../kysely/record-rows.js';
import type { UsageRecord } from '../storage-types.js';
import { UsageWriter } from './usage-writer.js';

const usageColumns = Object.keys(
  toUsageRow({
    request_id: '', org_id: '', key_id: null, created_at: new Date(0).toISOString(), endpoint: '', requested_model: '', model: null, provider: null, status: 0,
    prompt_tokens: 0, completion_tokens: 0, cached_tokens: 0, reasoning_tokens: 0, cache_write_tokens: 0, audio_input_tokens: 0, audio_output_tokens: 0,
    estimated: false, cost_usd: 0, baseline_cost_usd: 0, cost_attribution: 'svc',
    intelligence_mode: '', cache_hit: false, latency_ms: 0,
  }),
);

/** The ledger's insert, one row per run; a retried batch must not count a request twice. */
const insertUsageSql = `INSERT INTO usage_ledger (${usageColumns.join(', ')}) VALUES (${usageColumns.map((column) => `@${column}`).join(', ')}) ON CONFLICT (request_id) DO NOTHING`;

/**
 * Ledger batches bypass the query builder and, for a database file, the event loop: a worker thread
 * writes them with one prepared statement in one transaction. An in-memory database (tests) cannot be
 * shared with a worker, so it is written in this thread. Summaries go through Kysely.
 */
export class SqliteUsageStore extends KyselyUsageStore {
  private usageWriter: UsageWriter | undefined;
  private insertInThread: ((rows: Array<Record<string, unknown>>) => void) | undefined;

  constructor(
    db: Kysely<StorageDatabase>,
    private readonly filename: string,
    private readonly ready: () => Promise<Database.Database>,
  ) {
    super(db);
  }

  override async insertUsage(records: UsageRecord[]): Promise<void> {
    if (records.length === 0) return;
    const rows = records.map((record) => toUsageRow(record) as Record<string, unknown>);
    if (!this.usageWriter && !this.insertInThread) {
      const database = await this.ready();
      if (this.filename === ':memory:' || this.filename === '') {
        const statement = database.prepare(insertUsageSql);
        this.insertInThread = database.transaction((batch: Array<Record<string, unknown>>) => {
          for (const row of batch) statement.run(row);
        });
      } else {
        this.usageWriter = new UsageWriter(this.filename, insertUsageSql, 5000);
      }
    }
    if (this.insertInThread) this.insertInThread(rows);
    else await this.usageWriter!.insert(rows);
  }

  async close(): Promise<void> {
    await this.usageWriter?.close();
  }
}

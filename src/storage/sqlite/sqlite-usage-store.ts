import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import { KyselyUsageStore } from '../kysely/kysely-usage-store.js';
import { toUsageRow } from '../kysely/record-rows.js';
import type { UsageRecord } from '../../core/storage-interfaces.js';
import { insertIgnoringDuplicates, type SqliteRowWriter } from './sqlite-row-writer.js';

const usageColumns = Object.keys(
  toUsageRow({
    request_id: '', org_id: '', key_id: null, created_at: new Date(0).toISOString(), endpoint: '', requested_model: '', model: null, provider: null, status: 0,
    prompt_tokens: 0, completion_tokens: 0, cached_tokens: 0, reasoning_tokens: 0, cache_write_tokens: 0, audio_input_tokens: 0, audio_output_tokens: 0,
    estimated: false, cost_usd: 0, baseline_cost_usd: 0, cost_attribution: 'svc',
    intelligence_mode: '', cache_hit: false, latency_ms: 0, audit: { served_model: null, routing_decision: null },
  }),
);

/** The SQL of each table the row writer appends to; a retried batch must not count a request twice. */
export const usageStatement = insertIgnoringDuplicates('usage_ledger', usageColumns, 'request_id');

/** A ledger row's values in the INSERT's column order. */
function usageValues(record: UsageRecord): unknown[] {
  const row = toUsageRow(record) as Record<string, unknown>;
  return usageColumns.map((column) => row[column]);
}

/** Ledger batches go through the row writer (off the event loop); summaries through Kysely. */
export class SqliteUsageStore extends KyselyUsageStore {
  constructor(
    db: Kysely<StorageDatabase>,
    private readonly writer: SqliteRowWriter,
  ) {
    super(db);
  }

  override async insertUsage(records: UsageRecord[]): Promise<void> {
    await this.writer.insert('usage', records.map(usageValues));
  }
}

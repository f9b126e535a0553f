import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import type { UsageBreakdownRow, UsageDimension, UsageQuery, UsageRecord, UsageStore, UsageSummary } from '../../core/storage-interfaces.js';
import { toUsageRow } from './record-rows.js';
import { breakDownUsage, summarizeUsage } from './usage-summary-query.js';

/** Rows per INSERT statement: stays under SQLite's and PostgreSQL's bound-parameter limits (33 columns a row: 16,500 of 32,766 and 65,535). */
const USAGE_ROWS_PER_STATEMENT = 500;

export class KyselyUsageStore implements UsageStore {
  constructor(
    protected readonly db: Kysely<StorageDatabase>,
    /** Where summaries and breakdowns run: they scan the ledger (SQLite's store sends them off the event loop). */
    private readonly scans: Kysely<StorageDatabase> = db,
  ) {}

  async insertUsage(records: UsageRecord[]): Promise<void> {
    if (records.length === 0) return;
    const rows = records.map(toUsageRow);
    await this.db.transaction().execute(async (transaction) => {
      for (let start = 0; start < rows.length; start += USAGE_ROWS_PER_STATEMENT) {
        await transaction
          .insertInto('usage_ledger')
          .values(rows.slice(start, start + USAGE_ROWS_PER_STATEMENT))
          // A retried write of the same request must not count it twice nor fail the batch.
          .onConflict((conflict) => conflict.column('request_id').doNothing())
          .execute();
      }
    });
  }

  async insertDeadLetter(record: UsageRecord, error: string): Promise<void> {
    const requestId = String(record.request_id);
    // Once per request: a journal replayed after a crash brings its refused rows back, and they are refused again.
    const known = await this.db.selectFrom('usage_dead_letters').select('request_id').where('request_id', '=', requestId).executeTakeFirst();
    if (known) return;
    await this.db.insertInto('usage_dead_letters').values({ request_id: requestId, created_at: new Date().toISOString(), record: JSON.stringify(record), error }).execute();
  }

  async listDeadLetters(limit: number): Promise<Array<{ request_id: string; created_at: string; record: string; error: string }>> {
    return this.db.selectFrom('usage_dead_letters').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  }

  async summarizeUsage(query: UsageQuery): Promise<UsageSummary> {
    return summarizeUsage(this.scans, query);
  }

  async usageBreakdown(query: UsageQuery, dimensions: readonly UsageDimension[]): Promise<UsageBreakdownRow[]> {
    return breakDownUsage(this.scans, query, dimensions);
  }
}

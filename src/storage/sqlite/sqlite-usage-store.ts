import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import { KyselyUsageStore } from '../kysely/kysely-usage-store.js';
import type { UsageRecord } from '../../core/storage-interfaces.js';
import { insertIgnoringDuplicates, type RowsFromLines, type SqliteRowWriter } from './sqlite-row-writer.js';
import { usageColumns, usageValues, usageValuesOfJournal } from './usage-row-values.js';

/** The SQL of each table the row writer appends to; a retried batch must not count a request twice. */
export const usageStatement = insertIgnoringDuplicates('usage_ledger', usageColumns, 'request_id');

/**
 * How the writer makes ledger rows from records sent as the journal wrote them (`insertJournaledUsage`): usage-row-values' function,
 * which its thread imports — the TypeScript source when svc runs from its sources (tests), the build's file otherwise.
 */
export const usageRowsFromLines: RowsFromLines = {
  moduleUrl: new URL(`./usage-row-values.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url).href,
  exportName: 'usageValuesOfJournal',
  rowsOf: usageValuesOfJournal,
};

/**
 * Ledger batches go through the row writer (off the event loop), and so do summaries and breakdowns, which scan the
 * ledger: on the event loop, a month of 270,000 requests summed held it 2.5 s. Dead letters stay on Kysely.
 */
export class SqliteUsageStore extends KyselyUsageStore {
  constructor(
    db: Kysely<StorageDatabase>,
    private readonly writer: SqliteRowWriter,
    /** Kysely over the writer's connection (off-loop-reads.ts). */
    scans: Kysely<StorageDatabase>,
  ) {
    super(db, scans);
  }

  override async insertUsage(records: UsageRecord[]): Promise<void> {
    await this.writer.insert('usage', records.map(usageValues));
  }

  /** The journal's bytes cross to the writer thread as they are; the thread makes the rows (one serialization a record, not two). */
  async insertJournaledUsage(journaled: Uint8Array): Promise<void> {
    await this.writer.insertLines('usage', journaled);
  }
}

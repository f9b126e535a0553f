import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import { KyselyResponseStore } from '../kysely/kysely-response-store.js';
import { toUtcTimestamp } from '../kysely/record-rows.js';
import type { StoredResponse } from '../../core/storage-interfaces.js';
import { chunkedDelete, insertIgnoringDuplicates, type SqliteRowWriter } from './sqlite-row-writer.js';

const responseColumns = ['id', 'org_id', 'created_at', 'expires_at', 'response', 'conversation'] as const;

/** The INSERT the row writer runs for a stored response; a retried batch stores nothing twice. */
export const storedResponseStatement = insertIgnoringDuplicates('stored_responses', responseColumns, 'id');

/** Responses expired by a time, a chunk at a time. */
export const expiredResponsesStatement = chunkedDelete('stored_responses', 'expires_at <= ?');

/**
 * Stored responses (`store: true`) are written by the row writer's thread, like the ledger and the facts. Written on
 * the event loop through Kysely, each batch was a synchronous insert that waited for SQLite's write lock whenever the
 * writer thread held it (better-sqlite3's busy handler sleeps the thread that asks), and its own B-tree work ran on
 * the thread that serves requests. The hourly expiry goes there too, in chunks: one DELETE of an hour's expired
 * responses (100,000 of them) held the event loop 0.4 s. Reads stay on Kysely.
 */
export class SqliteResponseStore extends KyselyResponseStore {
  constructor(
    db: Kysely<StorageDatabase>,
    private readonly writer: SqliteRowWriter,
  ) {
    super(db);
  }

  override async putResponses(records: StoredResponse[]): Promise<void> {
    await this.writer.insert(
      'stored_responses',
      records.map((record) => [record.id, record.org_id, toUtcTimestamp(record.created_at), toUtcTimestamp(record.expires_at), record.response, record.conversation]),
    );
  }

  override async deleteExpiredResponses(now: string): Promise<number> {
    return this.writer.deleteInChunks('stored_responses_expired', [toUtcTimestamp(now)]);
  }
}

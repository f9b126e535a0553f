import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import type { ResponseStore, StoredResponse } from '../../core/storage-interfaces.js';
import { toUtcTimestamp } from './record-rows.js';

export class KyselyResponseStore implements ResponseStore {
  constructor(private readonly db: Kysely<StorageDatabase>) {}

  async putResponses(records: StoredResponse[]): Promise<void> {
    if (records.length === 0) return;
    const rows = records.map((record) => ({ ...record, created_at: toUtcTimestamp(record.created_at), expires_at: toUtcTimestamp(record.expires_at) }));
    await this.db
      .insertInto('stored_responses')
      .values(rows)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  async getResponse(orgId: string, id: string, now: string): Promise<StoredResponse | undefined> {
    return this.db
      .selectFrom('stored_responses')
      .selectAll()
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .where('expires_at', '>', toUtcTimestamp(now))
      .executeTakeFirst();
  }

  async deleteExpiredResponses(now: string): Promise<number> {
    const result = await this.db.deleteFrom('stored_responses').where('expires_at', '<=', toUtcTimestamp(now)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

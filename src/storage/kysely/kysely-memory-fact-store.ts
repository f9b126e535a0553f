import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import type { MemoryFact, MemoryFactStore } from '../../core/storage-interfaces.js';
import { toUtcTimestamp } from './record-rows.js';

export class KyselyMemoryFactStore implements MemoryFactStore {
  constructor(private readonly db: Kysely<StorageDatabase>) {}

  async putFacts(facts: MemoryFact[]): Promise<void> {
    if (facts.length === 0) return;
    const rows = facts.map((fact) => ({ ...fact, created_at: toUtcTimestamp(fact.created_at), entities: JSON.stringify(fact.entities) }));
    await this.db
      .insertInto('memory_facts')
      .values(rows)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  async listFacts(orgId: string, conversationId: string, limit: number): Promise<MemoryFact[]> {
    const rows = await this.db
      .selectFrom('memory_facts')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, entities: JSON.parse(row.entities) as MemoryFact['entities'] }));
  }

  async deleteFacts(orgId: string, conversationId?: string): Promise<number> {
    let query = this.db.deleteFrom('memory_facts').where('org_id', '=', orgId);
    if (conversationId !== undefined) query = query.where('conversation_id', '=', conversationId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

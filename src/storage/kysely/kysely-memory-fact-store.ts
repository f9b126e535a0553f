import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import type { MemoryFact, MemoryFactStore } from '../../core/storage-interfaces.js';
import { toUtcTimestamp } from './record-rows.js';

/** A fact as its table row: the time normalised, the entities as JSON text. */
export function toFactRow(fact: MemoryFact): StorageDatabase['memory_facts'] {
  return { ...fact, created_at: toUtcTimestamp(fact.created_at), entities: JSON.stringify(fact.entities) };
}

export class KyselyMemoryFactStore implements MemoryFactStore {
  constructor(protected readonly db: Kysely<StorageDatabase>) {}

  async putFacts(facts: MemoryFact[]): Promise<void> {
    if (facts.length === 0) return;
    await this.db
      .insertInto('memory_facts')
      .values(facts.map(toFactRow))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  async listFacts(orgId: string, conversationId: string, limit: number): Promise<MemoryFact[]> {
    return this.newestFirst(orgId, conversationId, undefined, limit);
  }

  async listFactsSince(orgId: string, conversationId: string, since: string, limit: number): Promise<MemoryFact[]> {
    return this.newestFirst(orgId, conversationId, toUtcTimestamp(since), limit);
  }

  async factsSummary(orgId: string, conversationId: string): Promise<{ total: number; newest: string | null }> {
    const row = await this.db
      .selectFrom('memory_facts')
      .select((eb) => [eb.fn.countAll<number | string | bigint>().as('total'), eb.fn.max('created_at').as('newest')])
      .where('org_id', '=', orgId)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), newest: row.newest ?? null };
  }

  async pruneFacts(orgId: string, conversationId: string, keep: number): Promise<number> {
    // The newest fact past the ones kept: it and every older one go (ties in time by id, as listFacts orders them).
    const firstDropped = await this.db
      .selectFrom('memory_facts')
      .select(['created_at', 'id'])
      .where('org_id', '=', orgId)
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .offset(keep)
      .executeTakeFirst();
    if (!firstDropped) return 0;
    const result = await this.db
      .deleteFrom('memory_facts')
      .where('org_id', '=', orgId)
      .where('conversation_id', '=', conversationId)
      .where((eb) => eb.or([eb('created_at', '<', firstDropped.created_at), eb.and([eb('created_at', '=', firstDropped.created_at), eb('id', '<=', firstDropped.id)])]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async newestFirst(orgId: string, conversationId: string, since: string | undefined, limit: number): Promise<MemoryFact[]> {
    let query = this.db.selectFrom('memory_facts').selectAll().where('org_id', '=', orgId).where('conversation_id', '=', conversationId);
    if (since !== undefined) query = query.where('created_at', '>=', since);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map((row) => ({ ...row, entities: JSON.parse(row.entities) as MemoryFact['entities'] }));
  }

  async deleteFacts(orgId: string, conversationId?: string): Promise<number> {
    let query = this.db.deleteFrom('memory_facts').where('org_id', '=', orgId);
    if (conversationId !== undefined) query = query.where('conversation_id', '=', conversationId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

import { CompiledQuery, type Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import { KyselyMemoryFactStore, toFactRow } from '../kysely/kysely-memory-fact-store.js';
import type { MemoryFact } from '../../core/storage-interfaces.js';
import { chunkedDelete, insertIgnoringDuplicates, type SqliteRowWriter } from './sqlite-row-writer.js';

const factColumns = ['id', 'org_id', 'conversation_id', 'created_at', 'text', 'entities', 'embedding'] as const;

/** The INSERT the row writer runs for a fact; a retried turn stores nothing twice (ids derive from the request). */
export const memoryFactStatement = insertIgnoringDuplicates('memory_facts', factColumns, 'id');

/** A conversation's facts past its `keep` newest (ties in time by id, as listFacts orders them), in one statement. */
export const prunedFactsStatement =
  'DELETE FROM memory_facts WHERE rowid IN (SELECT rowid FROM memory_facts WHERE org_id = ? AND conversation_id = ? ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?)';

/** Facts forgotten, an org's or one conversation's, a chunk at a time. */
export const forgottenOrgFactsStatement = chunkedDelete('memory_facts', 'org_id = ?');
export const forgottenConversationFactsStatement = chunkedDelete('memory_facts', 'org_id = ? AND conversation_id = ?');

/**
 * A conversation's count of facts and its newest time, as two statements: SQLite reads a lone max() from the end of
 * the conversation's index range, but asked beside count() it reads every row's time. Each full-mode request in a
 * conversation asks this on the event loop: 52 → 34 µs at 450 facts (written out here, not built by Kysely each time).
 */
const COUNT_FACTS = 'select count(*) as "total" from "memory_facts" where "org_id" = ? and "conversation_id" = ?';
const NEWEST_FACT = 'select max("created_at") as "newest" from "memory_facts" where "org_id" = ? and "conversation_id" = ?';

/**
 * Facts are written by the row writer's thread, like the ledger: written on the event loop, each turn's insert
 * waited for SQLite's write lock while the writer thread held it (the busy handler sleeps, up to 23 ms in the
 * soak) and now and then ran a WAL checkpoint. Pruning a conversation and forgetting an org's facts (right to be
 * forgotten: millions of rows, in chunks) are writes too, and go there. Reads stay on Kysely.
 */
export class SqliteMemoryFactStore extends KyselyMemoryFactStore {
  constructor(
    db: Kysely<StorageDatabase>,
    private readonly writer: SqliteRowWriter,
  ) {
    super(db);
  }

  /**
   * Read apart, the two figures may straddle another connection's write; a pair that does not add up only makes
   * FactMemory read the conversation again.
   */
  override async factsSummary(orgId: string, conversationId: string): Promise<{ total: number; newest: string | null }> {
    const parameters = [orgId, conversationId];
    const counted = await this.db.executeQuery<{ total: number }>(CompiledQuery.raw(COUNT_FACTS, parameters));
    const newest = await this.db.executeQuery<{ newest: string | null }>(CompiledQuery.raw(NEWEST_FACT, parameters));
    return { total: Number(counted.rows[0].total), newest: newest.rows[0].newest ?? null };
  }

  override async pruneFacts(orgId: string, conversationId: string, keep: number): Promise<number> {
    return this.writer.run('memory_facts_pruned', [[orgId, conversationId, keep]]);
  }

  override async deleteFacts(orgId: string, conversationId?: string): Promise<number> {
    if (conversationId === undefined) return this.writer.deleteInChunks('memory_facts_of_org', [orgId]);
    return this.writer.deleteInChunks('memory_facts_of_conversation', [orgId, conversationId]);
  }

  override async putFacts(facts: MemoryFact[]): Promise<void> {
    await this.writer.insert(
      'memory_facts',
      facts.map((fact) => {
        const row = toFactRow(fact);
        return factColumns.map((column) => row[column]);
      }),
    );
  }
}

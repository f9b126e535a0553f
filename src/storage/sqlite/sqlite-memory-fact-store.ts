import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import { KyselyMemoryFactStore, toFactRow } from '../kysely/kysely-memory-fact-store.js';
import type { MemoryFact } from '../../core/storage-interfaces.js';
import { insertIgnoringDuplicates, type SqliteRowWriter } from './sqlite-row-writer.js';

const factColumns = ['id', 'org_id', 'conversation_id', 'created_at', 'text', 'entities', 'embedding'] as const;

/** The INSERT the row writer runs for a fact; a retried turn stores nothing twice (ids derive from the request). */
export const memoryFactStatement = insertIgnoringDuplicates('memory_facts', factColumns, 'id');

/**
 * Facts are written by the row writer's thread, like the ledger: written on the event loop, each turn's insert
 * waited for SQLite's write lock while the writer thread held it (the busy handler sleeps, up to 23 ms in the
 * soak) and now and then ran a WAL checkpoint. Reads stay on Kysely.
 */
export class SqliteMemoryFactStore extends KyselyMemoryFactStore {
  constructor(
    db: Kysely<StorageDatabase>,
    private readonly writer: SqliteRowWriter,
  ) {
    super(db);
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

import type { Kysely, Migration } from 'kysely';

/** L2 conversation memory (issue 18): the facts users stated, per org and conversation, read newest first. */
export const memoryFactsMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('memory_facts')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('org_id', 'text', (column) => column.notNull())
      .addColumn('conversation_id', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('text', 'text', (column) => column.notNull())
      .addColumn('entities', 'text', (column) => column.notNull())
      .addColumn('embedding', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('memory_facts_conversation_index').on('memory_facts').columns(['org_id', 'conversation_id', 'created_at']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('memory_facts').execute();
  },
};

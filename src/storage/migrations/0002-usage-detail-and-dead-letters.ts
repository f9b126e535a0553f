import type { Kysely, Migration } from 'kysely';

/**
 * Usage rows keep every billed kind of token and say when svc estimated them; rows the ledger cannot
 * write go to a dead-letter table with the error instead of blocking the others.
 */
export const usageDetailAndDeadLettersMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    for (const column of ['cache_write_tokens', 'audio_input_tokens', 'audio_output_tokens']) {
      await db.schema.alterTable('usage_ledger').addColumn(column, 'bigint', (definition) => definition.notNull().defaultTo(0)).execute();
    }
    await db.schema.alterTable('usage_ledger').addColumn('estimated', 'integer', (definition) => definition.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('usage_dead_letters')
      .addColumn('request_id', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('record', 'text', (column) => column.notNull())
      .addColumn('error', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('usage_dead_letters_created_at_index').on('usage_dead_letters').column('created_at').execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('usage_dead_letters').execute();
    for (const column of ['cache_write_tokens', 'audio_input_tokens', 'audio_output_tokens', 'estimated']) {
      await db.schema.alterTable('usage_ledger').dropColumn(column).execute();
    }
  },
};

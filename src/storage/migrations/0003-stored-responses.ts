import type { Kysely, Migration } from 'kysely';

/** Responses kept for `previous_response_id` and `GET /v1/responses/{id}`, per org, until they expire. */
export const storedResponsesMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('stored_responses')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('org_id', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('response', 'text', (column) => column.notNull())
      .addColumn('conversation', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('stored_responses_expires_at_index').on('stored_responses').column('expires_at').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('stored_responses').execute();
  },
};

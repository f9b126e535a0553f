import type { Kysely, Migration } from 'kysely';

/** Usage rows of audio requests keep what they were billed on: seconds of audio and characters of text. */
export const audioUsageMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('usage_ledger').addColumn('audio_seconds', 'double precision', (definition) => definition.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('usage_ledger').addColumn('characters', 'bigint', (definition) => definition.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('usage_ledger').dropColumn('characters').execute();
    await db.schema.alterTable('usage_ledger').dropColumn('audio_seconds').execute();
  },
};

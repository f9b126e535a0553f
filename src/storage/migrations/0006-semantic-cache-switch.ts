import type { Kysely, Migration } from 'kysely';

/**
 * An org's semantic-cache switch: `semantic_cache` is `serve`, `shadow` (decide, never serve, measure) or
 * `off` (null: the config's default); `semantic_cache_note` says why svc switched it off by itself.
 */
export const semanticCacheSwitchMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('org_policies').addColumn('semantic_cache', 'text').execute();
    await db.schema.alterTable('org_policies').addColumn('semantic_cache_note', 'text').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('org_policies').dropColumn('semantic_cache_note').execute();
    await db.schema.alterTable('org_policies').dropColumn('semantic_cache').execute();
  },
};

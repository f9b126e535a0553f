import type { Kysely, Migration } from 'kysely';

/**
 * The first schema. Written with the schema builder and portable types only (text, integer,
 * bigint, double precision) so the same migration runs on SQLite and PostgreSQL.
 * No foreign keys: SQLite enforces them only per connection pragma, and the usage ledger must
 * accept rows for any org (e.g. the built-in `default` org) without failing a batch.
 */
export const initialSchemaMigration: Migration = {
  // Migrations must not depend on the current table types, which change over time.
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('orgs')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('org_id', 'text', (column) => column.notNull())
      .addColumn('name', 'text')
      .addColumn('prefix', 'text', (column) => column.notNull())
      .addColumn('key_hash', 'text', (column) => column.notNull().unique())
      .addColumn('scopes', 'text', (column) => column.notNull().defaultTo('[]'))
      .addColumn('expires_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('rpm', 'integer')
      .addColumn('tpm', 'integer')
      .addColumn('monthly_token_quota', 'bigint')
      .addColumn('monthly_budget_usd', 'double precision')
      .execute();
    await db.schema.createIndex('api_keys_org_id_index').on('api_keys').column('org_id').execute();

    await db.schema
      .createTable('org_settings')
      .addColumn('org_id', 'text', (column) => column.primaryKey())
      .addColumn('default_intelligence_mode', 'text')
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('usage_ledger')
      .addColumn('request_id', 'text', (column) => column.primaryKey())
      .addColumn('org_id', 'text', (column) => column.notNull())
      .addColumn('key_id', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('endpoint', 'text', (column) => column.notNull())
      .addColumn('requested_model', 'text', (column) => column.notNull())
      .addColumn('model', 'text')
      .addColumn('provider', 'text')
      .addColumn('status', 'integer', (column) => column.notNull())
      .addColumn('prompt_tokens', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('completion_tokens', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('cached_tokens', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('reasoning_tokens', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('cost_usd', 'double precision', (column) => column.notNull().defaultTo(0))
      .addColumn('baseline_cost_usd', 'double precision', (column) => column.notNull().defaultTo(0))
      .addColumn('cost_attribution', 'text', (column) => column.notNull())
      .addColumn('intelligence_mode', 'text', (column) => column.notNull())
      .addColumn('cache_hit', 'integer', (column) => column.notNull().defaultTo(0))
      // Fractional milliseconds (performance.now()) are accepted as they are.
      .addColumn('latency_ms', 'double precision', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('usage_ledger_org_id_created_at_index')
      .on('usage_ledger')
      .columns(['org_id', 'created_at'])
      .execute();
    // Summaries across all orgs filter on time alone.
    await db.schema.createIndex('usage_ledger_created_at_index').on('usage_ledger').column('created_at').execute();

    await db.schema
      .createTable('provider_keys')
      .addColumn('org_id', 'text', (column) => column.notNull())
      .addColumn('provider', 'text', (column) => column.notNull())
      .addColumn('encrypted_key', 'text', (column) => column.notNull())
      .addColumn('base_url', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('provider_keys_primary_key', ['org_id', 'provider'])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['provider_keys', 'usage_ledger', 'org_settings', 'api_keys', 'orgs']) {
      await db.schema.dropTable(table).execute();
    }
  },
};

import type { Kysely, Migration } from 'kysely';

/** Org limits and governance switches, the tool registry, and the audit trail. */
export const governanceAndAuditMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('org_policies')
      .addColumn('org_id', 'text', (column) => column.primaryKey())
      .addColumn('rpm', 'integer')
      .addColumn('tpm', 'integer')
      .addColumn('monthly_token_quota', 'bigint')
      .addColumn('monthly_budget_usd', 'double precision')
      .addColumn('enforce_tools', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('redact_pii', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('audit_prompts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('org_tools')
      .addColumn('org_id', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('policy', 'text', (column) => column.notNull())
      .addColumn('schema', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('org_tools_primary_key', ['org_id', 'name'])
      .execute();
    await db.schema
      .createTable('audit_records')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('request_id', 'text', (column) => column.notNull())
      .addColumn('org_id', 'text', (column) => column.notNull())
      .addColumn('key_id', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('endpoint', 'text', (column) => column.notNull())
      .addColumn('requested_model', 'text', (column) => column.notNull())
      .addColumn('served_model', 'text')
      .addColumn('provider', 'text')
      .addColumn('routing_decision', 'text')
      .addColumn('tool_calls', 'text', (column) => column.notNull())
      .addColumn('redactions', 'text', (column) => column.notNull())
      .addColumn('status', 'integer', (column) => column.notNull())
      .addColumn('cost_usd', 'double precision', (column) => column.notNull())
      .addColumn('cache_hit', 'integer', (column) => column.notNull())
      .addColumn('prompt', 'text')
      .execute();
    await db.schema.createIndex('audit_records_org_created_index').on('audit_records').columns(['org_id', 'created_at']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('audit_records').execute();
    await db.schema.dropTable('org_tools').execute();
    await db.schema.dropTable('org_policies').execute();
  },
};

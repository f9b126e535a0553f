import type { Kysely, Migration } from 'kysely';

/** Org limits and governance switches, the tool registry, and the audit details of each ledger row. */
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
    // The audit trail is the ledger row itself: one row, one write per request (`aud_<request id>`).
    for (const column of ['served_model', 'routing_decision', 'tool_calls', 'redactions', 'audit_prompt']) {
      await db.schema.alterTable('usage_ledger').addColumn(column, 'text').execute();
    }
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const column of ['served_model', 'routing_decision', 'tool_calls', 'redactions', 'audit_prompt']) {
      await db.schema.alterTable('usage_ledger').dropColumn(column).execute();
    }
    await db.schema.dropTable('org_tools').execute();
    await db.schema.dropTable('org_policies').execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/**
 * Usage rows say how the request was routed (the tier, and the task family `model: auto` read) and, for a
 * failed request, the error code it was answered with (spec section 7): the dashboard's routing and error views.
 */
export const usageRoutingAndErrorsMigration: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    for (const column of ['tier', 'task_family', 'error_code']) await db.schema.alterTable('usage_ledger').addColumn(column, 'text').execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const column of ['error_code', 'task_family', 'tier']) await db.schema.alterTable('usage_ledger').dropColumn(column).execute();
  },
};

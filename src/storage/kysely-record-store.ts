import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { StorageDatabase } from './database-schema.js';
import { migrateToLatest } from './migrations/run-migrations.js';
import {
  toApiKeyRecord,
  toApiKeyRow,
  toOrgSettings,
  toProviderKeyRecord,
  toProviderKeyRow,
  toUsageRow,
  toUtcTimestamp,
} from './record-rows.js';
import type {
  ApiKeyRecord,
  NewApiKey,
  Org,
  OrgSettings,
  ProviderKeyRecord,
  RecordStore,
  UsageQuery,
  UsageRecord,
  UsageSummary,
} from './storage-types.js';
import { summarizeUsage } from './usage-summary-query.js';

/** Rows per INSERT statement: stays under SQLite's and PostgreSQL's bound-parameter limits (20 columns a row). */
const USAGE_ROWS_PER_STATEMENT = 500;

/**
 * The RecordStore queries, written once for every dialect. The sqlite/ and postgres/ subclasses
 * only set up the connection (and, for PostgreSQL, the schema).
 */
export class KyselyRecordStore implements RecordStore {
  constructor(
    protected readonly db: Kysely<StorageDatabase>,
    readonly kind: 'sqlite' | 'postgres',
  ) {}

  async migrate(): Promise<void> {
    await migrateToLatest(this.db);
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }

  async createOrg(org: Org): Promise<Org> {
    const row = { id: org.id, name: org.name, created_at: toUtcTimestamp(org.created_at) };
    await this.db.insertInto('orgs').values(row).execute();
    return row;
  }

  async getOrg(id: string): Promise<Org | undefined> {
    return this.db.selectFrom('orgs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listOrgs(): Promise<Org[]> {
    return this.db.selectFrom('orgs').selectAll().orderBy('created_at').orderBy('id').execute();
  }

  async createApiKey(key: NewApiKey): Promise<ApiKeyRecord> {
    const row = toApiKeyRow(key, new Date().toISOString());
    await this.db.insertInto('api_keys').values(row).execute();
    return { ...key, expires_at: row.expires_at ?? null, revoked_at: null, created_at: row.created_at };
  }

  async getApiKey(id: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toApiKeyRecord(row);
  }

  async findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
    return row === undefined ? undefined : toApiKeyRecord(row);
  }

  async listApiKeys(orgId?: string): Promise<ApiKeyRecord[]> {
    let query = this.db.selectFrom('api_keys').selectAll();
    if (orgId !== undefined) query = query.where('org_id', '=', orgId);
    const rows = await query.orderBy('created_at').orderBy('id').execute();
    return rows.map(toApiKeyRecord);
  }

  async revokeApiKey(id: string, at: string): Promise<boolean> {
    // A second revocation keeps the first time: that is when the key stopped working.
    const result = await this.db
      .updateTable('api_keys')
      .set((expressions) => ({ revoked_at: expressions.fn.coalesce('revoked_at', expressions.val(toUtcTimestamp(at))) }))
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async getOrgSettings(orgId: string): Promise<OrgSettings | undefined> {
    const row = await this.db.selectFrom('org_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
    return row === undefined ? undefined : toOrgSettings(row);
  }

  async putOrgSettings(settings: OrgSettings): Promise<OrgSettings> {
    const row = {
      org_id: settings.org_id,
      default_intelligence_mode: settings.default_intelligence_mode,
      updated_at: toUtcTimestamp(settings.updated_at),
    };
    await this.db
      .insertInto('org_settings')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('org_id').doUpdateSet((expressions) => ({
          default_intelligence_mode: expressions.ref('excluded.default_intelligence_mode'),
          updated_at: expressions.ref('excluded.updated_at'),
        })),
      )
      .execute();
    return toOrgSettings(row);
  }

  async insertUsage(records: UsageRecord[]): Promise<void> {
    if (records.length === 0) return;
    const rows = records.map(toUsageRow);
    await this.db.transaction().execute(async (transaction) => {
      for (let start = 0; start < rows.length; start += USAGE_ROWS_PER_STATEMENT) {
        await transaction
          .insertInto('usage_ledger')
          .values(rows.slice(start, start + USAGE_ROWS_PER_STATEMENT))
          // A retried write of the same request must not count it twice nor fail the batch.
          .onConflict((conflict) => conflict.column('request_id').doNothing())
          .execute();
      }
    });
  }

  async summarizeUsage(query: UsageQuery): Promise<UsageSummary> {
    return summarizeUsage(this.db, query);
  }

  async putProviderKey(record: ProviderKeyRecord): Promise<void> {
    await this.db
      .insertInto('provider_keys')
      .values(toProviderKeyRow(record))
      // Replacing a key keeps its original created_at.
      .onConflict((conflict) =>
        conflict.columns(['org_id', 'provider']).doUpdateSet((expressions) => ({
          encrypted_key: expressions.ref('excluded.encrypted_key'),
          base_url: expressions.ref('excluded.base_url'),
          updated_at: expressions.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  async getProviderKey(orgId: string, provider: string): Promise<ProviderKeyRecord | undefined> {
    const row = await this.db
      .selectFrom('provider_keys')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return row === undefined ? undefined : toProviderKeyRecord(row);
  }

  async listProviderKeys(orgId: string): Promise<ProviderKeyRecord[]> {
    const rows = await this.db.selectFrom('provider_keys').selectAll().where('org_id', '=', orgId).orderBy('provider').execute();
    return rows.map(toProviderKeyRecord);
  }

  async deleteProviderKey(orgId: string, provider: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('provider_keys')
      .where('org_id', '=', orgId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

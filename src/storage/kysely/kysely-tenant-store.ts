import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import type { ApiKeyRecord, NewApiKey, Org, TenantStore } from '../../core/storage-interfaces.js';
import { toApiKeyRecord, toApiKeyRow, toUtcTimestamp } from './record-rows.js';

/** Orgs and API keys, written once for both dialects. */
export class KyselyTenantStore implements TenantStore {
  constructor(private readonly db: Kysely<StorageDatabase>) {}

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
}

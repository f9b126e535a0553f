import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import type { ProviderKeyRecord, ProviderKeyStore } from '../../core/storage-interfaces.js';
import { toProviderKeyRecord, toProviderKeyRow } from './record-rows.js';

export class KyselyProviderKeyStore implements ProviderKeyStore {
  constructor(private readonly db: Kysely<StorageDatabase>) {}

  async putProviderKey(record: ProviderKeyRecord): Promise<void> {
    await this.db
      .insertInto('provider_keys')
      .values(toProviderKeyRow(record))
      // Replacing a key keeps its original created_at.
      .onConflict((conflict) =>
        conflict.columns(['org_id', 'provider']).doUpdateSet((expressions) => ({
          encrypted_key: expressions.ref('excluded.encrypted_key'),
          key_id: expressions.ref('excluded.key_id'),
          base_url: expressions.ref('excluded.base_url'),
          base_url_trust: expressions.ref('excluded.base_url_trust'),
          updated_at: expressions.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  async getProviderKey(orgId: string, provider: string): Promise<ProviderKeyRecord | undefined> {
    const row = await this.db.selectFrom('provider_keys').selectAll().where('org_id', '=', orgId).where('provider', '=', provider).executeTakeFirst();
    return row === undefined ? undefined : toProviderKeyRecord(row);
  }

  async listProviderKeys(orgId: string): Promise<ProviderKeyRecord[]> {
    const rows = await this.db.selectFrom('provider_keys').selectAll().where('org_id', '=', orgId).orderBy('provider').execute();
    return rows.map(toProviderKeyRecord);
  }

  async listAllProviderKeys(): Promise<ProviderKeyRecord[]> {
    const rows = await this.db.selectFrom('provider_keys').selectAll().orderBy('org_id').orderBy('provider').execute();
    return rows.map(toProviderKeyRecord);
  }

  async deleteProviderKey(orgId: string, provider: string): Promise<boolean> {
    const result = await this.db.deleteFrom('provider_keys').where('org_id', '=', orgId).where('provider', '=', provider).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

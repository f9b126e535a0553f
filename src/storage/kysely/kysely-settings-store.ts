import type { Kysely } from 'kysely';
import type { StorageDatabase } from '../database-schema.js';
import type { OrgSettings, SettingsStore } from '../../core/storage-interfaces.js';
import { toOrgSettings, toUtcTimestamp } from './record-rows.js';

export class KyselySettingsStore implements SettingsStore {
  constructor(private readonly db: Kysely<StorageDatabase>) {}

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
}

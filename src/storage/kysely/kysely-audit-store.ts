import type { Kysely, Selectable } from 'kysely';
import type { AuditRecordsTable, StorageDatabase } from '../database-schema.js';
import type { AuditQuery, AuditRecord, AuditStore } from '../storage-types.js';
import { toAuditRow, toUtcTimestamp } from './record-rows.js';

export class KyselyAuditStore implements AuditStore {
  constructor(private readonly db: Kysely<StorageDatabase>) {}

  async insertAudit(records: AuditRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.db
      .insertInto('audit_records')
      .values(records.map(toAuditRow))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  async getAudit(id: string, orgId?: string): Promise<AuditRecord | undefined> {
    let query = this.db.selectFrom('audit_records').selectAll().where('id', '=', id);
    if (orgId !== undefined) query = query.where('org_id', '=', orgId);
    const row = await query.executeTakeFirst();
    return row && toAudit(row);
  }

  async listAudit(query: AuditQuery): Promise<AuditRecord[]> {
    let select = this.db.selectFrom('audit_records').selectAll();
    if (query.org_id !== undefined) select = select.where('org_id', '=', query.org_id);
    if (query.from !== undefined) select = select.where('created_at', '>=', toUtcTimestamp(query.from));
    if (query.to !== undefined) select = select.where('created_at', '<', toUtcTimestamp(query.to));
    if (query.status !== undefined) select = select.where('status', '=', query.status);
    if (query.endpoint !== undefined) select = select.where('endpoint', '=', query.endpoint);
    const rows = await select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
    return rows.map(toAudit);
  }
}

function toAudit(row: Selectable<AuditRecordsTable>): AuditRecord {
  return {
    ...row,
    tool_calls: JSON.parse(row.tool_calls) as string[],
    redactions: JSON.parse(row.redactions) as Record<string, number>,
    status: Number(row.status),
    cost_usd: Number(row.cost_usd),
    cache_hit: Boolean(row.cache_hit),
  };
}

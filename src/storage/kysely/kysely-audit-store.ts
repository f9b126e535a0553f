import type { Kysely, Selectable } from 'kysely';
import type { StorageDatabase, UsageLedgerTable } from '../database-schema.js';
import type { AuditQuery, AuditRecord, AuditStore } from '../../core/storage-interfaces.js';
import { toUtcTimestamp } from './record-rows.js';

const AUDIT_PREFIX = 'aud_';

/** The audit trail over the ledger: a record is its request's row, id `aud_<request id>`. */
export class KyselyAuditStore implements AuditStore {
  constructor(private readonly db: Kysely<StorageDatabase>) {}

  async getAudit(id: string, orgId?: string): Promise<AuditRecord | undefined> {
    if (!id.startsWith(AUDIT_PREFIX)) return undefined;
    let query = this.db.selectFrom('usage_ledger').selectAll().where('request_id', '=', id.slice(AUDIT_PREFIX.length));
    if (orgId !== undefined) query = query.where('org_id', '=', orgId);
    const row = await query.executeTakeFirst();
    return row && toAudit(row);
  }

  async listAudit(query: AuditQuery): Promise<AuditRecord[]> {
    let select = this.db.selectFrom('usage_ledger').selectAll();
    if (query.org_id !== undefined) select = select.where('org_id', '=', query.org_id);
    if (query.from !== undefined) select = select.where('created_at', '>=', toUtcTimestamp(query.from));
    if (query.to !== undefined) select = select.where('created_at', '<', toUtcTimestamp(query.to));
    if (query.status !== undefined) select = select.where('status', '=', query.status);
    if (query.min_status !== undefined) select = select.where('status', '>=', query.min_status);
    if (query.endpoint !== undefined) select = select.where('endpoint', '=', query.endpoint);
    const rows = await select.orderBy('created_at', 'desc').orderBy('request_id', 'desc').limit(query.limit).execute();
    return rows.map(toAudit);
  }
}

function toAudit(row: Selectable<UsageLedgerTable>): AuditRecord {
  return {
    id: `${AUDIT_PREFIX}${row.request_id}`,
    request_id: row.request_id,
    org_id: row.org_id,
    key_id: row.key_id,
    created_at: row.created_at,
    endpoint: row.endpoint,
    requested_model: row.requested_model,
    served_model: row.served_model,
    provider: row.provider,
    routing_decision: row.routing_decision,
    tool_calls: row.tool_calls ? (JSON.parse(row.tool_calls) as string[]) : [],
    redactions: row.redactions ? (JSON.parse(row.redactions) as Record<string, number>) : {},
    status: Number(row.status),
    cost_usd: Number(row.cost_usd),
    cache_hit: Boolean(row.cache_hit),
    prompt: row.audit_prompt,
    error_code: row.error_code,
  };
}

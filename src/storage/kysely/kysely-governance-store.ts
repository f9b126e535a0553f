import type { Kysely, Selectable } from 'kysely';
import type { OrgPoliciesTable, OrgToolsTable, StorageDatabase } from '../database-schema.js';
import type { GovernanceStore, OrgPolicy, RegisteredTool, SemanticCacheSwitch } from '../../core/storage-interfaces.js';
import { toNumber, toUtcTimestamp } from './record-rows.js';

export class KyselyGovernanceStore implements GovernanceStore {
  constructor(private readonly db: Kysely<StorageDatabase>) {}

  async getPolicy(orgId: string): Promise<OrgPolicy | undefined> {
    const row = await this.db.selectFrom('org_policies').selectAll().where('org_id', '=', orgId).executeTakeFirst();
    return row && toPolicy(row);
  }

  async putPolicy(policy: OrgPolicy): Promise<OrgPolicy> {
    const row = {
      org_id: policy.org_id,
      rpm: policy.rpm,
      tpm: policy.tpm,
      monthly_token_quota: policy.monthly_token_quota,
      monthly_budget_usd: policy.monthly_budget_usd,
      enforce_tools: policy.enforce_tools ? 1 : 0,
      redact_pii: policy.redact_pii ? 1 : 0,
      audit_prompts: policy.audit_prompts ? 1 : 0,
      semantic_cache: policy.semantic_cache,
      semantic_cache_note: policy.semantic_cache_note,
      updated_at: toUtcTimestamp(policy.updated_at),
    };
    const { org_id: _orgId, ...changes } = row;
    await this.db
      .insertInto('org_policies')
      .values(row)
      .onConflict((conflict) => conflict.column('org_id').doUpdateSet(changes))
      .execute();
    return toPolicy(row);
  }

  async listTools(orgId: string): Promise<RegisteredTool[]> {
    const rows = await this.db.selectFrom('org_tools').selectAll().where('org_id', '=', orgId).orderBy('name').execute();
    return rows.map(toTool);
  }

  async putTool(tool: RegisteredTool): Promise<RegisteredTool> {
    const row = {
      org_id: tool.org_id,
      name: tool.name,
      policy: tool.policy,
      schema: tool.schema === null ? null : JSON.stringify(tool.schema),
      created_at: toUtcTimestamp(tool.created_at),
      updated_at: toUtcTimestamp(tool.updated_at),
    };
    await this.db
      .insertInto('org_tools')
      .values(row)
      .onConflict((conflict) => conflict.columns(['org_id', 'name']).doUpdateSet({ policy: row.policy, schema: row.schema, updated_at: row.updated_at }))
      .execute();
    const stored = await this.db.selectFrom('org_tools').selectAll().where('org_id', '=', tool.org_id).where('name', '=', tool.name).executeTakeFirstOrThrow();
    return toTool(stored);
  }

  async deleteTool(orgId: string, name: string): Promise<boolean> {
    const result = await this.db.deleteFrom('org_tools').where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

function toPolicy(row: Selectable<OrgPoliciesTable> | (Omit<Selectable<OrgPoliciesTable>, 'monthly_token_quota'> & { monthly_token_quota: number | null })): OrgPolicy {
  return {
    org_id: row.org_id,
    rpm: row.rpm,
    tpm: row.tpm,
    monthly_token_quota: row.monthly_token_quota === null ? null : toNumber(row.monthly_token_quota),
    monthly_budget_usd: row.monthly_budget_usd,
    enforce_tools: Boolean(row.enforce_tools),
    redact_pii: Boolean(row.redact_pii),
    audit_prompts: Boolean(row.audit_prompts),
    semantic_cache: (row.semantic_cache as SemanticCacheSwitch | null) ?? null,
    semantic_cache_note: row.semantic_cache_note ?? null,
    updated_at: row.updated_at,
  };
}

function toTool(row: Selectable<OrgToolsTable>): RegisteredTool {
  return {
    org_id: row.org_id,
    name: row.name,
    policy: row.policy === 'block' ? 'block' : 'allow',
    schema: row.schema === null ? null : (JSON.parse(row.schema) as Record<string, unknown>),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

import type { Insertable, Selectable } from 'kysely';
import type { ApiKeysTable, ProviderKeysTable, UsageLedgerTable } from '../database-schema.js';
import type { ApiKeyRecord, NewApiKey, OrgSettings, ProviderKeyRecord, UsageRecord } from '../../core/storage-interfaces.js';

/** Conversions between the records of storage-types.ts and the rows of both dialects. */

/** pg returns bigint, numeric and COUNT results as strings; SUM over no rows is NULL. */
export function toNumber(value: number | string | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return Number(value);
}

function toNullableNumber(value: number | string | bigint | null): number | null {
  return value === null ? null : Number(value);
}

/**
 * Every stored timestamp goes through toISOString() so that text comparison orders them in time
 * ("...:00Z" and "...:00.000Z" would otherwise compare wrongly).
 */
export function toUtcTimestamp(value: string): string {
  // Already in toISOString() form (every timestamp svc makes itself): nothing to normalise.
  if (value.length === 24 && canonicalTimestamp.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an ISO 8601 timestamp: ${JSON.stringify(value)}`);
  return date.toISOString();
}

const canonicalTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function toNullableUtcTimestamp(value: string | null): string | null {
  return value === null ? null : toUtcTimestamp(value);
}

function parseScopes(text: string): string[] {
  const scopes: unknown = JSON.parse(text);
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string')) {
    throw new TypeError(`api_keys.scopes is not a JSON array of strings: ${text}`);
  }
  return scopes;
}

export function toApiKeyRow(key: NewApiKey, createdAt: string): Insertable<ApiKeysTable> {
  return {
    id: key.id,
    org_id: key.org_id,
    name: key.name,
    prefix: key.prefix,
    key_hash: key.key_hash,
    scopes: JSON.stringify(key.scopes),
    expires_at: toNullableUtcTimestamp(key.expires_at),
    revoked_at: null,
    created_at: createdAt,
    rpm: key.rpm,
    tpm: key.tpm,
    monthly_token_quota: key.monthly_token_quota,
    monthly_budget_usd: key.monthly_budget_usd,
  };
}

export function toApiKeyRecord(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    prefix: row.prefix,
    key_hash: row.key_hash,
    scopes: parseScopes(row.scopes),
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
    rpm: toNullableNumber(row.rpm),
    tpm: toNullableNumber(row.tpm),
    monthly_token_quota: toNullableNumber(row.monthly_token_quota),
    monthly_budget_usd: toNullableNumber(row.monthly_budget_usd),
  };
}

export function toOrgSettings(row: { org_id: string; default_intelligence_mode: string | null; updated_at: string }): OrgSettings {
  return {
    org_id: row.org_id,
    default_intelligence_mode: row.default_intelligence_mode as OrgSettings['default_intelligence_mode'],
    updated_at: row.updated_at,
  };
}

export function toUsageRow(record: UsageRecord): Insertable<UsageLedgerTable> {
  return {
    request_id: record.request_id,
    org_id: record.org_id,
    key_id: record.key_id,
    created_at: toUtcTimestamp(record.created_at),
    endpoint: record.endpoint,
    requested_model: record.requested_model,
    model: record.model,
    provider: record.provider,
    status: record.status,
    prompt_tokens: record.prompt_tokens,
    completion_tokens: record.completion_tokens,
    cached_tokens: record.cached_tokens,
    reasoning_tokens: record.reasoning_tokens,
    cache_write_tokens: record.cache_write_tokens,
    audio_input_tokens: record.audio_input_tokens,
    audio_output_tokens: record.audio_output_tokens,
    audio_seconds: record.audio_seconds ?? 0,
    characters: record.characters ?? 0,
    estimated: record.estimated ? 1 : 0,
    cost_usd: record.cost_usd,
    baseline_cost_usd: record.baseline_cost_usd,
    cost_attribution: record.cost_attribution,
    intelligence_mode: record.intelligence_mode,
    cache_hit: record.cache_hit ? 1 : 0,
    latency_ms: record.latency_ms,
    served_model: record.audit?.served_model ?? null,
    routing_decision: record.audit?.routing_decision ?? null,
    tool_calls: record.audit?.tool_calls?.length ? JSON.stringify(record.audit.tool_calls) : null,
    redactions: record.audit?.redactions ? JSON.stringify(record.audit.redactions) : null,
    audit_prompt: record.audit?.prompt ?? null,
    tier: record.tier ?? null,
    task_family: record.task_family ?? null,
    error_code: record.error_code ?? null,
  };
}

export function toProviderKeyRow(record: ProviderKeyRecord): Insertable<ProviderKeysTable> {
  return {
    org_id: record.org_id,
    provider: record.provider,
    encrypted_key: record.encrypted_key,
    key_id: record.key_id,
    base_url: record.base_url,
    base_url_trust: record.base_url_trust,
    created_at: toUtcTimestamp(record.created_at),
    updated_at: toUtcTimestamp(record.updated_at),
  };
}

export function toProviderKeyRecord(row: Selectable<ProviderKeysTable>): ProviderKeyRecord {
  return {
    org_id: row.org_id,
    provider: row.provider,
    encrypted_key: row.encrypted_key,
    key_id: row.key_id,
    base_url: row.base_url,
    base_url_trust: row.base_url_trust === 'platform' || row.base_url_trust === 'org' ? row.base_url_trust : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

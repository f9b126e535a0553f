import type { ColumnType } from 'kysely';

/**
 * Kysely's view of the tables created by the migrations. Timestamps are ISO 8601 UTC text,
 * scopes JSON text, booleans 0/1 integers, money double precision.
 */

/** pg returns int8 (bigint) as a string to keep precision; readers convert with Number(). */
type BigIntegerColumn = ColumnType<number | string, number, number>;
type NullableBigIntegerColumn = ColumnType<number | string | null, number | null, number | null>;

export interface OrgsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  org_id: string;
  name: string | null;
  prefix: string;
  key_hash: string;
  /** JSON array of strings. */
  scopes: string;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
  rpm: number | null;
  tpm: number | null;
  monthly_token_quota: NullableBigIntegerColumn;
  monthly_budget_usd: number | null;
}

export interface OrgSettingsTable {
  org_id: string;
  default_intelligence_mode: string | null;
  updated_at: string;
}

export interface UsageLedgerTable {
  request_id: string;
  org_id: string;
  key_id: string | null;
  created_at: string;
  endpoint: string;
  requested_model: string;
  model: string | null;
  provider: string | null;
  status: number;
  prompt_tokens: BigIntegerColumn;
  completion_tokens: BigIntegerColumn;
  cached_tokens: BigIntegerColumn;
  reasoning_tokens: BigIntegerColumn;
  cache_write_tokens: BigIntegerColumn;
  audio_input_tokens: BigIntegerColumn;
  audio_output_tokens: BigIntegerColumn;
  /** Seconds of audio and characters of text billed (migration 0007). */
  audio_seconds: number;
  characters: BigIntegerColumn;
  /** 1 when svc estimated the token counts (a cut stream, unreadable upstream usage). */
  estimated: number;
  cost_usd: number;
  baseline_cost_usd: number;
  cost_attribution: string;
  intelligence_mode: string;
  /** 0 or 1. */
  cache_hit: number;
  latency_ms: number;
  /** Audit details (migration 0004): the model that answered, the routing summary, tool names and redaction counts as JSON, the prompt when the org keeps it. */
  served_model: string | null;
  routing_decision: string | null;
  tool_calls: string | null;
  redactions: string | null;
  audit_prompt: string | null;
  /** How it was routed and, when it failed, its error code (migration 0009). */
  tier: string | null;
  task_family: string | null;
  error_code: string | null;
}

export interface ProviderKeysTable {
  org_id: string;
  provider: string;
  encrypted_key: string;
  key_id: string | null;
  base_url: string | null;
  base_url_trust: string | null;
  created_at: string;
  updated_at: string;
}

export interface UsageDeadLettersTable {
  request_id: string;
  created_at: string;
  /** The record as JSON. */
  record: string;
  error: string;
}

export interface StoredResponsesTable {
  id: string;
  org_id: string;
  created_at: string;
  expires_at: string;
  response: string;
  conversation: string;
}

export interface OrgPoliciesTable {
  org_id: string;
  rpm: number | null;
  tpm: number | null;
  monthly_token_quota: NullableBigIntegerColumn;
  monthly_budget_usd: number | null;
  enforce_tools: number;
  redact_pii: number;
  audit_prompts: number;
  semantic_cache: string | null;
  semantic_cache_note: string | null;
  updated_at: string;
}

export interface OrgToolsTable {
  org_id: string;
  name: string;
  policy: string;
  /** JSON schema of the arguments, as JSON text. */
  schema: string | null;
  created_at: string;
  updated_at: string;
}

export interface MemoryFactsTable {
  id: string;
  org_id: string;
  conversation_id: string;
  created_at: string;
  text: string;
  /** JSON array of {kind, value}. */
  entities: string;
  embedding: string;
}

export interface StorageDatabase {
  memory_facts: MemoryFactsTable;
  org_policies: OrgPoliciesTable;
  org_tools: OrgToolsTable;
  stored_responses: StoredResponsesTable;
  usage_dead_letters: UsageDeadLettersTable;
  orgs: OrgsTable;
  api_keys: ApiKeysTable;
  org_settings: OrgSettingsTable;
  usage_ledger: UsageLedgerTable;
  provider_keys: ProviderKeysTable;
}

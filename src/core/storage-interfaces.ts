/**
 * Storage interfaces. Durable records live in a RecordStore (SQLite by default, PostgreSQL when
 * SVC_DATABASE_URL is set); fast shared state lives in a SharedState (in process, or Redis when
 * SVC_REDIS_URL is set). Every implementation passes the same contract test suite.
 * Timestamps are ISO 8601 strings in UTC.
 */

export interface Org {
  id: string;
  name: string;
  created_at: string;
}

export interface ApiKeyRecord {
  id: string;
  org_id: string;
  name: string | null;
  /** First characters of the secret, safe to show ("svc_ab12cd34"). */
  prefix: string;
  /** SHA-256 hex of the whole secret; the secret itself is never stored. */
  key_hash: string;
  scopes: string[];
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
  rpm: number | null;
  tpm: number | null;
  monthly_token_quota: number | null;
  monthly_budget_usd: number | null;
}

export type NewApiKey = Omit<ApiKeyRecord, 'revoked_at' | 'created_at'>;

export interface OrgSettings {
  org_id: string;
  default_intelligence_mode: 'proxy' | 'cache' | 'full' | null;
  updated_at: string;
}

/** One request's usage and cost, as written to the ledger after the response. */
export interface UsageRecord {
  request_id: string;
  org_id: string;
  key_id: string | null;
  created_at: string;
  endpoint: string;
  requested_model: string;
  model: string | null;
  provider: string | null;
  status: number;
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens: number;
  reasoning_tokens: number;
  cache_write_tokens: number;
  audio_input_tokens: number;
  audio_output_tokens: number;
  /** Seconds of audio billed per minute (transcription, realtime); characters billed per character (speech). */
  audio_seconds?: number;
  characters?: number;
  /** True when svc estimated the counts (a cut stream, unreadable upstream usage). */
  estimated: boolean;
  cost_usd: number;
  baseline_cost_usd: number;
  cost_attribution: 'svc' | 'byok';
  intelligence_mode: string;
  cache_hit: boolean;
  latency_ms: number;
  /** The tier that served it, and the task family `model: auto` read (null for a pinned model). */
  tier?: string | null;
  task_family?: string | null;
  /** The error code a failed request was answered with (spec section 7), null when it succeeded. */
  error_code?: string | null;
  /** What the request's audit record adds (the rest of it is this row). */
  audit?: AuditDetails;
}

/**
 * What an audit record adds to the usage row of its request: stored in the same row, journaled in the
 * same line. Empty lists and absent prompts are left out.
 */
export interface AuditDetails {
  served_model: string | null;
  routing_decision: string | null;
  tool_calls?: string[];
  redactions?: Record<string, number>;
  prompt?: string;
}

export interface UsageQuery {
  org_id?: string;
  /** One API key's rows (its monthly quota and budget). */
  key_id?: string;
  /** Only rows answered from a cache (true) or only the others (false). */
  cache_hit?: boolean;
  /** Inclusive lower bound (ISO 8601). */
  from?: string;
  /** Exclusive upper bound (ISO 8601). */
  to?: string;
}

export interface UsageTotals {
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  cached_tokens: number;
  cost_usd: number;
  baseline_cost_usd: number;
  savings_usd: number;
  /** Requests answered from a cache (cost 0; their savings are in savings_usd). */
  cache_hits: number;
  /** Seconds of audio billed per minute, and characters billed per character (audio and voice). */
  audio_seconds: number;
  characters: number;
}

export interface UsageSummary extends UsageTotals {
  org_id: string | null;
  from: string | null;
  to: string | null;
  by_model: Array<UsageTotals & { model: string | null; provider: string | null }>;
  /** Requests per HTTP status they ended with (200, 499 client gone, 502 upstream failure…), by status. */
  by_status: Array<{ status: number; requests: number }>;
  /** Totals per endpoint (`chat.completions`, `embeddings`, `moderations`…). */
  by_endpoint: Array<UsageTotals & { endpoint: string }>;
}

/** An org's own provider key (BYOK), encrypted at rest by the caller of the store. */
export interface ProviderKeyRecord {
  org_id: string;
  provider: string;
  /** AES-256-GCM ciphertext, base64 of iv|tag|ciphertext, bound to the org and provider. */
  encrypted_key: string;
  /** The encryption key it was sealed with; null for keys sealed before key ids existed. */
  key_id: string | null;
  base_url: string | null;
  /** Who set the base URL: `platform` (reached as configured) or `org` (public addresses only). */
  base_url_trust: 'platform' | 'org' | null;
  created_at: string;
  updated_at: string;
}

/** Orgs and their API keys. */
export interface TenantStore {
  createOrg(org: Org): Promise<Org>;
  getOrg(id: string): Promise<Org | undefined>;
  listOrgs(): Promise<Org[]>;

  createApiKey(key: NewApiKey): Promise<ApiKeyRecord>;
  getApiKey(id: string): Promise<ApiKeyRecord | undefined>;
  findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  listApiKeys(orgId?: string): Promise<ApiKeyRecord[]>;
  /** Sets revoked_at; returns false when the key does not exist. */
  revokeApiKey(id: string, at: string): Promise<boolean>;
}

/** Per-org settings (PUT /v1/settings). */
export interface SettingsStore {
  getOrgSettings(orgId: string): Promise<OrgSettings | undefined>;
  putOrgSettings(settings: OrgSettings): Promise<OrgSettings>;
}

/** The byte that ends each line of the usage journal (JSON.stringify escapes a newline inside a string, so none is in a record). */
export const JOURNAL_LINE_END = 0x0a;

/** The usage ledger. */
export interface UsageStore {
  /** Appends ledger rows in one transaction; a duplicate request_id is ignored, never a failure of the batch. */
  insertUsage(records: UsageRecord[]): Promise<void>;
  /**
   * Optional: appends the rows of records given as the usage journal wrote them — UTF-8 lines, each `JSON.stringify`
   * of a record and a newline — as insertUsage does. A store that hands its rows to another thread takes these
   * instead of serializing every record a second time on the event loop. The bytes are the store's: it may move them
   * to another thread.
   */
  insertJournaledUsage?(journaled: Uint8Array): Promise<void>;
  /** Keeps a row that could not be written, with the error, for an operator to look at; once per request id. */
  insertDeadLetter(record: UsageRecord, error: string): Promise<void>;
  /** The dead letters, newest first. */
  listDeadLetters(limit: number): Promise<Array<{ request_id: string; created_at: string; record: string; error: string }>>;
  summarizeUsage(query: UsageQuery): Promise<UsageSummary>;
  /** Totals per combination of `dimensions` (an hour or day of `created_at`, org, key, model, tier…), oldest bucket first. */
  usageBreakdown(query: UsageQuery, dimensions: readonly UsageDimension[]): Promise<UsageBreakdownRow[]>;
}

/** What usage can be broken down by: a time bucket (`hour`, `day`, UTC) or a column of the ledger. */
export const usageDimensions = ['hour', 'day', 'org', 'key', 'model', 'provider', 'endpoint', 'tier', 'task_family', 'status'] as const;
export type UsageDimension = (typeof usageDimensions)[number];

/** Totals of one combination; each dimension asked for is a key (a bucket as the ISO time it starts at). */
export type UsageBreakdownRow = UsageTotals & Partial<Record<UsageDimension, string | number | null>>;

/** Orgs' own provider keys (BYOK), stored encrypted. */
export interface ProviderKeyStore {
  putProviderKey(record: ProviderKeyRecord): Promise<void>;
  getProviderKey(orgId: string, provider: string): Promise<ProviderKeyRecord | undefined>;
  listProviderKeys(orgId: string): Promise<ProviderKeyRecord[]>;
  deleteProviderKey(orgId: string, provider: string): Promise<boolean>;
  /** Every stored key of every org (re-encryption under a new key). */
  listAllProviderKeys(): Promise<ProviderKeyRecord[]>;
}

/** A Responses API answer kept for `previous_response_id` and `GET /v1/responses/{id}`. */
export interface StoredResponse {
  id: string;
  org_id: string;
  created_at: string;
  /** After this the response is gone (retention). */
  expires_at: string;
  /** The response object as JSON. */
  response: string;
  /** The chat messages of the turn (input and output) as JSON, to continue the conversation. */
  conversation: string;
}

export interface ResponseStore {
  /** Stores responses; an id already stored is left as it is. */
  putResponses(records: StoredResponse[]): Promise<void>;
  /** The response of this org with this id, unless it expired by `now`; another org's is undefined. */
  getResponse(orgId: string, id: string, now: string): Promise<StoredResponse | undefined>;
  deleteExpiredResponses(now: string): Promise<number>;
}

import type { MemoryFactStore } from './memory-fact-store.js';
export type { FactEntityKind, MemoryFact, MemoryFactStore } from './memory-fact-store.js';

/** An org's limits (the stricter of key and org applies) and governance switches. */
export interface OrgPolicy {
  org_id: string;
  rpm: number | null;
  tpm: number | null;
  monthly_token_quota: number | null;
  monthly_budget_usd: number | null;
  /** Requests may only declare registered tools, and answers may only call allowed ones. */
  enforce_tools: boolean;
  /** PII redaction for every request of the org (a request may still ask with svc.redact_pii). */
  redact_pii: boolean;
  /** Audit records keep the prompt text. */
  audit_prompts: boolean;
  /** The semantic cache: serve hits, only measure them (shadow), or off; null: the config's default. */
  semantic_cache: SemanticCacheSwitch | null;
  /** Why svc switched the semantic cache off by itself (measured precision under the floor); null otherwise. */
  semantic_cache_note: string | null;
  updated_at: string;
}

export type SemanticCacheSwitch = 'serve' | 'shadow' | 'off';

export interface RegisteredTool {
  org_id: string;
  name: string;
  policy: 'allow' | 'block';
  /** JSON schema the call's arguments must satisfy. */
  schema: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

export interface GovernanceStore {
  getPolicy(orgId: string): Promise<OrgPolicy | undefined>;
  putPolicy(policy: OrgPolicy): Promise<OrgPolicy>;
  listTools(orgId: string): Promise<RegisteredTool[]>;
  /** Registers or replaces a tool (created_at of a replaced one is kept). */
  putTool(tool: RegisteredTool): Promise<RegisteredTool>;
  deleteTool(orgId: string, name: string): Promise<boolean>;
}

/** One request in the audit trail: who, what, how it ended — never the prompt unless the org opted in. */
export interface AuditRecord {
  id: string;
  request_id: string;
  org_id: string;
  key_id: string | null;
  created_at: string;
  endpoint: string;
  requested_model: string;
  served_model: string | null;
  provider: string | null;
  routing_decision: string | null;
  tool_calls: string[];
  redactions: Record<string, number>;
  status: number;
  cost_usd: number;
  cache_hit: boolean;
  prompt: string | null;
  /** The error code of a failed request (spec section 7); null when it succeeded or for rows from before migration 0009. */
  error_code: string | null;
}

export interface AuditQuery {
  org_id?: string;
  from?: string;
  to?: string;
  status?: number;
  /** Only rows whose status is at least this (400: the errors). */
  min_status?: number;
  endpoint?: string;
  limit: number;
}

/** The audit trail: read from the ledger, whose rows carry each request's audit details. */
export interface AuditStore {
  /** The record `id`, within `orgId` when given (another org's is undefined). */
  getAudit(id: string, orgId?: string): Promise<AuditRecord | undefined>;
  /** Newest first. */
  listAudit(query: AuditQuery): Promise<AuditRecord[]>;
}

/** The durable records, one store per concern, on one database (SQLite or PostgreSQL). */
export interface RecordStore {
  readonly kind: 'sqlite' | 'postgres';
  readonly tenants: TenantStore;
  readonly settings: SettingsStore;
  readonly usage: UsageStore;
  readonly providerKeys: ProviderKeyStore;
  readonly responses: ResponseStore;
  readonly governance: GovernanceStore;
  readonly audit: AuditStore;
  readonly memoryFacts: MemoryFactStore;
  /** Creates or upgrades the schema (one migration set for every dialect). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

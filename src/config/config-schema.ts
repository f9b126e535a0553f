import { z } from 'zod';
import type { WireFormat } from '../catalog/catalog-types.js';

/** The config file (SVC_CONFIG) as written: snake_case, every key optional, unknown keys rejected. */

export const intelligenceModes = ['proxy', 'cache', 'full'] as const;
export type IntelligenceMode = (typeof intelligenceModes)[number];

/** pino's levels, the values SVC_LOG_LEVEL accepts. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export const wireFormats = ['openai', 'anthropic', 'gemini', 'deepgram', 'elevenlabs', 'cartesia'] as const satisfies readonly WireFormat[];

export const configDefaults = {
  server: { host: '127.0.0.1', port: 8080, workers: 1, shutdownTimeoutMs: 10_000, bodyLimitBytes: 10 * 1024 * 1024, sseHeartbeatMs: 15_000, corsOrigins: [] as string[] },
  demo: { enabled: true },
  security: { byokAllowedHosts: [] as string[] },
  storage: { dataDir: './data', redisKeyPrefix: 'svc:', queryTimeoutMs: 60_000 },
  timeouts: { connectMs: 10_000, firstByteMs: 60_000, idleMs: 60_000 },
  intelligenceMode: 'full' as IntelligenceMode,
  routing: { maxAttempts: 3, deadlineMs: 120_000, circuitBreaker: { windowMs: 10_000, minimumCalls: 20, failureRatio: 0.5, cooldownMs: 30_000 } },
  // 200 rows a write: a batch is handed to the SQLite thread in one turn of the event loop (a request arriving behind
  // it waits), and the thread's CPU per row falls with the batch's size: SQLite's insert 8.8 µs a row in batches of
  // 200 against 12.1 in batches of 50 (each commit rewrites the table's and indexes' last pages), 7.8 at 500. Past
  // 200 the gain is small and a row waits longer in the queue: `npm run bench:ab` read 500 rows 3 % worse than 50
  // with governance on (audited prompts make longer lines, kept long enough to be promoted out of the young generation).
  // 10,000 queued records are ~7 MB; past them records wait in the journal on disk and are read back as the queue drains.
  ledger: { flushIntervalMs: 1000, maxBatch: 200, maxQueue: 10_000 },
  billing: { audioFeePerMinuteUsd: 0 },
  responses: { retentionDays: 30 },
  cache: {
    // The in-process caches' bounds, all orgs together, sized for an instance that stays near 300 MB under load: with 128 MB
    // for the semantic index, eight orgs' fresh prompts at 200 requests/s grew it past 100 MB in six minutes (RSS 388 MB
    // and climbing), where one org stops at its 10,000 entries (~33 MB). At 32 MB, eight orgs held RSS where one does
    // (343 MB at six minutes against 388; bench/HISTORY.md, twenty-first session). An operator with memory to spare raises them.
    exact: { maxEntries: 10_000, maxBytes: 32 * 1024 * 1024, ttlSeconds: 3600, maxTemperature: Number.POSITIVE_INFINITY, cacheSeeded: true, seededOnly: false },
    semantic: {
      enabled: true,
      embedder: 'local',
      maxEntriesPerOrg: 10_000,
      maxEntries: 20_000,
      maxBytes: 32 * 1024 * 1024,
      ttlSeconds: 3600,
      maxTurns: 3,
      scope: 'model' as 'model' | 'family',
      mode: 'serve' as 'serve' | 'shadow' | 'off',
      verifySampleRate: 0.02,
      precisionFloor: 0.9,
      minShadowSamples: 50,
      answerAgreement: 0.8,
    },
  },
  verification: { minConfidence: 0.7 },
  logLevel: 'info' as LogLevel,
} as const;

/** Provider ids become env names (`my-vllm` → `MY_VLLM_API_KEY`) and slug prefixes, so no `/`, dots or capitals. */
export const providerIdPattern = /^[a-z0-9][a-z0-9_-]*$/;
export const postgresUrlPattern = /^postgres(ql)?:\/\//;
export const redisUrlPattern = /^rediss?:\/\//;

const integer = (minimum: number, maximum?: number) => {
  const base = z.number().int().min(minimum);
  return maximum === undefined ? base : base.max(maximum);
};
const nonEmptyString = z.string().min(1);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const timeoutsSchema = z
  .strictObject({
    connect_ms: integer(1).optional().describe('Time to open a connection to the provider'),
    first_byte_ms: integer(1).optional().describe("Time to the answer's headers (a stream's first event)"),
    idle_ms: integer(1).optional().describe('Longest silence inside an answer or a stream'),
  })
  .describe("Upstream time-outs of this provider's calls, in milliseconds");

const providerSchema = z.strictObject({
  api_keys: z.array(nonEmptyString).optional().describe('Platform keys, a rotation pool (round-robin; a key answered 429 or 402 cools down). `<ID>_API_KEY` (comma-separated) overrides them'),
  base_url: httpUrl.optional().describe("The provider's API root; `<ID>_BASE_URL` overrides it. Required for a provider outside the catalog"),
  wire: z.enum(wireFormats).optional().describe('The wire format of a provider outside the catalog (catalog providers have theirs)'),
  models: z.array(nonEmptyString).optional().describe('Model ids a provider outside the catalog serves, registered as `<provider>/<model>`'),
  timeouts: timeoutsSchema.optional(),
});

export const configFileSchema = z.strictObject({
  server: z
    .strictObject({
      host: nonEmptyString.optional().describe('Listen address; `HOST` overrides it'),
      port: integer(0, 65535).optional().describe('Listen port (0: any free port); `PORT` overrides it'),
      workers: integer(1, 1024).optional().describe('Gateway processes forked by `svc serve` (node:cluster), sharing the port; one that dies is replaced (at most 5 a minute)'),
      shutdown_timeout_ms: integer(0).optional().describe('On SIGTERM, how long in-flight requests and streams may finish before they are cut; queued writes then get 5 s more at most (the ledger keeps what it could not write in its journal for the next start)'),
      body_limit_bytes: integer(1024).optional().describe('Largest request body (413 above it); audio uploads have their own 25 MB limit'),
      sse_heartbeat_ms: integer(0).optional().describe('Silence after which a stream gets a `: keep-alive` comment (0: never)'),
      cors_origins: z
        .array(z.string().regex(/^(\*|https?:\/\/[^/\s]+)$/, { error: 'must be "*" or an origin such as https://app.example.com' }))
        .optional()
        .describe('Browser origins allowed to call svc (CORS); `*` allows any'),
    })
    .optional()
    .describe('The HTTP server'),
  storage: z
    .strictObject({
      database_url: z.string().regex(postgresUrlPattern, { error: 'must start with postgres:// or postgresql://' }).optional().describe('PostgreSQL instead of SQLite for durable records; `SVC_DATABASE_URL` overrides it'),
      data_dir: nonEmptyString.optional().describe('Folder of the SQLite database, the usage journal and the generated encryption key; `SVC_DATA_DIR` overrides it'),
      redis_url: z.string().regex(redisUrlPattern, { error: 'must start with redis:// or rediss://' }).optional().describe('Redis for state shared across instances (rate limits, exact cache L1, key rotation, circuits, sticky routes, memory turns); `SVC_REDIS_URL` overrides it'),
      redis_key_prefix: z
        .string()
        .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, "_", ".", ":" or "-"' })
        .optional()
        .describe('Prepended to every Redis key, so deployments can share one Redis'),
      query_timeout_ms: integer(100).optional().describe('PostgreSQL: how long a query may wait for the server before it fails; past it the connection is dropped'),
    })
    .optional()
    .describe('Where state is kept'),
  providers: z
    .record(z.string().regex(providerIdPattern, { error: 'a provider id is lower-case letters, digits, "-" and "_"' }), providerSchema)
    .optional()
    .describe('Per provider id (a catalog provider, or one of your own such as `my-vllm`)'),
  defaults: z.strictObject({ intelligence_mode: z.enum(intelligenceModes).optional().describe("The mode of requests that name none and whose org has no default") }).optional().describe('System defaults'),
  routing: z
    .strictObject({
      fallbacks: z.record(nonEmptyString, z.array(nonEmptyString)).optional().describe('Per model (slug or upstream name), the models tried after it and its other providers fail'),
      max_attempts: integer(1, 20).optional().describe('Upstream targets tried per request (rotating to the next key of a pool does not count)'),
      deadline_ms: integer(1).optional().describe('No new attempt starts after this long'),
      circuit_breaker: z
        .strictObject({
          window_ms: integer(100).optional().describe('The sliding window over which the error rate is measured'),
          minimum_calls: integer(1).optional().describe('Fewer calls in the window never open the circuit'),
          failure_ratio: z.number().gt(0).max(1).optional().describe('The share of failed calls at which the circuit opens'),
          cooldown_ms: integer(1).optional().describe('How long an open circuit refuses calls before one probe decides'),
        })
        .optional()
        .describe('One circuit per provider and model'),
    })
    .optional()
    .describe('Failover and circuits'),
  ledger: z
    .strictObject({
      flush_interval_ms: integer(1).optional().describe('How often queued usage rows are written to the database'),
      max_batch: integer(1).optional().describe('Rows per database write'),
      max_queue: integer(1).optional().describe('Rows held in memory at most; past it they wait in the journal on disk and are read back as the queue drains'),
    })
    .optional()
    .describe('The usage ledger'),
  billing: z
    .strictObject({ audio_fee_per_minute_usd: z.number().min(0).max(100).optional().describe("svc's own fee per minute of audio heard (transcription, voice, realtime), added to the provider's price") })
    .optional()
    .describe('What svc charges on top of the providers'),
  responses: z.strictObject({ retention_days: integer(1, 3650).optional().describe('How long stored Responses API answers (`store: true`) are kept') }).optional().describe('The Responses API'),
  cache: z
    .strictObject({
      exact: z
        .strictObject({
          max_entries: integer(1).optional().describe('Entries held in process (L0)'),
          max_bytes: integer(1024).optional().describe('Bytes held in process (L0)'),
          ttl_seconds: integer(1).optional().describe('Lifetime of an entry, in process and in Redis'),
          max_temperature: z.number().min(0).max(2).optional().describe('Only requests at most this hot are cached (the temperature is 1 when absent); unset: every temperature, as the stage matrix says'),
          cache_seeded: z.boolean().optional().describe('A request with a `seed` is cached whatever `max_temperature` says'),
          seeded_only: z.boolean().optional().describe('Only requests with a `seed` are cached'),
        })
        .optional()
        .describe('The exact cache (cache and full modes)'),
      semantic: z
        .strictObject({
          enabled: z.boolean().optional().describe('Whether the semantic cache runs at all'),
          embedder: nonEmptyString.optional().describe('`local` (built in, no network) or the slug of a catalog embedding model, called through svc\'s embeddings path'),
          min_similarity: z.number().gt(0).max(1).optional().describe("Overrides the embedder's similarity threshold (local 0.7, a model 0.9)"),
          max_entries_per_org: integer(1, 1_000_000).optional().describe('Entries per org in the in-process index'),
          max_entries: integer(1, 10_000_000).optional().describe('Entries in the in-process index, all orgs together (about 2 KB each with the built-in embedder): the least recently used org gives up its oldest first'),
          max_bytes: integer(1024 * 1024).optional().describe('Bytes of the in-process index, all orgs together (an entry: about 2 KB and its answer), bounded the same way'),
          ttl_seconds: integer(1).optional().describe('Lifetime of an entry'),
          max_turns: integer(1, 100).optional().describe('Longest conversation (user turns) the semantic cache serves'),
          scope: z.enum(['model', 'family']).optional().describe('`family` shares entries across the models of one provider and tier'),
          mode: z.enum(['serve', 'shadow', 'off']).optional().describe('For orgs without their own switch: serve hits, only measure them (shadow), or off'),
          verify_sample_rate: z.number().min(0).max(1).optional().describe('Share of served hits answered fresh instead and compared, so precision is measured while serving'),
          precision_floor: z.number().min(0).max(1).optional().describe('Measured precision under which the semantic cache switches itself off for an org'),
          min_shadow_samples: integer(1, 1_000_000).optional().describe('Compared decisions needed before the floor applies'),
          answer_agreement: z.number().gt(0).max(1).optional().describe('Similarity from which a fresh answer agrees with the cached one'),
        })
        .optional()
        .describe('The semantic cache (cache and full modes)'),
    })
    .optional()
    .describe('Caches'),
  verification: z.strictObject({ min_confidence: z.number().min(0).max(1).optional().describe('A repaired JSON answer below this confidence is asked again (high reliability) or returned with a warning') }).optional().describe('JSON verification and healing'),
  demo: z.strictObject({ enabled: z.boolean().optional().describe('The built-in demo provider answers while no real provider key is set; `false` turns it off') }).optional().describe('Demo mode'),
  security: z
    .strictObject({
      byok_allowed_hosts: z
        .array(z.string().regex(/^([a-z0-9.-]+(:\d{1,5})?|[0-9a-f:.]+(\/\d{1,3})?)$/i, { error: 'must be a host name, host:port, an IP address or a CIDR range' }))
        .optional()
        .describe("Internal or plain-http addresses an org admin's BYOK `base_url` may reach: host names, host:port, IPs, CIDR ranges"),
    })
    .optional()
    .describe('Outbound addresses'),
});

export type ConfigFile = z.infer<typeof configFileSchema>;
export type ProviderFileEntry = z.infer<typeof providerSchema>;

/** The runtime configuration: file + environment + defaults, camelCase. */
export interface ProviderTimeouts {
  connectMs: number;
  firstByteMs: number;
  idleMs: number;
}

export interface ProviderConfig {
  /** The rotation pool of platform keys; empty = not routable without BYOK. */
  apiKeys: string[];
  /** Override of the catalog base URL (file or `<ID>_BASE_URL`); always set for a custom provider. */
  baseUrl?: string;
  /** The provider's wire: the catalog's for a catalog provider, the declared one for a custom provider. */
  wire?: WireFormat;
  /** Extra model ids served by this provider (registered in the catalog as `<provider>/<model>`). */
  models: string[];
  timeouts: ProviderTimeouts;
}

export interface GatewayConfig {
  server: {
    host: string;
    port: number;
    workers: number;
    shutdownTimeoutMs: number;
    bodyLimitBytes: number;
    /** Comment lines during long stream silences; 0 = off. */
    sseHeartbeatMs: number;
    /** Origins allowed by CORS (`*` = any); empty = no cross-origin access. */
    corsOrigins: string[];
  };
  /** Whether the built-in demo provider may answer while no real provider is configured. */
  demo: { enabled: boolean };
  security: { byokAllowedHosts: string[] };
  storage: { databaseUrl?: string; dataDir: string; redisUrl?: string; /** Prepended to every Redis key, so deployments can share one Redis. */ redisKeyPrefix: string; queryTimeoutMs: number };
  /** Every catalog provider plus every custom provider of the config file. */
  providers: Record<string, ProviderConfig>;
  defaults: { intelligenceMode: IntelligenceMode };
  /** Fallback keys and values are catalog slugs (names from the file are resolved at load time). */
  routing: {
    fallbacks: Record<string, string[]>;
    maxAttempts: number;
    deadlineMs: number;
    /** Opens a target's circuit when, over `windowMs`, at least `minimumCalls` calls were made and `failureRatio` of them failed. */
    circuitBreaker: { windowMs: number; minimumCalls: number; failureRatio: number; cooldownMs: number };
  };
  ledger: { flushIntervalMs: number; maxBatch: number; maxQueue: number };
  /** A platform fee per minute of audio, added to the cost of every request that bills audio seconds. */
  billing: { audioFeePerMinuteUsd: number };
  /** Stored Responses API answers (`store: true`) are kept this long. */
  responses: { retentionDays: number };
  cache: {
    /** The exact chat cache: L0 bounds, TTL (L0 and L1), and which requests are cacheable. */
    exact: { maxEntries: number; maxBytes: number; ttlSeconds: number; maxTemperature: number; cacheSeeded: boolean; seededOnly: boolean };
    /** The semantic cache: `embedder` is `local` or the slug of a catalog embedding model; `minSimilarity` undefined = the embedder's default. */
    semantic: {
      enabled: boolean;
      embedder: string;
      minSimilarity?: number;
      maxEntriesPerOrg: number;
      maxEntries: number;
      maxBytes: number;
      ttlSeconds: number;
      maxTurns: number;
      scope: 'model' | 'family';
      mode: 'serve' | 'shadow' | 'off';
      verifySampleRate: number;
      precisionFloor: number;
      minShadowSamples: number;
      answerAgreement: number;
    };
  };
  /** Output verification: a JSON repair below this confidence is not applied on its own. */
  verification: { minConfidence: number };
  masterKey?: string;
  encryptionKey?: string;
  /** Earlier encryption keys, still read until `svc keys rotate-encryption` re-seals their rows. */
  previousEncryptionKeys: string[];
  logLevel: LogLevel;
  /** Absolute path of the file read (SVC_CONFIG), when there was one. */
  configFile?: string;
}

/** `providers.openai.api_keys[1]`, `routing.fallbacks["openai/gpt-4o-mini"]`. */
export function formatKeyPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_][\w-]*$/.test(segment)) text += text ? `.${segment}` : segment;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text || '(top level)';
}

/** Values under these keys may hold credentials: never echoed back in a message. */
const secretKeys = new Set(['api_keys', 'database_url', 'redis_url']);

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function describeValue(value: unknown, secret: boolean): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (secret) return `a ${typeof value}`;
  return JSON.stringify(value);
}

const expectedNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'a mapping',
  record: 'a mapping',
  array: 'a list',
};

/** The object schema reached by following `path` (records and lists step into their values). */
function objectShapeAt(schema: z.ZodType, path: readonly PropertyKey[]): Record<string, z.ZodType> | undefined {
  let current: z.ZodType = schema;
  const unwrap = () => {
    while (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable) {
      current = current.unwrap() as z.ZodType;
    }
  };
  unwrap();
  for (const segment of path) {
    if (current instanceof z.ZodObject) current = (current.shape as Record<string, z.ZodType>)[String(segment)];
    else if (current instanceof z.ZodRecord) current = current.valueType as z.ZodType;
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else return undefined;
    if (!current) return undefined;
    unwrap();
  }
  return current instanceof z.ZodObject ? (current.shape as Record<string, z.ZodType>) : undefined;
}

function describeBound(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, got: string): string {
  const small = issue.code === 'too_small';
  const bound = Number(small ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum);
  if (issue.origin === 'string' && small && bound === 1) return 'must not be empty';
  if (issue.origin === 'array') return `must have ${small ? 'at least' : 'at most'} ${bound} item(s)`;
  const operator = small ? (issue.inclusive ? '>=' : '>') : issue.inclusive ? '<=' : '<';
  return `must be ${operator} ${bound} (got ${got})`;
}

/** Turns zod issues into one readable line each: the key path, what is wrong, what is allowed. */
export function describeConfigIssues(issues: readonly z.core.$ZodIssue[], input: unknown, schema: z.ZodType = configFileSchema): string[] {
  const lines: string[] = [];
  for (const issue of issues) {
    const where = formatKeyPath(issue.path);
    const secret = issue.path.some((segment) => typeof segment === 'string' && secretKeys.has(segment));
    const got = describeValue(valueAt(input, issue.path), secret);
    switch (issue.code) {
      case 'unrecognized_keys': {
        const allowed = Object.keys(objectShapeAt(schema, issue.path) ?? {}).join(', ');
        for (const key of issue.keys) lines.push(`unknown key "${formatKeyPath([...issue.path, key])}"; allowed keys: ${allowed}`);
        break;
      }
      case 'invalid_type':
        lines.push(`${where} must be ${expectedNames[issue.expected] ?? issue.expected} (got ${got})`);
        break;
      case 'invalid_value':
        lines.push(`${where} must be one of ${issue.values.map(String).join(', ')} (got ${got})`);
        break;
      case 'too_small':
      case 'too_big':
        lines.push(`${where} ${describeBound(issue, got)}`);
        break;
      case 'invalid_key': {
        const reason = issue.issues[0]?.message ?? 'invalid key';
        lines.push(`${formatKeyPath(issue.path.slice(0, -1))}: invalid key "${String(issue.path.at(-1))}": ${reason}`);
        break;
      }
      default:
        // Format and custom checks carry the message written in the schema above.
        lines.push(`${where} ${issue.message}${secret ? '' : ` (got ${got})`}`);
    }
  }
  return lines;
}

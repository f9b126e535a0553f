import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import YAML from 'yaml';
import { loadCatalog, type Catalog } from '../catalog/catalog.js';
import type { WireFormat } from '../catalog/catalog-types.js';
import {
  configDefaults,
  configFileSchema,
  describeConfigIssues,
  logLevels,
  postgresUrlPattern,
  redisUrlPattern,
  wireFormats,
  type ConfigFile,
  type GatewayConfig,
  type LogLevel,
  type ProviderConfig,
  type ProviderFileEntry,
} from './config-schema.js';

/** A configuration problem found at start-up. `source` is the file path or the environment variable. */
export class ConfigError extends Error {
  readonly source: string;
  readonly problems: string[];

  constructor(source: string, problems: string[], kind: 'file' | 'environment' = 'file') {
    const head = kind === 'file' ? `Invalid configuration in ${source}` : `Invalid environment variable ${source}`;
    super(problems.length === 1 ? `${head}: ${problems[0]}` : `${head}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.source = source;
    this.problems = problems;
  }
}

/** Wires a custom provider's `models` can be chat models of. */
const chatWires: ReadonlySet<WireFormat> = new Set(['openai', 'anthropic', 'gemini']);

/** `my-vllm` → `MY_VLLM`: the prefix of `<ID>_API_KEY` and `<ID>_BASE_URL`. */
export function providerEnvPrefix(providerId: string): string {
  return providerId.toUpperCase().replace(/-/g, '_');
}

/** An environment value, trimmed; an empty value counts as unset (compose files often export `X=`). */
function readEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const protocol = new URL(value).protocol;
  return protocol === 'http:' || protocol === 'https:';
}

async function readConfigFile(path: string): Promise<ConfigFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file does not exist' : (error as Error).message;
    throw new ConfigError(path, [`cannot read the file named by SVC_CONFIG: ${reason}`]);
  }
  // YAML 1.2 is a superset of JSON, so one parser serves .yaml, .yml and .json files.
  const document = YAML.parseDocument(text, { prettyErrors: true });
  if (document.errors.length > 0) {
    throw new ConfigError(path, document.errors.map((error) => `syntax error: ${error.message.split('\n')[0].replace(/:$/, '')}`));
  }
  const raw: unknown = document.toJS() ?? {};
  const parsed = configFileSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(path, describeConfigIssues(parsed.error.issues, raw));
  return parsed.data;
}

function providerFromFile(entry: ProviderFileEntry | undefined, wire: WireFormat | undefined): ProviderConfig {
  const timeouts = entry?.timeouts;
  return {
    apiKeys: [...new Set(entry?.api_keys ?? [])],
    baseUrl: entry?.base_url,
    wire,
    models: [...new Set(entry?.models ?? [])],
    timeouts: {
      connectMs: timeouts?.connect_ms ?? configDefaults.timeouts.connectMs,
      firstByteMs: timeouts?.first_byte_ms ?? configDefaults.timeouts.firstByteMs,
      idleMs: timeouts?.idle_ms ?? configDefaults.timeouts.idleMs,
    },
  };
}

/** File values over defaults. Every catalog provider gets an entry, then the file's custom providers. */
function fromFile(file: ConfigFile, catalog: Catalog): GatewayConfig {
  const providers: Record<string, ProviderConfig> = {};
  for (const provider of catalog.providers) if (!provider.built_in) providers[provider.id] = providerFromFile(file.providers?.[provider.id], provider.wire);
  for (const [id, entry] of Object.entries(file.providers ?? {})) {
    if (!catalog.getProvider(id)) providers[id] = providerFromFile(entry, entry.wire);
  }
  return {
    server: {
      host: file.server?.host ?? configDefaults.server.host,
      port: file.server?.port ?? configDefaults.server.port,
      workers: file.server?.workers ?? configDefaults.server.workers,
      shutdownTimeoutMs: file.server?.shutdown_timeout_ms ?? configDefaults.server.shutdownTimeoutMs,
      bodyLimitBytes: file.server?.body_limit_bytes ?? configDefaults.server.bodyLimitBytes,
      sseHeartbeatMs: file.server?.sse_heartbeat_ms ?? configDefaults.server.sseHeartbeatMs,
      corsOrigins: [...(file.server?.cors_origins ?? configDefaults.server.corsOrigins)],
    },
    demo: { enabled: file.demo?.enabled ?? configDefaults.demo.enabled },
    security: { byokAllowedHosts: [...(file.security?.byok_allowed_hosts ?? configDefaults.security.byokAllowedHosts)] },
    storage: {
      databaseUrl: file.storage?.database_url,
      dataDir: file.storage?.data_dir ?? configDefaults.storage.dataDir,
      redisUrl: file.storage?.redis_url,
      redisKeyPrefix: file.storage?.redis_key_prefix ?? configDefaults.storage.redisKeyPrefix,
      queryTimeoutMs: file.storage?.query_timeout_ms ?? configDefaults.storage.queryTimeoutMs,
    },
    providers,
    defaults: { intelligenceMode: file.defaults?.intelligence_mode ?? configDefaults.intelligenceMode },
    routing: {
      fallbacks: {},
      maxAttempts: file.routing?.max_attempts ?? configDefaults.routing.maxAttempts,
      deadlineMs: file.routing?.deadline_ms ?? configDefaults.routing.deadlineMs,
      circuitBreaker: {
        windowMs: file.routing?.circuit_breaker?.window_ms ?? configDefaults.routing.circuitBreaker.windowMs,
        minimumCalls: file.routing?.circuit_breaker?.minimum_calls ?? configDefaults.routing.circuitBreaker.minimumCalls,
        failureRatio: file.routing?.circuit_breaker?.failure_ratio ?? configDefaults.routing.circuitBreaker.failureRatio,
        cooldownMs: file.routing?.circuit_breaker?.cooldown_ms ?? configDefaults.routing.circuitBreaker.cooldownMs,
      },
    },
    billing: { audioFeePerMinuteUsd: file.billing?.audio_fee_per_minute_usd ?? configDefaults.billing.audioFeePerMinuteUsd },
    ledger: {
      flushIntervalMs: file.ledger?.flush_interval_ms ?? configDefaults.ledger.flushIntervalMs,
      maxBatch: file.ledger?.max_batch ?? configDefaults.ledger.maxBatch,
      maxQueue: file.ledger?.max_queue ?? configDefaults.ledger.maxQueue,
    },
    responses: { retentionDays: file.responses?.retention_days ?? configDefaults.responses.retentionDays },
    cache: {
      exact: {
        maxEntries: file.cache?.exact?.max_entries ?? configDefaults.cache.exact.maxEntries,
        maxBytes: file.cache?.exact?.max_bytes ?? configDefaults.cache.exact.maxBytes,
        ttlSeconds: file.cache?.exact?.ttl_seconds ?? configDefaults.cache.exact.ttlSeconds,
        maxTemperature: file.cache?.exact?.max_temperature ?? configDefaults.cache.exact.maxTemperature,
        cacheSeeded: file.cache?.exact?.cache_seeded ?? configDefaults.cache.exact.cacheSeeded,
        seededOnly: file.cache?.exact?.seeded_only ?? configDefaults.cache.exact.seededOnly,
      },
      semantic: {
        enabled: file.cache?.semantic?.enabled ?? configDefaults.cache.semantic.enabled,
        embedder: file.cache?.semantic?.embedder ?? configDefaults.cache.semantic.embedder,
        minSimilarity: file.cache?.semantic?.min_similarity,
        maxEntriesPerOrg: file.cache?.semantic?.max_entries_per_org ?? configDefaults.cache.semantic.maxEntriesPerOrg,
        maxEntries: file.cache?.semantic?.max_entries ?? configDefaults.cache.semantic.maxEntries,
        maxBytes: file.cache?.semantic?.max_bytes ?? configDefaults.cache.semantic.maxBytes,
        ttlSeconds: file.cache?.semantic?.ttl_seconds ?? configDefaults.cache.semantic.ttlSeconds,
        maxTurns: file.cache?.semantic?.max_turns ?? configDefaults.cache.semantic.maxTurns,
        scope: file.cache?.semantic?.scope ?? configDefaults.cache.semantic.scope,
        mode: file.cache?.semantic?.mode ?? configDefaults.cache.semantic.mode,
        verifySampleRate: file.cache?.semantic?.verify_sample_rate ?? configDefaults.cache.semantic.verifySampleRate,
        precisionFloor: file.cache?.semantic?.precision_floor ?? configDefaults.cache.semantic.precisionFloor,
        minShadowSamples: file.cache?.semantic?.min_shadow_samples ?? configDefaults.cache.semantic.minShadowSamples,
        answerAgreement: file.cache?.semantic?.answer_agreement ?? configDefaults.cache.semantic.answerAgreement,
      },
    },
    verification: { minConfidence: file.verification?.min_confidence ?? configDefaults.verification.minConfidence },
    logLevel: configDefaults.logLevel,
    previousEncryptionKeys: [],
  };
}

/** Environment variables win over the file. Each value is checked; the error names the variable. */
function applyEnvironment(config: GatewayConfig, env: NodeJS.ProcessEnv): void {
  const fail = (name: string, problem: string): never => {
    throw new ConfigError(name, [problem], 'environment');
  };
  const port = readEnv(env, 'PORT');
  if (port !== undefined) {
    if (!/^\d+$/.test(port) || Number(port) > 65535) fail('PORT', `must be an integer between 0 and 65535 (got ${JSON.stringify(port)})`);
    config.server.port = Number(port);
  }
  config.server.host = readEnv(env, 'HOST') ?? config.server.host;
  config.storage.dataDir = readEnv(env, 'SVC_DATA_DIR') ?? config.storage.dataDir;
  config.masterKey = readEnv(env, 'SVC_MASTER_KEY');
  config.encryptionKey = readEnv(env, 'SVC_ENCRYPTION_KEY');
  config.previousEncryptionKeys = (readEnv(env, 'SVC_PREVIOUS_ENCRYPTION_KEYS') ?? '').split(',').map((key) => key.trim()).filter((key) => key.length > 0);

  const databaseUrl = readEnv(env, 'SVC_DATABASE_URL');
  if (databaseUrl !== undefined) {
    if (!postgresUrlPattern.test(databaseUrl)) fail('SVC_DATABASE_URL', 'must start with postgres:// or postgresql://');
    config.storage.databaseUrl = databaseUrl;
  }
  const redisUrl = readEnv(env, 'SVC_REDIS_URL');
  if (redisUrl !== undefined) {
    if (!redisUrlPattern.test(redisUrl)) fail('SVC_REDIS_URL', 'must start with redis:// or rediss://');
    config.storage.redisUrl = redisUrl;
  }
  const logLevel = readEnv(env, 'SVC_LOG_LEVEL')?.toLowerCase();
  if (logLevel !== undefined) {
    if (!(logLevels as readonly string[]).includes(logLevel)) fail('SVC_LOG_LEVEL', `must be one of ${logLevels.join(', ')} (got ${JSON.stringify(logLevel)})`);
    config.logLevel = logLevel as LogLevel;
  }

  for (const [id, provider] of Object.entries(config.providers)) {
    const prefix = providerEnvPrefix(id);
    const keyList = readEnv(env, `${prefix}_API_KEY`);
    const keys = keyList?.split(',').map((key) => key.trim()).filter((key) => key.length > 0) ?? [];
    if (keys.length > 0) provider.apiKeys = [...new Set(keys)];
    const baseUrl = readEnv(env, `${prefix}_BASE_URL`);
    if (baseUrl !== undefined) {
      if (!isHttpUrl(baseUrl)) fail(`${prefix}_BASE_URL`, `must be an http:// or https:// URL (got ${JSON.stringify(baseUrl)})`);
      provider.baseUrl = baseUrl;
    }
  }
}

/** `cache.semantic.embedder`: `local`, or a name of a catalog embedding model, resolved to its slug. */
function resolveSemanticEmbedder(config: GatewayConfig, catalog: Catalog, problems: string[]): void {
  const embedder = config.cache.semantic.embedder;
  if (embedder === 'local') return;
  const model = catalog.resolveModel(embedder);
  if (model?.type === 'embedding') config.cache.semantic.embedder = model.slug;
  else problems.push(`cache.semantic.embedder must be "local" or an embedding model of the catalog (got ${JSON.stringify(embedder)})`);
}

/** Checks that need the catalog: custom providers are complete, catalog wires are not changed. */
function providerProblems(file: ConfigFile, config: GatewayConfig, catalog: Catalog): string[] {
  const problems: string[] = [];
  for (const [id, entry] of Object.entries(file.providers ?? {})) {
    const known = catalog.getProvider(id);
    if (known?.built_in) {
      problems.push(`providers.${id} is built into svc and takes no settings (use demo.enabled to turn the demo provider off)`);
    } else if (known) {
      if (entry.wire !== undefined && entry.wire !== known.wire) {
        problems.push(`providers.${id}.wire cannot change the wire of catalog provider "${id}" (it is ${known.wire}; got ${JSON.stringify(entry.wire)})`);
      }
    } else {
      if (entry.wire === undefined) {
        problems.push(`providers.${id}.wire is required for a provider that is not in the catalog; allowed: ${wireFormats.join(', ')}`);
      }
      if (config.providers[id].baseUrl === undefined) {
        problems.push(`providers.${id}.base_url is required for a provider that is not in the catalog (or set ${providerEnvPrefix(id)}_BASE_URL)`);
      }
    }
    const wire = known?.wire ?? entry.wire;
    if (entry.models?.length && wire !== undefined && !chatWires.has(wire)) {
      problems.push(`providers.${id}.models is only allowed for providers with a chat wire (${[...chatWires].join(', ')}); "${id}" speaks ${wire}`);
    }
  }
  return problems;
}

/**
 * Resolves `routing.fallbacks` names to slugs, in the order the catalog will use once the configured
 * providers' models are registered: catalog slug, declared slug, catalog bare name, declared bare name.
 */
function resolveFallbacks(file: ConfigFile, config: GatewayConfig, catalog: Catalog, problems: string[]): Record<string, string[]> {
  const declaredSlugs = new Set<string>();
  const declaredBareNames = new Map<string, string>();
  for (const [id, provider] of Object.entries(config.providers)) {
    for (const model of provider.models) {
      declaredSlugs.add(`${id}/${model}`);
      if (!declaredBareNames.has(model)) declaredBareNames.set(model, `${id}/${model}`);
    }
  }
  const resolveName = (name: string, where: string): string => {
    const slug =
      catalog.getModel(name)?.slug ??
      (declaredSlugs.has(name) ? name : undefined) ??
      catalog.resolveModel(name)?.slug ??
      declaredBareNames.get(name);
    if (slug === undefined) problems.push(`${where}: unknown model ${JSON.stringify(name)} (not in the catalog nor in any provider's models)`);
    return slug ?? name;
  };
  const fallbacks: Record<string, string[]> = {};
  for (const [name, targets] of Object.entries(file.routing?.fallbacks ?? {})) {
    const where = `routing.fallbacks[${JSON.stringify(name)}]`;
    fallbacks[resolveName(name, where)] = targets.map((target, index) => resolveName(target, `${where}[${index}]`));
  }
  return fallbacks;
}

/**
 * The gateway's configuration: the optional file named by SVC_CONFIG, then the environment (which wins),
 * then defaults. Throws ConfigError naming the file or variable, the key and what is allowed.
 * `catalog` defaults to the shipped one; it is only read here (the provider registry adds models to it).
 */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env, catalog?: Catalog): Promise<GatewayConfig> {
  const catalogInUse = catalog ?? (await loadCatalog());
  const configName = readEnv(env, 'SVC_CONFIG');
  const configFile = configName === undefined ? undefined : resolve(configName);
  const file = configFile === undefined ? {} : await readConfigFile(configFile);

  const config = fromFile(file, catalogInUse);
  config.configFile = configFile;
  applyEnvironment(config, env);

  const problems = providerProblems(file, config, catalogInUse);
  resolveSemanticEmbedder(config, catalogInUse, problems);
  config.routing.fallbacks = resolveFallbacks(file, config, catalogInUse, problems);
  if (problems.length > 0) throw new ConfigError(configFile ?? 'SVC_CONFIG', problems);
  return config;
}

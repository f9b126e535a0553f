import { Redis } from 'ioredis';
import { loadCatalog } from '../catalog/catalog.js';
import { deploymentWarnings } from '../config/deployment-warnings.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { buildProviderRegistry } from '../config/provider-registry.js';
import type { GatewayConfig } from '../config/config-schema.js';
import { EncryptionKeyring } from '../providers/byok/encryption-keyring.js';
import { checkProviderKey } from '../providers/key-check.js';
import { closeHttpClient } from '../providers/shared/http-client.js';
import { wireAdapters } from '../providers/wire-adapters.js';
import { openRecordStore } from '../storage/open-storage.js';
import { PROBE_KEY } from '../storage/redis/redis-shared-state.js';
import { exitCodes, type CliOutput } from './cli-output.js';


/** One finding: `failed` makes the exit code 1; `skipped` is something not configured, said so. */
export interface DoctorCheck {
  check: string;
  /** A warning does not fail the check-up: svc runs, but not as the operator likely meant. */
  status: 'ok' | 'failed' | 'skipped' | 'warning';
  detail: string;
  latency_ms?: number;
}

/**
 * `svc doctor`: what svc would start with, and whether each part answers — the configuration, the storage
 * (SQLite or PostgreSQL), Redis when configured, the BYOK encryption key, and every key of every configured
 * provider, asked with the provider's cheapest authenticated request. Exit 0 when all is well, 1 otherwise.
 */
export async function doctor(_args: string[], output: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const checks: DoctorCheck[] = [];
  const catalog = await loadCatalog();
  let config: GatewayConfig;
  try {
    config = await loadConfig(env, catalog);
    checks.push({ check: 'config', status: 'ok', detail: env.SVC_CONFIG ? `${env.SVC_CONFIG} and the environment` : 'the environment (no SVC_CONFIG)' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    checks.push({ check: 'config', status: 'failed', detail: error.message });
    return report(output, checks);
  }
  checks.push(await timed('storage', () => storageCheck(config)));
  checks.push(config.storage.redisUrl ? await timed('redis', () => redisCheck(config.storage.redisUrl!, config.storage.redisKeyPrefix)) : { check: 'redis', status: 'skipped', detail: 'not configured: rate limits, caches and circuits are kept per process' });
  checks.push(await encryptionCheck(config));
  for (const warning of deploymentWarnings(config)) checks.push({ check: 'deployment', status: 'warning', detail: warning });

  const providers = buildProviderRegistry(config, catalog);
  const builtIn = new Set(catalog.providers.filter((row) => row.built_in).map((row) => row.id));
  const configured = providers.configured().filter((provider) => !builtIn.has(provider.id));
  if (configured.length === 0) checks.push({ check: 'providers', status: 'failed', detail: 'no provider key is configured: set <PROVIDER>_API_KEY (e.g. OPENAI_API_KEY) or providers.<id>.api_keys; until then only the demo provider answers' });
  // Every key of every pool, in parallel: a broken key in the middle of a pool is found too.
  const results = await Promise.all(configured.flatMap((provider) => provider.apiKeys.map((key) => checkProviderKey(provider, key, wireAdapters[provider.wire]))));
  for (const result of results) {
    const detail = result.ok
      ? `key ${result.key}: accepted (HTTP ${result.status})`
      : `key ${result.key}: ${describeFailure(result.kind, result.status)}${result.message ? `: ${result.message}` : ''}`;
    // A 429 answers for a key the provider accepted: busy, not broken.
    const accepted = result.ok || result.kind === 'rate_limited';
    checks.push({ check: `provider ${result.provider}`, status: accepted ? 'ok' : 'failed', detail, latency_ms: result.latencyMs });
  }
  await closeHttpClient({ force: true });
  return report(output, checks);
}

function report(output: CliOutput, checks: DoctorCheck[]): number {
  const ok = checks.every((check) => check.status !== 'failed');
  const mark = { ok: 'ok  ', failed: 'FAIL', skipped: '--  ', warning: 'WARN' } as const;
  const width = Math.max(...checks.map((check) => check.check.length));
  output.result({ ok, checks }, () =>
    [
      ...checks.map((check) => `${mark[check.status]}  ${check.check.padEnd(width)}  ${check.detail}${check.latency_ms !== undefined ? ` (${check.latency_ms} ms)` : ''}`),
      '',
      ok ? 'svc is ready to serve.' : `${checks.filter((check) => check.status === 'failed').length} problem(s) found.`,
    ].join('\n'),
  );
  return ok ? exitCodes.ok : exitCodes.failed;
}

async function timed(check: string, run: () => Promise<string>): Promise<DoctorCheck> {
  const started = performance.now();
  try {
    const detail = await run();
    return { check, status: 'ok', detail, latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { check, status: 'failed', detail: error instanceof Error ? error.message : String(error), latency_ms: Math.round(performance.now() - started) };
  }
}

async function storageCheck(config: GatewayConfig): Promise<string> {
  const store = await openRecordStore(config.storage);
  try {
    await store.ping();
    return config.storage.databaseUrl ? `PostgreSQL at ${withoutPassword(config.storage.databaseUrl)} answers, migrations applied` : `SQLite in ${config.storage.dataDir} opens, migrations applied`;
  } finally {
    await store.close();
  }
}

async function redisCheck(url: string, keyPrefix: string): Promise<string> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000, enableOfflineQueue: false });
  redis.on('error', () => undefined); // reported through the rejected ping
  try {
    await redis.connect();
    await redis.ping();
    // A Redis out of memory or read-only answers PING but cannot keep limits: svc's own probe key tells.
    await redis.set(`${keyPrefix}${PROBE_KEY}`, '1', 'PX', 10_000);
    return `${withoutPassword(url)} answers PING and takes writes`;
  } catch (error) {
    throw new Error(`${withoutPassword(url)} does not answer: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    redis.disconnect();
  }
}

async function encryptionCheck(config: GatewayConfig): Promise<DoctorCheck> {
  try {
    const keyring = await EncryptionKeyring.load(config);
    if (keyring.currentKeyId === undefined) return { check: 'byok encryption', status: 'skipped', detail: keyring.missingReason ?? 'no encryption key: BYOK keys cannot be stored' };
    return { check: 'byok encryption', status: 'ok', detail: `key ${keyring.currentKeyId} loaded` };
  } catch (error) {
    return { check: 'byok encryption', status: 'failed', detail: error instanceof Error ? error.message : String(error) };
  }
}

function describeFailure(kind: string | undefined, status: number | undefined): string {
  const at = status !== undefined ? ` (HTTP ${status})` : '';
  switch (kind) {
    case 'auth':
      return `REJECTED by the provider${at}`;
    case 'quota_exhausted':
      return `out of credit${at}`;
    case 'rate_limited':
      return `rate limited right now${at}, but accepted`;
    case 'timeout':
      return 'no answer in time';
    case 'connection':
      return 'provider unreachable';
    default:
      return `failed${at}${kind ? ` [${kind}]` : ''}`;
  }
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

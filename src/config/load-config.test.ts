import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalog } from '../catalog/catalog.js';
import { ConfigError, loadConfig } from './load-config.js';

const catalog = await loadCatalog();
const directory = await mkdtemp(join(tmpdir(), 'svc-config-'));
after(() => rm(directory, { recursive: true, force: true }));

let fileCounter = 0;
async function configFile(text: string, extension = 'yaml'): Promise<string> {
  fileCounter += 1;
  const path = join(directory, `config-${fileCounter}.${extension}`);
  await writeFile(path, text);
  return path;
}

/** Asserts that loading rejects with a ConfigError whose message contains every fragment. */
async function assertRejects(env: NodeJS.ProcessEnv, fragments: string[]): Promise<ConfigError> {
  let caught: unknown;
  try {
    await loadConfig(env, catalog);
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof ConfigError, `expected a ConfigError, got ${String(caught)}`);
  for (const fragment of fragments) assert.ok(caught.message.includes(fragment), `message lacks ${JSON.stringify(fragment)}:\n${caught.message}`);
  return caught;
}

test('an empty environment gives the documented defaults', async () => {
  const config = await loadConfig({}, catalog);
  assert.deepEqual(config.server, { host: '127.0.0.1', port: 8080, workers: 1, shutdownTimeoutMs: 10000, bodyLimitBytes: 10485760, sseHeartbeatMs: 15000, corsOrigins: [] });
  assert.deepEqual(config.storage, { databaseUrl: undefined, dataDir: './data', redisUrl: undefined, redisKeyPrefix: 'svc:', queryTimeoutMs: 60_000 });
  assert.deepEqual(config.defaults, { intelligenceMode: 'full' });
  assert.deepEqual(config.routing, { fallbacks: {}, maxAttempts: 3, deadlineMs: 120000, circuitBreaker: { windowMs: 10000, minimumCalls: 20, failureRatio: 0.5, cooldownMs: 30000 } });
  assert.deepEqual(config.ledger, { flushIntervalMs: 1000, maxBatch: 200, maxQueue: 10000 });
  assert.equal(config.logLevel, 'info');
  assert.equal(config.masterKey, undefined);
  assert.equal(config.configFile, undefined);
  // Every catalog provider but the built-in demo one, which takes no settings.
  assert.deepEqual(Object.keys(config.providers), catalog.providers.filter((provider) => !provider.built_in).map((provider) => provider.id));
  assert.deepEqual(config.demo, { enabled: true });
  assert.deepEqual(config.providers.openai, {
    apiKeys: [], baseUrl: undefined, wire: 'openai', models: [], timeouts: { connectMs: 10000, firstByteMs: 60000, idleMs: 60000 },
  });
});

test('environment variables override the file', async () => {
  const path = await configFile(`
server: { host: 0.0.0.0, port: 9000, workers: 2 }
storage: { data_dir: /var/lib/svc, database_url: postgres://file/db }
providers:
  openai: { api_keys: [sk-file], base_url: https://file.example/v1, timeouts: { connect_ms: 500 } }
defaults: { intelligence_mode: cache }
`);
  const config = await loadConfig(
    {
      SVC_CONFIG: path, PORT: '7000', HOST: '::1', SVC_DATA_DIR: '/tmp/svc', SVC_DATABASE_URL: 'postgresql://env/db',
      SVC_REDIS_URL: 'rediss://cache:6380', SVC_MASTER_KEY: 'master', SVC_ENCRYPTION_KEY: 'secret', SVC_LOG_LEVEL: 'DEBUG',
      OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
    },
    catalog,
  );
  assert.equal(config.configFile, path);
  assert.deepEqual(config.server, { host: '::1', port: 7000, workers: 2, shutdownTimeoutMs: 10000, bodyLimitBytes: 10485760, sseHeartbeatMs: 15000, corsOrigins: [] });
  assert.deepEqual(config.storage, { databaseUrl: 'postgresql://env/db', dataDir: '/tmp/svc', redisUrl: 'rediss://cache:6380', redisKeyPrefix: 'svc:', queryTimeoutMs: 60_000 });
  assert.equal(config.defaults.intelligenceMode, 'cache');
  assert.equal(config.masterKey, 'master');
  assert.equal(config.encryptionKey, 'secret');
  assert.equal(config.logLevel, 'debug');
  assert.deepEqual(config.providers.openai.apiKeys, ['sk-env']);
  assert.equal(config.providers.openai.baseUrl, 'http://127.0.0.1:9999/v1');
  assert.deepEqual(config.providers.openai.timeouts, { connectMs: 500, firstByteMs: 60000, idleMs: 60000 });
});

test('a comma-separated key list becomes a trimmed pool without empties; an empty variable is unset', async () => {
  const config = await loadConfig({ GROQ_API_KEY: ' gsk-1, gsk-2 ,,gsk-3, ', ANTHROPIC_API_KEY: '', PORT: '' }, catalog);
  assert.deepEqual(config.providers.groq.apiKeys, ['gsk-1', 'gsk-2', 'gsk-3']);
  assert.deepEqual(config.providers.anthropic.apiKeys, []);
  assert.equal(config.server.port, 8080);
});

test('a custom provider from a YAML file gets its env key and base URL by its upper-cased id', async () => {
  const path = await configFile(`
providers:
  my-vllm: { wire: openai, base_url: http://10.0.0.5:8000/v1, api_keys: [x], models: [llama-3.1-8b] }
routing: { fallbacks: { gpt-4o-mini: [llama-3.3-70b-versatile, llama-3.1-8b] }, max_attempts: 2 }
ledger: { max_batch: 30 }
`);
  const config = await loadConfig({ SVC_CONFIG: path, MY_VLLM_API_KEY: 'k1,k2', MY_VLLM_BASE_URL: 'http://10.0.0.6:8000/v1' }, catalog);
  assert.deepEqual(config.providers['my-vllm'], {
    apiKeys: ['k1', 'k2'], baseUrl: 'http://10.0.0.6:8000/v1', wire: 'openai', models: ['llama-3.1-8b'],
    timeouts: { connectMs: 10000, firstByteMs: 60000, idleMs: 60000 },
  });
  // Fallback names are resolved to slugs, including the custom provider's declared model.
  assert.deepEqual(config.routing.fallbacks, { 'openai/gpt-4o-mini': ['groq/llama-3.3-70b-versatile', 'my-vllm/llama-3.1-8b'] });
  assert.equal(config.routing.maxAttempts, 2);
  assert.deepEqual(config.ledger, { flushIntervalMs: 1000, maxBatch: 30, maxQueue: 10000 });
});

test('a JSON file is read as well', async () => {
  const path = await configFile(JSON.stringify({ server: { port: 0 }, providers: { anthropic: { api_keys: ['sk-ant'] } }, defaults: { intelligence_mode: 'proxy' } }), 'json');
  const config = await loadConfig({ SVC_CONFIG: path }, catalog);
  assert.equal(config.server.port, 0);
  assert.deepEqual(config.providers.anthropic.apiKeys, ['sk-ant']);
  assert.equal(config.defaults.intelligenceMode, 'proxy');
});

test('an unknown key names the file, the key and the allowed keys', async () => {
  const path = await configFile('server: { prot: 8080 }\n');
  const error = await assertRejects({ SVC_CONFIG: path }, [
    `Invalid configuration in ${path}: unknown key "server.prot"; allowed keys: host, port, workers, shutdown_timeout_ms, body_limit_bytes`,
  ]);
  assert.equal(error.source, path);
  const nested = await configFile('providers:\n  openai: { api_key: sk-a }\n');
  await assertRejects({ SVC_CONFIG: nested }, ['unknown key "providers.openai.api_key"', 'allowed keys: api_keys, base_url, wire, models, timeouts']);
  const top = await configFile('logging: { level: debug }\n');
  await assertRejects({ SVC_CONFIG: top }, ['unknown key "logging"', 'allowed keys: server, storage, providers, defaults, routing, ledger']);
});

test('bad values name the key path and what is allowed', async () => {
  await assertRejects({ SVC_CONFIG: await configFile('defaults: { intelligence_mode: turbo }\n') }, [
    'defaults.intelligence_mode must be one of proxy, cache, full (got "turbo")',
  ]);
  await assertRejects({ SVC_CONFIG: await configFile('server: { port: 70000 }\n') }, ['server.port must be <= 65535 (got 70000)']);
  await assertRejects({ SVC_CONFIG: await configFile('providers:\n  openai: { api_keys: [sk-a, ""] }\n') }, ['providers.openai.api_keys[1] must not be empty']);
  await assertRejects({ SVC_CONFIG: await configFile('providers:\n  openai: { api_keys: sk-a }\n') }, ['providers.openai.api_keys must be a list (got a string)']);
  await assertRejects({ SVC_CONFIG: await configFile('storage: { redis_url: "http://cache" }\n') }, ['storage.redis_url must start with redis:// or rediss://']);
  await assertRejects({ SVC_CONFIG: await configFile('providers:\n  My.Host: {}\n') }, ['providers: invalid key "My.Host"']);
});

test('a bad PORT and other bad environment values are rejected by name', async () => {
  for (const port of ['abc', '65536', '-1', '80.5']) {
    const error = await assertRejects({ PORT: port }, ['Invalid environment variable PORT', 'integer between 0 and 65535']);
    assert.equal(error.source, 'PORT');
  }
  await assertRejects({ SVC_LOG_LEVEL: 'verbose' }, ['SVC_LOG_LEVEL', 'fatal, error, warn, info, debug, trace, silent']);
  await assertRejects({ SVC_DATABASE_URL: 'mysql://db' }, ['SVC_DATABASE_URL', 'postgres:// or postgresql://']);
  await assertRejects({ SVC_REDIS_URL: 'localhost:6379' }, ['SVC_REDIS_URL', 'redis:// or rediss://']);
  await assertRejects({ OPENAI_BASE_URL: 'api.openai.com' }, ['OPENAI_BASE_URL', 'http:// or https://']);
});

test('a custom provider needs wire and base_url; a catalog provider keeps its wire', async () => {
  const path = await configFile('providers:\n  my-vllm: { wire: openai, api_keys: [x] }\n');
  await assertRejects({ SVC_CONFIG: path }, [path, 'providers.my-vllm.base_url is required', 'MY_VLLM_BASE_URL']);
  // The base URL may come from the environment instead.
  const config = await loadConfig({ SVC_CONFIG: path, MY_VLLM_BASE_URL: 'http://localhost:8000/v1' }, catalog);
  assert.equal(config.providers['my-vllm'].baseUrl, 'http://localhost:8000/v1');

  await assertRejects({ SVC_CONFIG: await configFile('providers:\n  local: { base_url: "http://localhost:1" }\n') }, [
    'providers.local.wire is required', 'allowed: openai, anthropic, gemini, deepgram, elevenlabs, cartesia',
  ]);
  await assertRejects({ SVC_CONFIG: await configFile('providers:\n  openai: { wire: anthropic }\n') }, ['providers.openai.wire cannot change']);
  await assertRejects({ SVC_CONFIG: await configFile('providers:\n  deepgram: { models: [nova-9] }\n') }, ['providers.deepgram.models is only allowed']);
});

test('unknown fallback models, missing files and syntax errors are reported with the file', async () => {
  await assertRejects({ SVC_CONFIG: await configFile('routing: { fallbacks: { gpt-4o-mini: [gpt-9] } }\n') }, [
    'routing.fallbacks["gpt-4o-mini"][0]: unknown model "gpt-9"',
  ]);
  const missing = join(directory, 'missing.yaml');
  await assertRejects({ SVC_CONFIG: missing }, [missing, 'does not exist']);
  const broken = await configFile('server: { port: 1\n');
  await assertRejects({ SVC_CONFIG: broken }, [broken, 'syntax error']);
});

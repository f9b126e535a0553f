import { after, before, beforeEach } from 'node:test';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import YAML from 'yaml';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import OpenAI from 'openai';
import pino from 'pino';
import { createGateway, type Gateway } from '../../src/gateway.js';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server.js';

export const testMasterKey = 'svc-test-master-key';

export interface TestGateway {
  /** Base address of the gateway, e.g. http://127.0.0.1:41234 */
  url: string;
  gateway: Gateway;
  mock: MockUpstream;
  /** Every log line the gateway wrote (JSON text), for assertions that secrets never appear. */
  logLines: string[];
  /** fetch against the gateway with the master key unless `authorization` is given. */
  request(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string>; key?: string | null }): Promise<Response>;
  /** The official openai SDK pointed at the gateway, with `key` (the master key by default) and no retries. */
  client(key?: string): OpenAI;
  close(): Promise<void>;
}

/**
 * Starts the mock upstream (unless one is given) and a real gateway on port 0 whose OpenAI, Groq,
 * Anthropic and Gemini providers point at it. `env` adds or overrides variables.
 */
/** The test's config file (if any) with `cache.exact.max_temperature: 0.5` added where it sets none. */
/**
 * The test config: the given one, plus what makes cache tests deterministic unless a test sets it — a
 * temperature ceiling on the exact cache (tests send varied temperatures expecting fresh answers) unless
 * `cacheEveryTemperature`, and no random sample of semantic hits answered fresh for verification.
 */
async function withTestCacheSettings(configPath: string | undefined, dataDir: string, cacheEveryTemperature: boolean): Promise<string> {
  const config = configPath ? ((YAML.parse(await readFile(configPath, 'utf8')) as Record<string, any> | null) ?? {}) : {};
  config.cache ??= {};
  config.cache.exact ??= {};
  if (!cacheEveryTemperature) config.cache.exact.max_temperature ??= 0.5;
  config.cache.semantic ??= {};
  config.cache.semantic.verify_sample_rate ??= 0;
  const path = join(dataDir, 'test-svc.yaml');
  await writeFile(path, YAML.stringify(config));
  return path;
}

export async function startTestGateway(
  options: { env?: Record<string, string | undefined>; mock?: MockUpstream; cacheEveryTemperature?: boolean; spanExporter?: SpanExporter } = {},
): Promise<TestGateway> {
  const mock = options.mock ?? (await startMockUpstream());
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-test-'));
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const env: NodeJS.ProcessEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    SVC_DATA_DIR: dataDir,
    SVC_MASTER_KEY: testMasterKey,
    SVC_LOG_LEVEL: 'info',
    OPENAI_API_KEY: 'sk-openai-test',
    OPENAI_BASE_URL: `${mock.url}/v1`,
    GROQ_API_KEY: 'gsk-groq-test',
    GROQ_BASE_URL: `${mock.url}/openai/v1`,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: mock.url,
    GEMINI_API_KEY: 'gemini-test',
    GEMINI_BASE_URL: mock.url,
    DEEPGRAM_API_KEY: 'dg-test',
    DEEPGRAM_BASE_URL: mock.url,
    ELEVENLABS_API_KEY: 'xi-test',
    ELEVENLABS_BASE_URL: mock.url,
    CARTESIA_API_KEY: 'sk_car_test',
    CARTESIA_BASE_URL: mock.url,
    ...options.env,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  // Most suites (failover, limits, accounting…) count what reaches the upstream, so identical requests must not
  // be answered by the exact cache, which caches every temperature by default: their config gets the
  // restricting option (the default temperature, 1, is then not cached) unless it sets one itself, or the
  // suite asks for svc's own defaults (`cacheEveryTemperature`).
  env.SVC_CONFIG = await withTestCacheSettings(env.SVC_CONFIG, dataDir, options.cacheEveryTemperature ?? false);
  // With a shared database BYOK keys need an explicit encryption key (CONTRACT.md); local storage generates one.
  if (env.SVC_DATABASE_URL && !(options.env && 'SVC_ENCRYPTION_KEY' in options.env)) env.SVC_ENCRYPTION_KEY = 'svc-test-encryption-key';
  let gateway: Gateway;
  try {
    gateway = await createGateway(env, { logger: pino({ level: env.SVC_LOG_LEVEL ?? 'info', base: undefined }, sink), spanExporter: options.spanExporter });
  } catch (error) {
    // A gateway that refused to start leaves nothing running behind it.
    if (!options.mock) await mock.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = await gateway.listen();

  return {
    url,
    gateway,
    mock,
    logLines,
    request(path, init = {}) {
      const headers: Record<string, string> = { ...(init.headers ?? {}) };
      const key = init.key === undefined ? testMasterKey : init.key;
      if (key !== null) headers.authorization = `Bearer ${key}`;
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      return fetch(url + path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
    },
    client(key = testMasterKey) {
      return new OpenAI({ apiKey: key, baseURL: `${url}/v1`, maxRetries: 0 });
    },
    async close() {
      await gateway.close();
      if (!options.mock) await mock.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One gateway for a `describe` block: started before its tests, closed after them, the mock's record of
 * requests cleared before each test. The handle stands for the gateway once it has started.
 */
export function gatewayForSuite(options?: Parameters<typeof startTestGateway>[0]): TestGateway {
  let started: TestGateway | undefined;
  before(async () => {
    started = await startTestGateway(options);
  });
  after(() => started?.close());
  beforeEach(() => started?.mock.reset());
  return new Proxy({} as TestGateway, {
    get(_target, property) {
      if (!started) throw new Error('the suite gateway is used before its before() hook ran');
      const value = Reflect.get(started, property);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}

/**
 * `npm run bench:cache [-- --concurrency 1 --seconds 5 --warmup 1 --redis redis://127.0.0.1:6379]`
 *
 * The chat caches in figures, in one run against the mock upstream (each process its own child):
 *  - an exact hit answered from L0 (in process), and one answered from L1 (Redis; L0 holds one entry so it
 *    always misses) — targets: p99 < 1 ms in process, < 2 ms through Redis;
 *  - a miss in cache mode (exact key, semantic embedding and scan of a growing index, both stores) beside the
 *    same miss in proxy mode — target: at most 2 ms added;
 *  - the semantic lookup itself at 10,000 entries in one org's bucket, in this process (built-in embedder,
 *    and 1,536-dimension vectors as an embedding model gives).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { embedLocally, normalize } from '../src/cache/semantic/local-embedder.js';
import { SemanticCache } from '../src/cache/semantic/semantic-cache.js';
import { promptFeatures } from '../src/cache/semantic/text-features.js';
import { baseEnv, BenchChild, benchMasterKey, children, log, svcEnv, svcNodeArgs } from './bench-child.js';
import { summarize } from './load.js';
import { loadShape, measure, ms, scenarioTable, type Measured, type Scenario } from './scenarios.js';

const { values: args } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    redis: { type: 'string', default: process.env.SVC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    'cpu-prof': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (args.help) {
  process.stdout.write('usage: npm run bench:cache -- [--concurrency N (default 1)] [--seconds N (default 5)] [--warmup N (default 1)] [--redis URL] [--cpu-prof DIR]\n');
  process.exit(0);
}
const options = loadShape(args);
const runId = Math.random().toString(36).slice(2, 8);
const headers = (mode: 'proxy' | 'cache') => ({ authorization: `Bearer ${benchMasterKey}`, 'x-intelligence-mode': mode });
const chat = (content: string) => JSON.stringify({ model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'user', content }] });
let counter = 0;
const freshChat = () => chat(`benchmark question ${runId} number ${counter++}`);
/** L1 scenario: 100 prompts in turn, so the one-entry L0 never holds the next one. */
let rotation = 0;
const rotatingChat = () => chat(`rotating question ${runId} ${rotation++ % 100}`);

async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => null, lazyConnect: true, connectTimeout: 1000 });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Lookups against 10,000 entries of one bucket (the worst case: one system prompt, one model). */
function semanticLookupCost(dimensions: 'local' | 1536): { p50: number; p99: number } {
  const cache = new SemanticCache(undefined, { maxEntriesPerOrg: 10_000, ttlMs: 3_600_000 }, { warn: () => undefined, error: () => undefined });
  const embed = (text: string) => (dimensions === 'local' ? embedLocally(text) : randomUnitVector(1536));
  const answer = { completion: { id: 'c', object: 'chat.completion' as const, created: 0, model: 'm', choices: [] }, servedModel: 'openai/gpt-4o-mini' };
  for (let index = 0; index < 10_000; index++) {
    const prompt = `Stored question ${index} about topic ${index % 97} and detail ${index % 13}`;
    const features = promptFeatures(prompt);
    cache.store('org', 'bucket', prompt, embed(features.normalized), features, answer);
  }
  const timings = new Float64Array(500);
  for (let index = 0; index < timings.length; index++) {
    const features = promptFeatures(`A new question ${index} about something else entirely`);
    const started = performance.now();
    void cache.index.lookup('org', 'bucket', embed(features.normalized), features, 0.75);
    timings[index] = performance.now() - started;
  }
  const summary = summarize(timings);
  return { p50: summary.p50, p99: summary.p99 };
}

function randomUnitVector(length: number): Float32Array {
  const vector = new Float32Array(length);
  for (let index = 0; index < length; index++) vector[index] = Math.random() - 0.5;
  return normalize(vector);
}

async function main(): Promise<void> {
  const dataDirs = [await mkdtemp(join(tmpdir(), 'svc-bench-cache-')), await mkdtemp(join(tmpdir(), 'svc-bench-cache-redis-'))];
  try {
    log('starting the mock upstream and svc …');
    const mock = await BenchChild.start('mock', 'run-mock.ts', baseEnv());
    const profileArgs = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', join(args['cpu-prof'], 'svc-cache')] : [];
    const svc = await BenchChild.start('svc', 'run-svc.ts', svcEnv(mock.origin, dataDirs[0]), [...svcNodeArgs, ...profileArgs]);
    const scenarios: Scenario[] = [
      { name: 'miss, proxy mode', target: svc, path: '/v1/chat/completions', headers: headers('proxy'), body: freshChat },
      { name: 'miss, cache mode', target: svc, path: '/v1/chat/completions', headers: headers('cache'), body: freshChat },
      { name: 'exact hit, L0 (in process)', target: svc, path: '/v1/chat/completions', headers: headers('cache'), body: chat(`the same question ${runId}`) },
    ];
    const withRedis = await redisReachable(args.redis);
    if (withRedis) {
      const config = join(dataDirs[1], 'svc.yaml');
      await writeFile(config, `storage:\n  redis_key_prefix: "svc-bench-${runId}:"\ncache:\n  exact: { max_entries: 1 }\n`);
      const svcRedis = await BenchChild.start('svc+redis', 'run-svc.ts', { ...svcEnv(mock.origin, dataDirs[1]), SVC_REDIS_URL: args.redis, SVC_CONFIG: config }, svcNodeArgs);
      scenarios.push({ name: 'exact hit, L1 (Redis)', target: svcRedis, path: '/v1/chat/completions', headers: headers('cache'), body: rotatingChat });
    } else log(`Redis at ${args.redis} is not reachable: the L1 scenario is skipped`);
    const results: Measured[] = [];
    for (const scenario of scenarios) results.push(await measure(scenario, options));

    log('semantic lookups at 10,000 entries …');
    const local = semanticLookupCost('local');
    const model = semanticLookupCost(1536);
    const [proxyMiss, cacheMiss, l0, l1] = results;
    const added = { p50: cacheMiss.total.p50 - proxyMiss.total.p50, p99: cacheMiss.total.p99 - proxyMiss.total.p99 };
    process.stdout.write(
      [
        '',
        `svc chat caches: concurrency ${options.concurrency}, ${options.warmupSeconds} s warm-up + ${options.seconds} s measured per scenario, ${availableParallelism()} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}`,
        '',
        scenarioTable(scenarios.map((scenario) => scenario.name), results),
        '(latencies measured in the load generator, loopback HTTP included; a miss also grows the semantic index by one entry)',
        '',
        `exact hit L0: p50 ${ms(l0.total.p50)} ms, p99 ${ms(l0.total.p99)} ms (target p99 < 1 ms): ${l0.total.p99 < 1 ? 'within target' : 'ABOVE target'}`,
        l1 ? `exact hit L1: p50 ${ms(l1.total.p50)} ms, p99 ${ms(l1.total.p99)} ms (target p99 < 2 ms): ${l1.total.p99 < 2 ? 'within target' : 'ABOVE target'}` : 'exact hit L1: skipped (no Redis)',
        `cache mode over proxy mode on a miss: p50 +${ms(added.p50)} ms, p99 +${ms(added.p99)} ms (target ≤ 2 ms): ${added.p50 <= 2 ? 'within target' : 'ABOVE target'}`,
        `semantic lookup at 10,000 entries: built-in embedder (512 dims, embedding included) p50 ${ms(local.p50)} ms, p99 ${ms(local.p99)} ms; 1,536-dim vectors (scan only) p50 ${ms(model.p50)} ms, p99 ${ms(model.p99)} ms`,
        '',
      ].join('\n'),
    );
  } finally {
    await Promise.allSettled([...children].map((child) => child.stop()));
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

main().catch(async (error) => {
  log(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await Promise.allSettled([...children].map((child) => child.stop()));
  process.exit(1);
});

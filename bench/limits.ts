/**
 * `npm run bench:limits [-- --requests 20000 --redis redis://127.0.0.1:6379]`
 *
 * What the limits stages cost a request, in this process: the rate check (rpm + tpm, key and org) and the
 * monthly reservation (quota + budget, key and org), against the in-process shared state and against Redis
 * (one Lua round trip each). The settlement after the answer is measured apart: it is off the hot path.
 * Targets: ≤ 50 µs per request in process; one Redis round trip per check with Redis.
 */
import { parseArgs } from 'node:util';
import { loadCatalog } from '../src/catalog/catalog.js';
import { loadTokenizer } from '../src/billing/token-estimator.js';
import { LimitsService } from '../src/limits/limits-service.js';
import type { RequestContext } from '../src/pipeline/request-context.js';
import { MemorySharedState } from '../src/storage/memory/memory-shared-state.js';
import { RedisSharedState } from '../src/storage/redis/redis-shared-state.js';
import type { SharedState } from '../src/core/shared-state.js';
import { summarize } from './load.js';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    redis: { type: 'string', default: process.env.SVC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});
const requests = Number(args.requests);
const silent = { warn: () => undefined, error: () => undefined };

async function contextFactory(): Promise<(index: number) => RequestContext<'chat'>> {
  const catalog = await loadCatalog();
  const model = catalog.getModel('openai/gpt-4o-mini')!;
  const policy = { org_id: 'org_bench', rpm: 1e9, tpm: 1e12, monthly_token_quota: 1e15, monthly_budget_usd: 1e9, enforce_tools: false, redact_pii: false, audit_prompts: false, updated_at: '' };
  return (index) =>
    ({
      operation: 'chat',
      requestId: `req_${index}`,
      principal: { orgId: 'org_bench', keyId: 'key_bench', keyPrefix: 'svc_', scopes: new Set(['api']), isMaster: false, limits: { rpm: 1e9, tpm: 1e12, monthlyTokenQuota: 1e15, monthlyBudgetUsd: 1e9 } },
      governance: { policy, tools: new Map() },
      request: { model: 'gpt-4o-mini', max_tokens: 100, messages: [{ role: 'user', content: 'What is the capital of France? Answer in one word.' }] },
      route: { model, candidates: [model], tier: 'T2', lane: 'smart', decisionSource: 'Pinned', summary: '' },
      usage: { inputTokens: 20, outputTokens: 5, cachedInputTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, audioInputTokens: 0, audioOutputTokens: 0, estimated: false },
      cost: { cost_usd: 0.000006, baseline_cost_usd: 0.0001, savings_usd: 0.000094, savings_pct: 94 },
    }) as unknown as RequestContext<'chat'>;
}

async function measure(name: string, state: SharedState, makeContext: (index: number) => RequestContext<'chat'>): Promise<string[]> {
  const limits = new LimitsService(state, async () => ({ tokens: 0, usd: 0 }), silent);
  const rates = new Float64Array(requests);
  const monthly = new Float64Array(requests);
  const settle = new Float64Array(requests);
  // Warm-up: JIT, the tokenizer, the counters' seeding.
  for (let index = 0; index < 500; index++) {
    const context = makeContext(index);
    await limits.takeRates(context);
    await limits.reserveMonthly(context);
    limits.settle(context);
  }
  await limits.drain();
  for (let index = 0; index < requests; index++) {
    const context = makeContext(index);
    let started = performance.now();
    await limits.takeRates(context);
    rates[index] = (performance.now() - started) * 1000;
    started = performance.now();
    await limits.reserveMonthly(context);
    monthly[index] = (performance.now() - started) * 1000;
    started = performance.now();
    limits.settle(context);
    await limits.drain();
    settle[index] = (performance.now() - started) * 1000;
  }
  const line = (what: string, sample: Float64Array) => {
    const summary = summarize(sample);
    return `${name.padEnd(10)} ${what.padEnd(34)} p50 ${summary.p50.toFixed(1).padStart(7)} µs   p99 ${summary.p99.toFixed(1).padStart(7)} µs   mean ${summary.mean.toFixed(1).padStart(7)} µs`;
  };
  return [line('rates (rpm+tpm, key+org)', rates), line('monthly (quota+budget, key+org)', monthly), line('settlement (after the answer)', settle)];
}

async function main(): Promise<void> {
  await loadTokenizer();
  const makeContext = await contextFactory();
  const lines = await measure('in process', new MemorySharedState(), makeContext);
  const prefix = `svc-bench-limits-${Math.random().toString(36).slice(2, 8)}:`;
  const redis = new RedisSharedState({ url: args.redis, keyPrefix: prefix });
  try {
    await redis.ping();
    lines.push(...(await measure('redis', redis, makeContext)));
  } catch (error) {
    lines.push(`redis: skipped (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    await redis.close();
  }
  process.stdout.write(`\nlimits stages, ${requests} requests each (one Lua round trip per check with Redis)\n\n${lines.join('\n')}\n\n`);
}

main().catch((error) => {
  process.stderr.write(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

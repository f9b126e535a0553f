/**
 * `npm run bench:layers [-- --rounds 3 --seconds 6 --concurrency 32]`
 *
 * Where svc's CPU per request goes beyond the bare proxy's, layer by layer, in one run: the bare pass-through proxy,
 * a proxy on node:http that parses the request and the answer (bench/parsing-proxies.ts), the same on Fastify, and
 * svc in proxy mode (master key) and governed (a key with rpm and budget, prompts audited). Each target is loaded in
 * turn with the same closed-loop load; rounds repeat the sequence, each starting one target later, and each target's
 * rounds are pooled as `npm run bench` pools them (its CPU time over its requests, its latencies together), printed as
 * CPU µs a request and its ratio to the bare proxy's, with the step from the layer before. `--rate N` loads each at a fixed N
 * requests/s instead (open loop over 64 connections, as `npm run bench`'s fixed-rate phase, the mock loaded straight
 * too) and prints beside the CPU each layer's overhead p50 (its latency p50 less the mock's) and its ratio to the bare
 * proxy's: how much of svc's added latency where nothing queues any JSON-parsing proxy, or Fastify, already adds.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { baseEnv, BenchChild, benchMasterKey, children, governedHeaders, log, svcEnv, svcNodeArgs } from './bench-child.js';
import { cpuTimeUs } from './child-protocol.js';
import { loadAt, OPEN_LOOP, probe, rateOption, roundOrder, runLoad } from './load.js';
import { combineRounds, type TargetResult } from './overhead-report.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '6' },
    concurrency: { type: 'string', default: '32' },
    rate: { type: 'string', default: '0' },
  },
  strict: true,
});
const rounds = Number(args.rounds);
const seconds = Number(args.seconds);
const concurrency = Number(args.concurrency);
const rate = rateOption(args.rate);
for (const [name, value] of Object.entries({ rounds, seconds, concurrency })) {
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`--${name} must be a positive number\n`);
    process.exit(2);
  }
}

const chatPath = '/v1/chat/completions';
const requestBody = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'benchmark' }] });
const layers = ['bare', 'raw-parse', 'fastify-parse', 'svc', 'governed'] as const;
type Layer = (typeof layers)[number];
const descriptions: Record<Layer, string> = {
  bare: 'bare pass-through proxy (node:http + undici)',
  'raw-parse': 'parses request and answer, node:http',
  'fastify-parse': 'parses request and answer, Fastify',
  svc: 'svc, proxy mode',
  governed: 'svc, governance on',
};

/** One load of a target: its latencies and the CPU time it spent on them. */
async function loadOnce(target: BenchChild, headers: Record<string, string>): Promise<TargetResult> {
  const origin = target.origin;
  const answer = await probe(origin, chatPath, headers, requestBody);
  if (answer.status !== 200 || !answer.text.includes('Echo: benchmark')) throw new Error(`${origin} answered the probe with HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
  let before: Awaited<ReturnType<BenchChild['stats']>>;
  const result = await runLoad({
    origin,
    path: chatPath,
    headers,
    body: requestBody,
    ...loadAt(rate, concurrency, 2),
    seconds,
    maxRequests: 2_000_000,
    keepSamples: true,
    onMeasureStart: async () => {
      before = await target.stats();
    },
  });
  const after = await target.stats();
  if (!before || !after || result.requests === 0) throw new Error(`no CPU figures for ${origin}`);
  if (result.errors > 0) log(`warning: ${result.errors} failed requests at ${origin} (first: ${result.firstError})`);
  const cpuUs = cpuTimeUs(before, after);
  return { ...result, cpuUs, cpuUsPerRequest: cpuUs / (result.requests + result.errors) };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-bench-layers-'));
  try {
    const mock = await BenchChild.start('mock', 'run-mock.ts', baseEnv());
    const upstream = { ...baseEnv(), BENCH_UPSTREAM: mock.origin };
    const [bare, raw, fastify, svc] = await Promise.all([
      BenchChild.start('bare', 'run-bare-proxy.ts', upstream),
      BenchChild.start('raw-parse', 'run-parsing-proxy.ts', { ...upstream, BENCH_PROXY: 'raw' }),
      BenchChild.start('fastify-parse', 'run-parsing-proxy.ts', { ...upstream, BENCH_PROXY: 'fastify' }),
      BenchChild.start('svc', 'run-svc.ts', svcEnv(mock.origin, dataDir), svcNodeArgs),
    ]);
    const masterHeaders = { authorization: `Bearer ${benchMasterKey}`, 'x-intelligence-mode': 'proxy' };
    const targets: Record<Layer, { child: BenchChild; headers: Record<string, string> }> = {
      bare: { child: bare, headers: masterHeaders },
      'raw-parse': { child: raw, headers: masterHeaders },
      'fastify-parse': { child: fastify, headers: masterHeaders },
      svc: { child: svc, headers: masterHeaders },
      governed: { child: svc, headers: await governedHeaders(svc.origin) },
    };
    const loads: Record<Layer | 'direct', TargetResult[]> = { direct: [], bare: [], 'raw-parse': [], 'fastify-parse': [], svc: [], governed: [] };
    const mockHeaders = { authorization: 'Bearer sk-bench-openai' };
    // At a fixed rate the mock is loaded straight too: each layer's overhead is its latency less the mock's.
    const order: Array<Layer | 'direct'> = rate > 0 ? ['direct', ...layers] : [...layers];
    for (let round = 0; round < rounds; round++) {
      for (const name of roundOrder(order, round)) {
        const { child, headers } = name === 'direct' ? { child: mock, headers: mockHeaders } : targets[name];
        const load = await loadOnce(child, headers);
        loads[name].push(load);
        log(`round ${round + 1}/${rounds}: ${name.padEnd(13)} ${load.cpuUsPerRequest!.toFixed(0)} µs a request${rate > 0 ? `, p50 ${load.total.p50.toFixed(3)} ms` : ''}`);
      }
    }
    const pooled = Object.fromEntries(order.map((name) => [name, combineRounds(loads[name])])) as Record<Layer | 'direct', TargetResult>;
    const cpuPerRequest = Object.fromEntries(layers.map((layer) => [layer, pooled[layer].cpuUsPerRequest!])) as Record<Layer, number>;
    const overheadP50 = Object.fromEntries(layers.map((layer) => [layer, rate > 0 ? pooled[layer].total.p50 - pooled.direct.total.p50 : NaN])) as Record<Layer, number>;
    const overheadColumns = rate > 0 ? ' overhead p50 ms | ÷ bare |' : '';
    const lines = [
      '',
      `CPU a request by layer: non-stream chat, ${rate > 0 ? `${rate} requests/s (open loop), ${OPEN_LOOP.warmupSeconds} s` : `concurrency ${concurrency}, 2 s`} warm-up + ${seconds} s per target × ${rounds} interleaved rounds (pooled), ${cpus().length} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}`,
      '',
      `| layer | CPU µs a request | ÷ bare | step from the layer above |${overheadColumns}`,
      `|---|---|---|---|${rate > 0 ? '---|---|' : ''}`,
    ];
    layers.forEach((layer, index) => {
      const value = cpuPerRequest[layer];
      // Each layer against the one above it; governance against svc's proxy mode.
      const from = layer === 'governed' ? 'svc' : layers[index - 1];
      const delta = from === undefined ? undefined : value - cpuPerRequest[from];
      const step = delta === undefined ? '' : `${delta >= 0 ? '+' : ''}${delta.toFixed(0)} µs${layer === 'governed' ? ' over proxy mode' : ''}`;
      const overhead = rate > 0 ? ` ${overheadP50[layer].toFixed(3)} | ${(overheadP50[layer] / overheadP50.bare).toFixed(2)}× |` : '';
      lines.push(`| ${descriptions[layer]} | ${value.toFixed(0)} | ${(value / cpuPerRequest.bare).toFixed(2)}× | ${step} |${overhead}`);
    });
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await Promise.allSettled([...children].map((child) => child.stop()));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

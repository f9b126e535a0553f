/**
 * `npm run bench:layers [-- --rounds 3 --seconds 6 --concurrency 32]`
 *
 * Where svc's CPU per request goes beyond the bare proxy's, layer by layer, in one run: the bare pass-through proxy,
 * a proxy on node:http that parses the request and the answer (bench/parsing-proxies.ts), the same on Fastify, and
 * svc in proxy mode (master key) and governed (a key with rpm and budget, prompts audited). Each target is loaded in
 * turn with the same closed-loop load; rounds repeat the sequence and the medians are printed, each as CPU µs a
 * request and its ratio to the bare proxy's, with the step from the layer before.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { baseEnv, BenchChild, benchMasterKey, children, governedHeaders, log, svcEnv, svcNodeArgs } from './bench-child.js';
import { median, probe, runLoad } from './load.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '6' },
    concurrency: { type: 'string', default: '32' },
  },
  strict: true,
});
const rounds = Number(args.rounds);
const seconds = Number(args.seconds);
const concurrency = Number(args.concurrency);
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

async function cpuPerRequest(target: BenchChild, headers: Record<string, string>): Promise<number> {
  const origin = target.origin;
  const answer = await probe(origin, chatPath, headers, requestBody);
  if (answer.status !== 200 || !answer.text.includes('Echo: benchmark')) throw new Error(`${origin} answered the probe with HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
  let before: Awaited<ReturnType<BenchChild['stats']>>;
  const result = await runLoad({
    origin,
    path: chatPath,
    headers,
    body: requestBody,
    concurrency,
    warmupSeconds: 2,
    seconds,
    maxRequests: 2_000_000,
    onMeasureStart: async () => {
      before = await target.stats();
    },
  });
  const after = await target.stats();
  if (!before || !after || result.requests === 0) throw new Error(`no CPU figures for ${origin}`);
  if (result.errors > 0) log(`warning: ${result.errors} failed requests at ${origin} (first: ${result.firstError})`);
  return (after.cpuUserUs + after.cpuSystemUs - before.cpuUserUs - before.cpuSystemUs) / (result.requests + result.errors);
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
    const figures: Record<Layer, number[]> = { bare: [], 'raw-parse': [], 'fastify-parse': [], svc: [], governed: [] };
    for (let round = 0; round < rounds; round++) {
      for (const layer of layers) {
        const { child, headers } = targets[layer];
        const cpu = await cpuPerRequest(child, headers);
        figures[layer].push(cpu);
        log(`round ${round + 1}/${rounds}: ${layer.padEnd(13)} ${cpu.toFixed(0)} µs a request`);
      }
    }
    const medians = Object.fromEntries(layers.map((layer) => [layer, median(figures[layer])])) as Record<Layer, number>;
    const lines = [
      '',
      `CPU a request by layer: non-stream chat, concurrency ${concurrency}, 2 s warm-up + ${seconds} s per target × ${rounds} rounds (median), ${cpus().length} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}`,
      '',
      '| layer | CPU µs a request | ÷ bare | step from the layer above |',
      '|---|---|---|---|',
    ];
    layers.forEach((layer, index) => {
      const value = medians[layer];
      // Each layer against the one above it; governance against svc's proxy mode.
      const from = layer === 'governed' ? 'svc' : layers[index - 1];
      const delta = from === undefined ? undefined : value - medians[from];
      const step = delta === undefined ? '' : `${delta >= 0 ? '+' : ''}${delta.toFixed(0)} µs${layer === 'governed' ? ' over proxy mode' : ''}`;
      lines.push(`| ${descriptions[layer]} | ${value.toFixed(0)} | ${(value / medians.bare).toFixed(2)}× | ${step} |`);
    });
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await Promise.allSettled([...children].map((child) => child.stop()));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

/**
 * `npm run bench [-- --stream --concurrency 32 --seconds 10 --warmup 2]`
 *
 * Measures the latency svc adds in proxy mode (X-Intelligence-Mode: proxy) in front of the mock
 * upstream, beside a bare node:http + undici pass-through proxy, in one run: the mock, the bare proxy
 * and svc each run in their own child process, the load generator in this one; the targets are loaded
 * one after the other with the same load, in rounds that each start one target later, and each target's rounds
 * are pooled (overhead-report.ts, combineRounds). See bench/README.md for how to read the figures.
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { baseEnv, BenchChild, benchMasterKey, children, governedHeaders, log, svcEnv, svcNodeArgs } from './bench-child.js';
import { cpuTimeUs, type ChildStats } from './child-protocol.js';
import { loadAt, OPEN_LOOP, probe, rateOption, roundOrder, runLoad } from './load.js';
import { combineRounds, report, targetNames, type RunSettings, type TargetName, type TargetResult } from './overhead-report.js';
import { writeFlameGraph } from './flame-graph.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const chatPath = '/v1/chat/completions';

// ---------------------------------------------------------------------------------------------------
// Options

const usage = `usage: npm run bench -- [options]
  --concurrency N     in-flight requests (closed loop), default 32
  --rate N            then the same targets at a fixed N requests/s (open loop: latency added where nothing
                      queues, the figure issue 20's overhead target reads), default 1000; 0 skips it
  --open-seconds N    measured phase per target and round at the fixed rate (after 1 s of warm-up), default 2
  --seconds N         measured phase per target and round, default 2
  --warmup N          warm-up per target and round (not measured), default 1 (the first round at least 5)
  --stream            streamed chat completions (SSE): time to first byte and total
  --rounds N          load direct → bare → svc → governed N times, each round starting one target later,
                      and pool each target's rounds (every target meets the machine's changing state
                      alike: ratios that hold on a shared machine), default 6
  --max-requests N    cap on measured requests per target and round, default 2000000
  --out FILE          JSON results, default bench/results/latest.json
  --cpu-prof DIR      write V8 CPU profiles of the svc and bare proxy processes to DIR
                      (summarise with bench/profile-summary.ts, or open in Chrome DevTools)
  --flame-graphs DIR  profile them and draw each target's measured phases as SVG flame graphs in DIR
  --keep-readme       do not rewrite the README's benchmark table with this run's figures
                      (a run with --cpu-prof or --flame-graphs never does: the profiler costs CPU)
  --help`;

const { values: args } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '32' },
    rate: { type: 'string', default: '1000' },
    'open-seconds': { type: 'string', default: '2' },
    seconds: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '1' },
    stream: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '6' },
    'max-requests': { type: 'string', default: '2000000' },
    out: { type: 'string', default: join(benchDir, 'results', 'latest.json') },
    'cpu-prof': { type: 'string' },
    'flame-graphs': { type: 'string' },
    'keep-readme': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (args.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

function positive(name: string, text: string, integer: boolean): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    process.stderr.write(`--${name} must be a positive ${integer ? 'integer' : 'number'} (got ${JSON.stringify(text)})\n${usage}\n`);
    process.exit(2);
  }
  return value;
}
const options = {
  concurrency: positive('concurrency', args.concurrency, true),
  rate: rateOption(args.rate),
  openSeconds: positive('open-seconds', args['open-seconds'], false),
  seconds: positive('seconds', args.seconds, false),
  warmupSeconds: args.warmup === '0' ? 0 : positive('warmup', args.warmup, false),
  stream: args.stream,
  rounds: positive('rounds', args.rounds, true),
  maxRequests: positive('max-requests', args['max-requests'], true),
};
const mode: RunSettings['mode'] = options.stream ? 'stream' : 'non-stream';
/** The closed loop's warm-up in the first round (at least): every target's first load. */
const FIRST_WARMUP_SECONDS = 5;


// ---------------------------------------------------------------------------------------------------
// Clean-up: every child is stopped at the end, on errors, on Ctrl-C, and by a watchdog.

let dataDir: string | undefined;

async function cleanUp(): Promise<void> {
  await Promise.allSettled([...children].map((child) => child.stop()));
  if (dataDir) await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
}

process.on('exit', () => {
  for (const child of children) child.killNow();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`\n${signal}: stopping the child processes`);
    void cleanUp().finally(() => process.exit(130));
  });
}
const watchdogMs = 4 * options.rounds * (options.warmupSeconds + options.seconds + (options.rate ? OPEN_LOOP.warmupSeconds + options.openSeconds : 0) + 30) * 1000 + 120_000;
const watchdog = setTimeout(() => {
  log(`benchmark watchdog: still running after ${Math.round(watchdogMs / 1000)} s, giving up`);
  void cleanUp().finally(() => process.exit(1));
}, watchdogMs);

// ---------------------------------------------------------------------------------------------------
// The run

const requestBody = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'benchmark' }], ...(options.stream ? { stream: true } : {}) });
// The same headers for every target: the mock and the bare proxy ignore what they do not need.
const requestHeaders = { authorization: `Bearer ${benchMasterKey}`, 'x-intelligence-mode': 'proxy' };

/** Each target's measured phases on the monotonic clock (the flame graphs draw the profiles' samples within them). */
const measured: Record<TargetName, Array<{ fromNs: bigint; toNs: bigint }>> = { direct: [], bare: [], svc: [], governed: [] };

/** A target's load: the closed loop at --concurrency, or the open loop at --rate. */
type Phase = 'closed' | 'open';

async function loadTarget(name: TargetName, origin: string, process_: BenchChild, round: number, phase: Phase, headers: Record<string, string> = requestHeaders): Promise<TargetResult> {
  const answer = await probe(origin, chatPath, headers, requestBody);
  const expected = options.stream ? answer.text.includes('Echo') && answer.text.includes('[DONE]') : answer.text.includes('Echo: benchmark');
  if (answer.status !== 200 || !expected) {
    log(`warning: ${name} answered the probe request with HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  const roundLabel = options.rounds > 1 ? ` (round ${round + 1}/${options.rounds})` : '';
  const open = phase === 'open';
  // A target's first load warms it longer: its first seconds are the JIT's (governed svc from cold spent 1,156 µs of CPU a request
  // over its first 2 s, 523 over the next 2, ~350 from then on).
  const closedWarmup = round === 0 && options.warmupSeconds > 0 ? Math.max(FIRST_WARMUP_SECONDS, options.warmupSeconds) : options.warmupSeconds;
  const [warmupSeconds, seconds] = open ? [OPEN_LOOP.warmupSeconds, options.openSeconds] : [closedWarmup, options.seconds];
  log(`${name}${roundLabel}: ${warmupSeconds} s warm-up + ${seconds} s measured, ${open ? `${options.rate} requests/s (open loop)` : `concurrency ${options.concurrency}`} …`);
  let before: Promise<ChildStats | undefined> | undefined;
  let measuredFrom = process.hrtime.bigint();
  const result = await runLoad({
    origin,
    path: chatPath,
    headers,
    body: requestBody,
    ...loadAt(open ? options.rate : 0, options.concurrency, warmupSeconds),
    seconds,
    maxRequests: options.maxRequests,
    keepSamples: true,
    onMeasureStart: () => {
      before = process_.stats();
      measuredFrom = process.hrtime.bigint();
    },
  });
  if (!open) measured[name].push({ fromNs: measuredFrom, toNs: process.hrtime.bigint() });
  const [start, end] = await Promise.all([before, process_.stats()]);
  const cpuUs = start && end && result.requests > 0 ? cpuTimeUs(start, end) : undefined;
  const cpuUsPerRequest = cpuUs === undefined ? undefined : cpuUs / (result.requests + result.errors);
  if (result.errors > 0) log(`warning: ${name}: ${result.errors} failed requests (first: ${result.firstError})`);
  if (start && end && cpuUsPerRequest !== undefined) {
    // The kernel's share (socket writes, which on loopback also deliver to the reader) apart from JavaScript's.
    const count = result.requests + result.errors;
    // svc's own time (its x-svc-latency-breakdown total: request received → answer handed to the socket) beside the generator's.
    const own = result.server ? `; svc's own time p50 ${result.server.p50.toFixed(3)} ms, p99 ${result.server.p99.toFixed(3)} (the generator's p50 ${result.total.p50.toFixed(3)})` : '';
    log(`  ${name}: cpu µs/req ${cpuUsPerRequest.toFixed(0)} = user ${((end.cpuUserUs - start.cpuUserUs) / count).toFixed(0)} + system ${((end.cpuSystemUs - start.cpuSystemUs) / count).toFixed(0)}${own}`);
  }
  return { ...result, cpuUs, cpuUsPerRequest };
}

async function main(): Promise<void> {
  dataDir = await mkdtemp(join(tmpdir(), 'svc-bench-'));
  log(`starting the mock upstream, the bare proxy and svc (${mode}) …`);
  const mock = await BenchChild.start('mock', 'run-mock.ts', baseEnv());
  const profileDir = args['cpu-prof'] ? resolve(args['cpu-prof']) : args['flame-graphs'] ? await mkdtemp(join(tmpdir(), 'svc-bench-prof-')) : undefined;
  // One directory per process: tsx's loader thread writes a (small) profile of its own beside the main thread's.
  const profileArgs = (name: string) => (profileDir ? ['--cpu-prof', '--cpu-prof-dir', join(profileDir, `${name}-${mode}`)] : []);
  const [bare, svc] = await Promise.all([
    BenchChild.start('bare', 'run-bare-proxy.ts', { ...baseEnv(), BENCH_UPSTREAM: mock.origin }, profileArgs('bare')),
    BenchChild.start('svc', 'run-svc.ts', svcEnv(mock.origin, dataDir), [...svcNodeArgs, ...profileArgs('svc')]),
  ]);

  const governed = await governedHeaders(svc.origin);
  // One after the other, the same load each; with --rounds the sequence is repeated, each round starting one target later.
  const perTarget = () => Object.fromEntries(targetNames.map((name) => [name, []])) as unknown as Record<TargetName, TargetResult[]>;
  const rounds = perTarget();
  const openRounds = perTarget();
  const targets: Array<[TargetName, BenchChild, Record<string, string>]> = [
    ['direct', mock, requestHeaders],
    ['bare', bare, requestHeaders],
    ['svc', svc, requestHeaders],
    ['governed', svc, governed],
  ];
  for (let round = 0; round < options.rounds; round++) {
    const order = roundOrder(targets, round);
    for (const [name, child, headers] of order) rounds[name].push(await loadTarget(name, child.origin, child, round, 'closed', headers));
    if (options.rate === 0) continue;
    for (const [name, child, headers] of order) openRounds[name].push(await loadTarget(name, child.origin, child, round, 'open', headers));
  }
  const combined = (of: Record<TargetName, TargetResult[]>) => Object.fromEntries(targetNames.map((name) => [name, combineRounds(of[name])])) as Record<TargetName, TargetResult>;
  const results = combined(rounds);
  const openLoop = options.rate ? { rate: options.rate, seconds: options.openSeconds, results: combined(openRounds) } : undefined;
  const [mockStats, bareStats, svcStats] = await Promise.all([mock.stats(), bare.stats(), svc.stats()]);
  const peakRssMb: Record<TargetName, number | undefined> = {
    direct: mb(mockStats?.maxRssKb),
    bare: mb(bareStats?.maxRssKb),
    svc: mb(svcStats?.maxRssKb),
    governed: mb(svcStats?.maxRssKb),
  };
  await cleanUp();
  dataDir = undefined;
  if (profileDir && args['flame-graphs']) {
    drawFlameGraphs(profileDir, resolve(args['flame-graphs']), results);
    if (!args['cpu-prof']) await rm(profileDir, { recursive: true, force: true });
  }
  if (profileDir && args['cpu-prof']) {
    log(`CPU profiles written to ${join(profileDir, `svc-${mode}`)} and ${join(profileDir, `bare-${mode}`)}: the main thread's is the larger file (summary: npx tsx bench/profile-summary.ts FILE)`);
  }

  const settings: RunSettings = {
    mode,
    concurrency: options.concurrency,
    warmupSeconds: options.warmupSeconds,
    seconds: options.seconds,
    rounds: options.rounds,
    maxRequests: options.maxRequests,
    out: args.out,
    // A profiled run's figures carry the profiler's cost: they never replace the README's.
    updateReadme: !args['keep-readme'] && !args['cpu-prof'] && !args['flame-graphs'],
  };
  await report(settings, results, peakRssMb, rounds, openLoop);
}

const mb = (kb: number | undefined) => (kb === undefined ? undefined : Math.round((kb / 1024) * 10) / 10);

/** One SVG per profiled target, of its measured phases only (not start-up, warm-up or the other targets' turns). */
function drawFlameGraphs(profileDir: string, outDir: string, results: Record<TargetName, TargetResult>): void {
  mkdirSync(outDir, { recursive: true });
  const machine = `${availableParallelism()} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  const graphs: Array<[TargetName, string, string]> = [['svc', 'svc', 'svc-proxy'], ['governed', 'svc', 'svc-governed'], ['bare', 'bare', 'bare-proxy']];
  for (const [name, process_, file] of graphs) {
    const cpu = results[name].cpuUsPerRequest;
    const title = `${file} (${mode}, concurrency ${options.concurrency}): ${results[name].requests} requests, ${cpu === undefined ? 'n/a' : cpu.toFixed(0)} µs CPU a request — ${machine}`;
    const written = writeFlameGraph(join(profileDir, `${process_}-${mode}`), measured[name], title, join(outDir, `${file}-${mode}.svg`));
    log(written ? `flame graph: ${written}` : `no profile of ${process_} found for its flame graph`);
  }
}

main()
  .then(
    () => {
      clearTimeout(watchdog);
      process.exitCode = 0;
    },
    async (error) => {
      log(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await cleanUp();
      clearTimeout(watchdog);
      process.exit(1);
    },
  );

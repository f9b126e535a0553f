/**
 * `npm run bench [-- --stream --concurrency 32 --seconds 10 --warmup 2]`
 *
 * Measures the latency svc adds in proxy mode (X-Intelligence-Mode: proxy) in front of the mock
 * upstream, beside a bare node:http + undici pass-through proxy, in one run: the mock, the bare proxy
 * and svc each run in their own child process, the load generator in this one; the targets are loaded
 * one after the other with the same load. See bench/README.md for how to read the figures.
 */
import { mkdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { baseEnv, BenchChild, benchMasterKey, children, governedHeaders, log, svcEnv, svcNodeArgs } from './bench-child.js';
import type { ChildStats } from './child-protocol.js';
import { median, probe, runLoad, type LatencySummary, type LoadResult } from './load.js';
import { readmeTable, updateReadmeTable } from './readme-table.js';
import { writeFlameGraph } from './flame-graph.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const chatPath = '/v1/chat/completions';

// ---------------------------------------------------------------------------------------------------
// Options

const usage = `usage: npm run bench -- [options]
  --concurrency N     in-flight requests (closed loop), default 32
  --seconds N         measured phase per target, default 10
  --warmup N          warm-up per target (not measured), default 2
  --stream            streamed chat completions (SSE): time to first byte and total
  --rounds N          repeat direct → bare → svc N times and report the median of each figure
                      (steadier on a shared machine), default 1
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
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    stream: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
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
  seconds: positive('seconds', args.seconds, false),
  warmupSeconds: args.warmup === '0' ? 0 : positive('warmup', args.warmup, false),
  stream: args.stream,
  rounds: positive('rounds', args.rounds, true),
  maxRequests: positive('max-requests', args['max-requests'], true),
};
const mode = options.stream ? 'stream' : 'non-stream';

// ---------------------------------------------------------------------------------------------------
// Child processes

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
const watchdogMs = 3 * options.rounds * (options.warmupSeconds + options.seconds + 30) * 1000 + 120_000;
const watchdog = setTimeout(() => {
  log(`benchmark watchdog: still running after ${Math.round(watchdogMs / 1000)} s, giving up`);
  void cleanUp().finally(() => process.exit(1));
}, watchdogMs);

// ---------------------------------------------------------------------------------------------------
// The run

/** `governed`: svc again, with a stored key carrying an rpm limit and a monthly budget, its org's prompts audited. */
type TargetName = 'direct' | 'bare' | 'svc' | 'governed';

interface TargetResult extends LoadResult {
  /** CPU time of the process behind the target (the mock for `direct`) per measured request, µs. */
  cpuUsPerRequest?: number;
}

const requestBody = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'benchmark' }], ...(options.stream ? { stream: true } : {}) });
// The same headers for every target: the mock and the bare proxy ignore what they do not need.
const requestHeaders = { authorization: `Bearer ${benchMasterKey}`, 'x-intelligence-mode': 'proxy' };

/** Each target's measured phases on the monotonic clock (the flame graphs draw the profiles' samples within them). */
const measured: Record<TargetName, Array<{ fromNs: bigint; toNs: bigint }>> = { direct: [], bare: [], svc: [], governed: [] };

async function loadTarget(name: TargetName, origin: string, process_: BenchChild, round: number, headers: Record<string, string> = requestHeaders): Promise<TargetResult> {
  const answer = await probe(origin, chatPath, headers, requestBody);
  const expected = options.stream ? answer.text.includes('Echo') && answer.text.includes('[DONE]') : answer.text.includes('Echo: benchmark');
  if (answer.status !== 200 || !expected) {
    log(`warning: ${name} answered the probe request with HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  const roundLabel = options.rounds > 1 ? ` (round ${round + 1}/${options.rounds})` : '';
  log(`${name}${roundLabel}: ${options.warmupSeconds} s warm-up + ${options.seconds} s measured, concurrency ${options.concurrency} …`);
  let before: Promise<ChildStats | undefined> | undefined;
  let measuredFrom = process.hrtime.bigint();
  const result = await runLoad({
    origin,
    path: chatPath,
    headers,
    body: requestBody,
    concurrency: options.concurrency,
    warmupSeconds: options.warmupSeconds,
    seconds: options.seconds,
    maxRequests: options.maxRequests,
    onMeasureStart: () => {
      before = process_.stats();
      measuredFrom = process.hrtime.bigint();
    },
  });
  measured[name].push({ fromNs: measuredFrom, toNs: process.hrtime.bigint() });
  const [start, end] = await Promise.all([before, process_.stats()]);
  const cpuUsPerRequest =
    start && end && result.requests > 0 ? (end.cpuUserUs + end.cpuSystemUs - start.cpuUserUs - start.cpuSystemUs) / (result.requests + result.errors) : undefined;
  if (result.errors > 0) log(`warning: ${name}: ${result.errors} failed requests (first: ${result.firstError})`);
  if (start && end && cpuUsPerRequest !== undefined) {
    // The kernel's share (socket writes, which on loopback also deliver to the reader) apart from JavaScript's.
    const count = result.requests + result.errors;
    log(`  ${name}: cpu µs/req ${cpuUsPerRequest.toFixed(0)} = user ${((end.cpuUserUs - start.cpuUserUs) / count).toFixed(0)} + system ${((end.cpuSystemUs - start.cpuSystemUs) / count).toFixed(0)}`);
  }
  return { ...result, cpuUsPerRequest };
}

/** One round: the figures themselves; several: the median of each figure, requests and errors summed. */
function combineRounds(rounds: TargetResult[]): TargetResult {
  if (rounds.length === 1) return rounds[0];
  const summary = (key: 'total' | 'firstByte'): LatencySummary => ({
    p50: median(rounds.map((round) => round[key].p50)),
    p90: median(rounds.map((round) => round[key].p90)),
    p99: median(rounds.map((round) => round[key].p99)),
    max: Math.max(...rounds.map((round) => round[key].max)),
    mean: median(rounds.map((round) => round[key].mean)),
  });
  const cpu = rounds.map((round) => round.cpuUsPerRequest).filter((value): value is number => value !== undefined);
  return {
    requests: rounds.reduce((sum, round) => sum + round.requests, 0),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    firstError: rounds.find((round) => round.firstError)?.firstError,
    measuredSeconds: rounds.reduce((sum, round) => sum + round.measuredSeconds, 0),
    rps: median(rounds.map((round) => round.rps)),
    total: summary('total'),
    firstByte: summary('firstByte'),
    cpuUsPerRequest: cpu.length > 0 ? median(cpu) : undefined,
  };
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
  // One after the other, the same load each; with --rounds the sequence is repeated.
  const rounds: Record<TargetName, TargetResult[]> = { direct: [], bare: [], svc: [], governed: [] };
  for (let round = 0; round < options.rounds; round++) {
    rounds.direct.push(await loadTarget('direct', mock.origin, mock, round));
    rounds.bare.push(await loadTarget('bare', bare.origin, bare, round));
    rounds.svc.push(await loadTarget('svc', svc.origin, svc, round));
    rounds.governed.push(await loadTarget('governed', svc.origin, svc, round, governed));
  }
  const results: Record<TargetName, TargetResult> = {
    direct: combineRounds(rounds.direct),
    bare: combineRounds(rounds.bare),
    svc: combineRounds(rounds.svc),
    governed: combineRounds(rounds.governed),
  };
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

  report(results, peakRssMb, rounds);
}

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

// ---------------------------------------------------------------------------------------------------
// Figures

const mb = (kb: number | undefined) => (kb === undefined ? undefined : Math.round((kb / 1024) * 10) / 10);
const round1 = (value: number) => round(value, 1);
const round = (value: number, digits = 3) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : null);

interface Overhead {
  svc: { p50: number; p99: number };
  bare: { p50: number; p99: number };
  /** svc overhead / bare overhead; null when the bare overhead is not positive. */
  ratio: { p50: number | null; p99: number | null };
}

function overheadOf(metric: 'total' | 'firstByte', results: Record<TargetName, TargetResult>): Overhead {
  const direct = results.direct[metric];
  const svc = { p50: results.svc[metric].p50 - direct.p50, p99: results.svc[metric].p99 - direct.p99 };
  const bare = { p50: results.bare[metric].p50 - direct.p50, p99: results.bare[metric].p99 - direct.p99 };
  const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : null);
  return { svc, bare, ratio: { p50: ratio(svc.p50, bare.p50), p99: ratio(svc.p99, bare.p99) } };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')).join('\n');
}

const ms = (value: number | null | undefined) => (value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(2));
const times = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(1)}×`);

function verdictLine(label: string, overhead: Overhead): string {
  const ratio = overhead.ratio.p50;
  const verdict = ratio === null ? 'ratio n/a: the bare proxy added no measurable latency' : ratio <= 1.5 ? 'within target' : 'ABOVE target';
  return `svc overhead p50${label} ${ms(overhead.svc.p50)} ms vs bare ${ms(overhead.bare.p50)} ms → ratio ${times(ratio)} (target ≤ 1.5×, issue 20): ${verdict}`;
}

function report(results: Record<TargetName, TargetResult>, peakRssMb: Record<TargetName, number | undefined>, rounds: Record<TargetName, TargetResult[]>): void {
  const names: TargetName[] = ['direct', 'bare', 'svc', 'governed'];
  const label: Record<TargetName, string> = { direct: 'direct (mock)', bare: 'bare proxy', svc: 'svc (proxy mode)', governed: 'svc, governance on' };
  const cpuCount = availableParallelism();
  const header = ['target', 'requests', 'errors', 'req/s'];
  if (options.stream) header.push('ttfb p50', 'ttfb p99');
  header.push(options.stream ? 'total p50' : 'p50 ms', 'p90', 'p99', 'max', 'cpu µs/req', 'peak RSS MB');
  const rows = [header];
  for (const name of names) {
    const result = results[name];
    const row = [label[name], String(result.requests), String(result.errors), result.rps.toFixed(0)];
    if (options.stream) row.push(ms(result.firstByte.p50), ms(result.firstByte.p99));
    row.push(ms(result.total.p50), ms(result.total.p90), ms(result.total.p99), ms(result.total.max), result.cpuUsPerRequest === undefined ? 'n/a' : result.cpuUsPerRequest.toFixed(0), String(peakRssMb[name] ?? 'n/a'));
    rows.push(row);
  }

  const overheads: Array<{ label: string; key: 'total' | 'firstByte'; overhead: Overhead }> = [];
  if (options.stream) overheads.push({ label: ' (first byte)', key: 'firstByte', overhead: overheadOf('firstByte', results) });
  overheads.push({ label: options.stream ? ' (total)' : '', key: 'total', overhead: overheadOf('total', results) });
  const overheadRows = [['overhead vs direct, ms', 'svc p50', 'bare p50', 'ratio p50', 'svc p99', 'bare p99', 'ratio p99']];
  for (const { label: what, overhead } of overheads) {
    overheadRows.push([
      options.stream ? what.trim().replace(/[()]/g, '') : 'latency',
      ms(overhead.svc.p50),
      ms(overhead.bare.p50),
      times(overhead.ratio.p50),
      ms(overhead.svc.p99),
      ms(overhead.bare.p99),
      times(overhead.ratio.p99),
    ]);
  }

  const perRound = options.rounds > 1 ? ` × ${options.rounds} rounds (median per figure)` : '';
  const title = `svc proxy overhead: ${mode} chat completions, concurrency ${options.concurrency}, ${options.warmupSeconds} s warm-up + ${options.seconds} s measured per target${perRound}, ${cpuCount} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}`;
  const out = [
    '',
    title,
    '',
    table(rows),
    '(latencies in ms, measured in the load generator; cpu µs/req and peak RSS are those of the process behind the target: the mock for direct)',
    '',
    table(overheadRows),
    '',
    ...overheads.map(({ label: what, overhead }) => verdictLine(what, overhead)),
    cpuLine(results),
    '',
  ];
  process.stdout.write(out.join('\n'));

  const figures = {
    generatedAt: new Date().toISOString(),
    mode,
    options: { concurrency: options.concurrency, warmupSeconds: options.warmupSeconds, seconds: options.seconds, rounds: options.rounds, maxRequests: options.maxRequests },
    machine: { cpus: cpuCount, cpuModel: cpus()[0]?.model.trim(), node: process.version, platform: `${process.platform}-${process.arch}` },
    targets: Object.fromEntries(
      names.map((name) => [
        name,
        {
          requests: results[name].requests,
          errors: results[name].errors,
          firstError: results[name].firstError,
          rps: round(results[name].rps, 1),
          latencyMs: roundSummary(results[name].total),
          ...(options.stream ? { firstByteMs: roundSummary(results[name].firstByte) } : {}),
          cpuUsPerRequest: results[name].cpuUsPerRequest === undefined ? null : round(results[name].cpuUsPerRequest!, 1),
          peakRssMb: peakRssMb[name] ?? null,
          ...(options.rounds > 1
            ? { rounds: rounds[name].map((entry) => ({ rps: round1(entry.rps), latencyMs: roundSummary(entry.total), ...(options.stream ? { firstByteMs: roundSummary(entry.firstByte) } : {}) })) }
            : {}),
        },
      ]),
    ),
    overheadMs: Object.fromEntries(
      overheads.map(({ key, overhead }) => [
        key === 'total' ? 'latency' : 'firstByte',
        {
          svc: { p50: round(overhead.svc.p50), p99: round(overhead.svc.p99) },
          bare: { p50: round(overhead.bare.p50), p99: round(overhead.bare.p99) },
          ratio: { p50: overhead.ratio.p50 === null ? null : round(overhead.ratio.p50, 2), p99: overhead.ratio.p99 === null ? null : round(overhead.ratio.p99, 2) },
        },
      ]),
    ),
  };
  writeResults(figures);
  // A profiled run's figures carry the profiler's cost: they never replace the README's.
  if (!args['keep-readme'] && !args['cpu-prof'] && !args['flame-graphs']) writing = writing.then(() => updateReadmeTable(mode, readmeTable(figures, label, names)));
}

/** CPU per request against the bare proxy's, governance off (target ≤ 2×) and on (≤ 2.5×). */
function cpuLine(results: Record<TargetName, TargetResult>): string {
  const bare = results.bare.cpuUsPerRequest;
  const ratioOf = (name: TargetName) => (bare && results[name].cpuUsPerRequest ? results[name].cpuUsPerRequest! / bare : undefined);
  const off = ratioOf('svc');
  const on = ratioOf('governed');
  const verdict = (ratio: number | undefined, target: number) => (ratio === undefined ? 'n/a' : `${ratio.toFixed(1)}× (target ≤ ${target}×): ${ratio <= target ? 'within target' : 'ABOVE target'}`);
  return `CPU per request vs the bare proxy: governance off ${verdict(off, 2)}; governance on ${verdict(on, 2.5)}`;
}

function roundSummary(summary: LatencySummary) {
  return { p50: round(summary.p50), p90: round(summary.p90), p99: round(summary.p99), max: round(summary.max), mean: round(summary.mean) };
}

let writing: Promise<void> = Promise.resolve();
function writeResults(figures: { mode: string }): void {
  writing = (async () => {
    // One file, one entry per mode: a --stream run keeps the last non-stream figures and vice versa.
    const file = resolve(args.out);
    let previous: Record<string, unknown> = {};
    try {
      previous = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      previous = {};
    }
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify({ ...previous, [figures.mode]: figures }, null, 2)}\n`);
    log(`figures written to ${file}`);
  })();
}

main()
  .then(() => writing)
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

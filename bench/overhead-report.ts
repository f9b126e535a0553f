import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { log } from './bench-child.js';
import { summarize, type LatencySamples, type LatencySummary, type LoadResult } from './load.js';
import { readmeTable, updateReadmeTable } from './readme-table.js';

/**
 * The figures of `npm run bench` (bench/proxy-overhead.ts): rounds combined, the overhead of each proxy over the
 * direct target, the printed tables and verdicts, `bench/results/latest.json` and the README's table.
 */

/** `governed`: svc again, with a stored key carrying an rpm limit and a monthly budget, its org's prompts audited. */
export type TargetName = 'direct' | 'bare' | 'svc' | 'governed';
export const targetNames: TargetName[] = ['direct', 'bare', 'svc', 'governed'];
const label: Record<TargetName, string> = { direct: 'direct (mock)', bare: 'bare proxy', svc: 'svc (proxy mode)', governed: 'svc, governance on' };

export interface TargetResult extends LoadResult {
  /** CPU time of the process behind the target (the mock for `direct`) per measured request, µs. */
  cpuUsPerRequest?: number;
  /** That process's CPU time over the measured phase, µs. */
  cpuUs?: number;
}

/** How the run was made, as the report prints and records it. */
export interface RunSettings {
  mode: 'stream' | 'non-stream';
  concurrency: number;
  warmupSeconds: number;
  seconds: number;
  rounds: number;
  maxRequests: number;
  /** The JSON results file. */
  out: string;
  /** Whether the README's table takes this run's figures (never for a profiled run: the profiler costs CPU). */
  updateReadme: boolean;
}

/**
 * Several rounds pooled. Each round loads every target in turn (its order rotated), so over the run every target meets
 * the machine's changing state alike; pooling then compares like with like, where a median of rounds could set one
 * target's quiet round against another's busy one. Latencies: the percentiles of all the rounds' requests together.
 * CPU a request: the rounds' CPU time over their requests. One round: its figures as they are.
 */
export function combineRounds(rounds: TargetResult[]): TargetResult {
  if (rounds.length === 1) return rounds[0];
  const pooled = (key: keyof LatencySamples): LatencySummary => {
    const parts = rounds.map((entry) => entry.samples?.[key]);
    if (parts.some((part) => part === undefined)) throw new Error('combineRounds: every round must keep its samples (runLoad keepSamples)');
    const all = new Float64Array(parts.reduce((sum, part) => sum + part!.length, 0));
    let at = 0;
    for (const part of parts) {
      all.set(part!, at);
      at += part!.length;
    }
    return summarize(all);
  };
  const requests = rounds.reduce((sum, entry) => sum + entry.requests, 0);
  const errors = rounds.reduce((sum, entry) => sum + entry.errors, 0);
  const measuredSeconds = rounds.reduce((sum, entry) => sum + entry.measuredSeconds, 0);
  // CPU only when every round measured it: a pool of some rounds' CPU over all rounds' requests would read low.
  const everyRoundHasCpu = rounds.every((entry) => entry.cpuUs !== undefined);
  const cpuUs = everyRoundHasCpu ? rounds.reduce((sum, entry) => sum + entry.cpuUs!, 0) : undefined;
  return {
    requests,
    errors,
    firstError: rounds.find((entry) => entry.firstError)?.firstError,
    measuredSeconds,
    rps: requests / measuredSeconds,
    total: pooled('total'),
    firstByte: pooled('firstByte'),
    cpuUs,
    cpuUsPerRequest: cpuUs !== undefined && requests + errors > 0 ? cpuUs / (requests + errors) : undefined,
  };
}

/** Each round's CPU a request against the bare proxy's of the same round: how far the pooled ratio moved within the run. */
export function roundRatios(rounds: Record<TargetName, TargetResult[]>, name: TargetName): number[] {
  return rounds[name].flatMap((entry, index) => {
    const bare = rounds.bare[index]?.cpuUsPerRequest;
    return entry.cpuUsPerRequest !== undefined && bare ? [entry.cpuUsPerRequest / bare] : [];
  });
}

const round1 = (value: number) => round(value, 1);
const round = (value: number, digits = 3) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : null);

interface Overhead {
  /** svc's overhead, or governed svc's when overheadOf was asked for it. */
  svc: { p50: number; p99: number };
  bare: { p50: number; p99: number };
  /** svc overhead / bare overhead; null when the bare overhead is not positive. */
  ratio: { p50: number | null; p99: number | null };
}

function overheadOf(metric: 'total' | 'firstByte', results: Record<TargetName, TargetResult>, proxy: 'svc' | 'governed' = 'svc'): Overhead {
  const direct = results.direct[metric];
  const svc = { p50: results[proxy][metric].p50 - direct.p50, p99: results[proxy][metric].p99 - direct.p99 };
  const bare = { p50: results.bare[metric].p50 - direct.p50, p99: results.bare[metric].p99 - direct.p99 };
  const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : null);
  return { svc, bare, ratio: { p50: ratio(svc.p50, bare.p50), p99: ratio(svc.p99, bare.p99) } };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')).join('\n');
}

const ms = (value: number | null | undefined) => (value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(2));
const times = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)}×`);

/** `judged`: the line issue 20's overhead target is read on (the fixed rate's when it ran); else the figure is reported. */
function verdictLine(what: string, overhead: Overhead, judged: boolean): string {
  const ratio = overhead.ratio.p50;
  const verdict = ratio === null ? 'ratio n/a: the bare proxy added no measurable latency' : !judged ? 'reported (queueing: it follows the CPU ratio; the target is read at the fixed rate)' : ratio <= 1.5 ? 'within target' : 'ABOVE target';
  return `svc overhead p50${what} ${ms(overhead.svc.p50)} ms vs bare ${ms(overhead.bare.p50)} ms → ratio ${times(ratio)}${judged ? ' (target ≤ 1.5×, issue 20)' : ''}: ${verdict}`;
}

/** The figures at a fixed rate (open loop): each target's latency where nothing queues, and the overheads over direct. */
export interface OpenLoopRun {
  rate: number;
  seconds: number;
  results: Record<TargetName, TargetResult>;
}

/** CPU per request against the bare proxy's, governance off (target ≤ 2×) and on (≤ 2.5×); with rounds, each round's ratio beside. */
function cpuLine(results: Record<TargetName, TargetResult>, rounds: Record<TargetName, TargetResult[]>): string {
  const bare = results.bare.cpuUsPerRequest;
  const ratioOf = (name: TargetName) => (bare && results[name].cpuUsPerRequest ? results[name].cpuUsPerRequest! / bare : undefined);
  const spread = (name: TargetName) => {
    const ratios = roundRatios(rounds, name);
    return ratios.length > 1 ? ` [rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}]` : '';
  };
  const verdict = (name: TargetName, target: number) => {
    const ratio = ratioOf(name);
    return ratio === undefined ? 'n/a' : `${ratio.toFixed(2)}× (target ≤ ${target}×): ${ratio <= target ? 'within target' : 'ABOVE target'}${spread(name)}`;
  };
  return `CPU per request vs the bare proxy: governance off ${verdict('svc', 2)}; governance on ${verdict('governed', 2.5)}`;
}

function roundSummary(summary: LatencySummary) {
  return { p50: round(summary.p50), p90: round(summary.p90), p99: round(summary.p99), max: round(summary.max), mean: round(summary.mean) };
}

type Metric = 'total' | 'firstByte';
type OverheadLine = { label: string; key: Metric; overhead: Overhead };

/** The latencies an overhead is read on: the whole answer, and for a stream its first byte first. */
const metricsOf = (stream: boolean): Array<{ label: string; key: Metric }> => (stream ? [{ label: ' (first byte)', key: 'firstByte' }, { label: ' (total)', key: 'total' }] : [{ label: '', key: 'total' }]);
/** A metric's name in the JSON results and the overhead table. */
const metricName = (key: Metric) => (key === 'total' ? 'latency' : 'firstByte');

/** The per-target table of one load: latencies, CPU a request and, for the closed loop, peak RSS. */
function targetTable(results: Record<TargetName, TargetResult>, stream: boolean, peakRssMb?: Record<TargetName, number | undefined>): string {
  const header = ['target', 'requests', 'errors', 'req/s', ...(stream ? ['ttfb p50', 'ttfb p99'] : []), stream ? 'total p50' : 'p50 ms', 'p90', 'p99', 'max', 'cpu µs/req', ...(peakRssMb ? ['peak RSS MB'] : [])];
  const rows = targetNames.map((name) => {
    const result = results[name];
    return [
      label[name],
      String(result.requests),
      String(result.errors),
      result.rps.toFixed(0),
      ...(stream ? [ms(result.firstByte.p50), ms(result.firstByte.p99)] : []),
      ms(result.total.p50),
      ms(result.total.p90),
      ms(result.total.p99),
      ms(result.total.max),
      result.cpuUsPerRequest === undefined ? 'n/a' : result.cpuUsPerRequest.toFixed(0),
      ...(peakRssMb ? [String(peakRssMb[name] ?? 'n/a')] : []),
    ];
  });
  return table([header, ...rows]);
}

/** The overhead table: svc's and the bare proxy's per metric, and governed svc's beside them when given. */
function overheadTable(lines: OverheadLine[], stream: boolean, governed?: Overhead[]): string {
  const header = ['overhead vs direct, ms', 'svc p50', 'bare p50', 'ratio p50', 'svc p99', 'bare p99', 'ratio p99', ...(governed ? ['governed p50', 'ratio p50'] : [])];
  const rows = lines.map(({ label: what, overhead }, index) => [
    stream ? what.trim().replace(/[()]/g, '') : 'latency',
    ms(overhead.svc.p50),
    ms(overhead.bare.p50),
    times(overhead.ratio.p50),
    ms(overhead.svc.p99),
    ms(overhead.bare.p99),
    times(overhead.ratio.p99),
    ...(governed ? [ms(governed[index].svc.p50), times(governed[index].ratio.p50)] : []),
  ]);
  return table([header, ...rows]);
}

/** One target's figures in the JSON results. */
function targetFigures(result: TargetResult, stream: boolean) {
  return {
    requests: result.requests,
    errors: result.errors,
    firstError: result.firstError,
    rps: round(result.rps, 1),
    latencyMs: roundSummary(result.total),
    ...(stream ? { firstByteMs: roundSummary(result.firstByte) } : {}),
    cpuUsPerRequest: result.cpuUsPerRequest === undefined ? null : round(result.cpuUsPerRequest, 1),
  };
}

/** Prints the run's tables and verdicts, then writes the JSON results and (unless told not to) the README's table. */
export async function report(
  settings: RunSettings,
  results: Record<TargetName, TargetResult>,
  peakRssMb: Record<TargetName, number | undefined>,
  rounds: Record<TargetName, TargetResult[]>,
  openLoop?: OpenLoopRun,
): Promise<void> {
  const stream = settings.mode === 'stream';
  const cpuCount = availableParallelism();
  const overheads: OverheadLine[] = metricsOf(stream).map(({ label: what, key }) => ({ label: what, key, overhead: overheadOf(key, results) }));
  const open = openLoop && openLoopFigures(openLoop, stream);
  const perRound = settings.rounds > 1 ? ` × ${settings.rounds} interleaved rounds (pooled)` : '';
  const title = `svc proxy overhead: ${settings.mode} chat completions, concurrency ${settings.concurrency}, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s measured per target${perRound}, ${cpuCount} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}`;
  const out = [
    '',
    title,
    '',
    targetTable(results, stream, peakRssMb),
    '(latencies in ms, measured in the load generator; cpu µs/req and peak RSS are those of the process behind the target: the mock for direct)',
    '',
    overheadTable(overheads, stream),
    '',
    ...(open ? [`at a fixed ${openLoop.rate} requests/s (open loop: requests leave on schedule whatever the answers), 1 s warm-up + ${openLoop.seconds} s measured per target${perRound}:`, '', open.text, ''] : []),
    ...overheads.map(({ label: what, overhead }) => verdictLine(`${what}${open ? ` under saturation (concurrency ${settings.concurrency})` : ''}`, overhead, !open)),
    ...(open ? open.overheads.map(({ label: what, overhead }) => verdictLine(`${what} at ${openLoop.rate} requests/s`, overhead, true)) : []),
    cpuLine(results, rounds),
    '',
  ];
  process.stdout.write(out.join('\n'));

  const figures = {
    generatedAt: new Date().toISOString(),
    mode: settings.mode,
    options: { concurrency: settings.concurrency, warmupSeconds: settings.warmupSeconds, seconds: settings.seconds, rounds: settings.rounds, maxRequests: settings.maxRequests },
    machine: { cpus: cpuCount, cpuModel: cpus()[0]?.model.trim(), node: process.version, platform: `${process.platform}-${process.arch}` },
    targets: Object.fromEntries(
      targetNames.map((name) => [
        name,
        {
          ...targetFigures(results[name], stream),
          peakRssMb: peakRssMb[name] ?? null,
          ...(settings.rounds > 1
            ? { rounds: rounds[name].map((entry) => ({ rps: round1(entry.rps), latencyMs: roundSummary(entry.total), ...(stream ? { firstByteMs: roundSummary(entry.firstByte) } : {}), cpuUsPerRequest: entry.cpuUsPerRequest === undefined ? null : round(entry.cpuUsPerRequest, 1) })) }
            : {}),
        },
      ]),
    ),
    overheadMs: Object.fromEntries(overheads.map(({ key, overhead }) => [metricName(key), overheadFigures(overhead)])),
    ...(open ? { openLoop: open.figures } : {}),
  };
  await writeResults(settings.out, figures);
  if (settings.updateReadme) await updateReadmeTable(settings.mode, readmeTable(figures, label, targetNames));
}

const overheadFigures = (overhead: Overhead) => ({
  svc: { p50: round(overhead.svc.p50), p99: round(overhead.svc.p99) },
  bare: { p50: round(overhead.bare.p50), p99: round(overhead.bare.p99) },
  ratio: { p50: overhead.ratio.p50 === null ? null : round(overhead.ratio.p50, 2), p99: overhead.ratio.p99 === null ? null : round(overhead.ratio.p99, 2) },
});

/** The fixed-rate phase: its tables (latencies; svc's and governed svc's overhead over direct against the bare proxy's), its verdict lines' overheads, its JSON. */
function openLoopFigures(run: OpenLoopRun, stream: boolean) {
  const metrics = metricsOf(stream);
  const overheads: OverheadLine[] = metrics.map(({ label: what, key }) => ({ label: what, key, overhead: overheadOf(key, run.results) }));
  const governed = metrics.map(({ key }) => overheadOf(key, run.results, 'governed'));
  const figures = {
    rate: run.rate,
    seconds: run.seconds,
    targets: Object.fromEntries(targetNames.map((name) => [name, targetFigures(run.results[name], stream)])),
    overheadMs: Object.fromEntries(overheads.map(({ key, overhead }) => [metricName(key), overheadFigures(overhead)])),
    governedOverheadMs: Object.fromEntries(metrics.map(({ key }, index) => [metricName(key), overheadFigures(governed[index])])),
  };
  return { text: `${targetTable(run.results, stream)}\n\n${overheadTable(overheads, stream, governed)}`, overheads, figures };
}

/** One file, one entry per mode: a --stream run keeps the last non-stream figures and vice versa. */
async function writeResults(out: string, figures: { mode: string }): Promise<void> {
  const file = resolve(out);
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    previous = {};
  }
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ ...previous, [figures.mode]: figures }, null, 2)}\n`);
  log(`figures written to ${file}`);
}

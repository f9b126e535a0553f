/**
 * The small protocol between the benchmark (parent) and its child processes (mock, bare proxy, svc).
 *
 * child → parent, one JSON line each on stdout, tagged with `bench` so that other output (e.g. pino
 * log lines) is told apart:
 *   {"bench":"ready","name":"svc","port":41234,"pid":1234}
 *   {"bench":"stats","maxRssKb":...,"rssKb":...,"cpuUserUs":...,"cpuSystemUs":...,"eventLoop":{p50Ms,p99Ms,maxMs}}
 * parent → child on stdin: the line `stats` asks for a stats line.
 * The child stops on SIGTERM / SIGINT and when its stdin ends (the parent went away, even by SIGKILL),
 * so that no child outlives the benchmark.
 */

import { constants, monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

export interface ChildStats {
  bench: 'stats';
  /** Peak resident set size (VmHWM), kilobytes. */
  maxRssKb: number;
  rssKb: number;
  cpuUserUs: number;
  cpuSystemUs: number;
  /**
   * Event-loop delay since the previous stats line, milliseconds: how late a 10 ms timer fired. monitorEventLoopDelay records
   * the whole interval between firings (an idle loop reads 10 ms), so the resolution is taken off (nodejs/node#34661 discusses its skew).
   */
  eventLoop: { p50Ms: number; p99Ms: number; maxMs: number };
  /** V8 heap in use, and memory outside it (Buffers, native addons), kilobytes. */
  heapUsedKb: number;
  /** V8 heap committed (used, garbage not yet collected, and free pages kept), kilobytes. */
  heapTotalKb: number;
  externalKb: number;
  /**
   * Per V8 heap space (new_space, old_space, code_space, large_object_space…): what its pages take of memory, and what
   * its objects (live or not yet collected) take of those, kilobytes. Where the committed heap goes that is not in use.
   */
  spaces: Record<string, { committedKb: number; usedKb: number }>;
  /** Garbage-collection pauses of the main thread since the previous stats line: how many, their sum, the longest and its kind (zeros unless BENCH_CHILD_GC=1). */
  gc: { count: number; totalMs: number; maxMs: number; maxKind: string };
  /** Times the OS took the CPU from the process since the previous stats line (another process or thread wanted it). */
  involuntaryContextSwitches: number;
}

/** The CPU time (user + system) a child spent between two of its stats lines, µs. */
export function cpuTimeUs(from: Pick<ChildStats, 'cpuUserUs' | 'cpuSystemUs'>, to: Pick<ChildStats, 'cpuUserUs' | 'cpuSystemUs'>): number {
  return to.cpuUserUs + to.cpuSystemUs - from.cpuUserUs - from.cpuSystemUs;
}

export interface ChildReady {
  bench: 'ready';
  name: string;
  port: number;
  pid: number;
}

function writeLine(value: object): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

const LOOP_RESOLUTION_MS = 10;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loopDelay.enable();

/** A recorded interval (nanoseconds) → how late the timer fired (milliseconds). */
const lateness = (intervalNs: number) => Math.max(0, intervalNs / 1e6 - LOOP_RESOLUTION_MS);

const gcKinds: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
let gcSince = { count: 0, totalMs: 0, maxMs: 0, maxKind: '' };
// Only where asked (the soak sets BENCH_CHILD_GC=1): an entry and a callback per collection would be measured too by
// the benchmarks that compare CPU per request, against builds whose child has no observer.
if (process.env.BENCH_CHILD_GC === '1') {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
      gcSince.count++;
      gcSince.totalMs += entry.duration;
      if (entry.duration > gcSince.maxMs) gcSince = { ...gcSince, maxMs: entry.duration, maxKind: gcKinds[entry.detail?.kind ?? -1] ?? 'other' };
    }
  }).observe({ entryTypes: ['gc'] });
}
let switchesBefore = process.resourceUsage().involuntaryContextSwitches;

export function currentStats(): ChildStats {
  const usage = process.resourceUsage();
  const eventLoop = { p50Ms: lateness(loopDelay.percentile(50)), p99Ms: lateness(loopDelay.percentile(99)), maxMs: lateness(loopDelay.max) };
  loopDelay.reset();
  const gc = gcSince;
  gcSince = { count: 0, totalMs: 0, maxMs: 0, maxKind: '' };
  const involuntaryContextSwitches = usage.involuntaryContextSwitches - switchesBefore;
  switchesBefore = usage.involuntaryContextSwitches;
  const memory = process.memoryUsage();
  return {
    bench: 'stats',
    maxRssKb: usage.maxRSS,
    rssKb: Math.round(memory.rss / 1024),
    cpuUserUs: usage.userCPUTime,
    cpuSystemUs: usage.systemCPUTime,
    eventLoop,
    heapUsedKb: Math.round(memory.heapUsed / 1024),
    heapTotalKb: Math.round(memory.heapTotal / 1024),
    externalKb: Math.round(memory.external / 1024),
    spaces: heapSpaces(),
    gc,
    involuntaryContextSwitches,
  };
}

function heapSpaces(): ChildStats['spaces'] {
  const spaces: ChildStats['spaces'] = {};
  for (const space of getHeapSpaceStatistics()) {
    if (space.physical_space_size === 0) continue;
    spaces[space.space_name] = { committedKb: Math.round(space.physical_space_size / 1024), usedKb: Math.round(space.space_used_size / 1024) };
  }
  return spaces;
}

/** Announces the port once listening, answers `stats`, and runs `stop` (bounded) before exiting. */
export function serveChildProtocol(name: string, port: number, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = (code: number) => {
    if (stopping) return;
    stopping = true;
    const hardExit = setTimeout(() => process.exit(code), 2000);
    hardExit.unref();
    stop()
      .catch(() => undefined)
      .finally(() => process.exit(code));
  };
  process.on('SIGTERM', () => shutdown(0));
  process.on('SIGINT', () => shutdown(0));

  let pending = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (text: string) => {
    pending += text;
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line === 'stats') writeLine(currentStats());
      else if (line === 'stop') shutdown(0);
    }
  });
  process.stdin.on('end', () => shutdown(0));
  process.stdin.on('error', () => shutdown(0));

  writeLine({ bench: 'ready', name, port, pid: process.pid } satisfies ChildReady);
}

/** Reports a start-up failure on stderr and exits non-zero (the parent shows it). */
export function failStart(name: string, error: unknown): never {
  process.stderr.write(`[${name}] failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

import type { BenchChild } from './bench-child.js';
import { log } from './bench-child.js';
import { cpuTimeUs } from './child-protocol.js';
import { probe, runLoad, type LoadResult } from './load.js';

/** One measured load: a target process, a path, headers and a body (fixed, or new for each request). */
export interface Scenario {
  name: string;
  target: BenchChild;
  path: string;
  headers: Record<string, string>;
  body: string | (() => string);
}

export interface Measured extends LoadResult {
  /** CPU time of the target process per measured request, µs. */
  cpuUsPerRequest?: number;
}

export interface LoadShape {
  concurrency: number;
  seconds: number;
  warmupSeconds: number;
}

/** Probes the target (it must answer 200), then loads it and samples its CPU time over the measured phase. */
export async function measure(scenario: Scenario, shape: LoadShape): Promise<Measured> {
  const sample = typeof scenario.body === 'string' ? scenario.body : scenario.body();
  const answer = await probe(scenario.target.origin, scenario.path, scenario.headers, sample);
  if (answer.status !== 200) throw new Error(`${scenario.name}: the probe got HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
  log(`${scenario.name}: ${shape.warmupSeconds} s warm-up + ${shape.seconds} s measured, concurrency ${shape.concurrency} …`);
  let before: ReturnType<BenchChild['stats']> | undefined;
  const result = await runLoad({
    origin: scenario.target.origin,
    path: scenario.path,
    headers: scenario.headers,
    body: scenario.body,
    concurrency: shape.concurrency,
    warmupSeconds: shape.warmupSeconds,
    seconds: shape.seconds,
    maxRequests: 2_000_000,
    onMeasureStart: () => {
      before = scenario.target.stats();
    },
  });
  const [start, end] = await Promise.all([before, scenario.target.stats()]);
  if (result.errors > 0) log(`warning: ${scenario.name}: ${result.errors} failed requests (first: ${result.firstError})`);
  const cpuUsPerRequest = start && end && result.requests > 0 ? cpuTimeUs(start, end) / (result.requests + result.errors) : undefined;
  return { ...result, cpuUsPerRequest };
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : 'n/a');

/** The scenarios' figures as an aligned table. */
export function scenarioTable(names: string[], results: Measured[]): string {
  const rows = [['scenario', 'requests', 'errors', 'req/s', 'p50 ms', 'p90', 'p99', 'max', 'cpu µs/req']];
  names.forEach((name, index) => {
    const result = results[index];
    rows.push([name, String(result.requests), String(result.errors), result.rps.toFixed(0), ms(result.total.p50), ms(result.total.p90), ms(result.total.p99), ms(result.total.max), result.cpuUsPerRequest?.toFixed(0) ?? 'n/a']);
  });
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')).join('\n');
}

/** `--concurrency`, `--seconds`, `--warmup` checked: positive numbers, concurrency an integer. */
/** The load-shape flags of every scenario benchmark, for node:util parseArgs (read back by loadShape). */
export const shapeFlags = {
  concurrency: { type: 'string', default: '1' },
  seconds: { type: 'string', default: '5' },
  warmup: { type: 'string', default: '1' },
  help: { type: 'boolean', default: false },
} as const;

export function loadShape(args: { concurrency: string; seconds: string; warmup: string }): LoadShape {
  const shape = { concurrency: Number(args.concurrency), seconds: Number(args.seconds), warmupSeconds: Number(args.warmup) };
  for (const [name, value] of Object.entries(shape)) {
    if (!Number.isFinite(value) || value < 0 || (name === 'concurrency' && (!Number.isInteger(value) || value < 1))) {
      log(`--${name} must be a positive number (got ${value})`);
      process.exit(2);
    }
  }
  return shape;
}

/** What an agent's turns hold: a report, a question on it, an answer of a few paragraphs (distinct text each turn). */
const paragraphs = [
  'The quarterly report shows revenue growth in the EMEA region, driven by enterprise renewals and new logos in Germany and France, while churn among small businesses stayed elevated.',
  'Support tickets rose after the March release; most concern the export feature, which times out on workspaces with more than ten thousand records and retries without backoff.',
  'Marketing spend moved from paid search to partner events; the cost per qualified lead fell by a fifth, though the sales cycle lengthened by nine days on average.',
  'The data team proposes moving the nightly batch to an incremental pipeline: fewer full-table scans, fresher dashboards, and a cheaper warehouse bill at the cost of two sprints.',
];

/** An agent's conversation of `turns` questions and answers (~2.3 KB a turn), as it resends it whole every turn. */
export const agentHistory = (turns: number) =>
  Array.from({ length: turns }, (_, turn) => [
    { role: 'user', content: `Turn ${turn}: ${paragraphs[turn % 4]} ${paragraphs[(turn + 1) % 4]} What should we look at first, and why?` },
    { role: 'assistant', content: `On turn ${turn}, three points. ${paragraphs[(turn + 2) % 4]} ${paragraphs[(turn + 3) % 4]} ${paragraphs[turn % 4]}` },
  ]).flat();

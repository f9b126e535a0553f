import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * The README's benchmark table, written by `npm run bench` from the run's own figures (one table per mode,
 * between `<!-- bench:MODE -->` and `<!-- /bench:MODE -->`), so the README shows what the code measured on the
 * machine named in it, never figures typed by hand.
 */

interface TargetFigures {
  rps: number | null;
  latencyMs: { p50: number | null; p99: number | null };
  firstByteMs?: { p50: number | null; p99: number | null };
  cpuUsPerRequest: number | null;
  peakRssMb: number | null;
}

interface RunFigures {
  generatedAt: string;
  mode: string;
  options: { concurrency: number; seconds: number; rounds: number };
  machine: { cpus: number; cpuModel?: string; node: string; platform: string };
  targets: Record<string, TargetFigures>;
  /** The same targets at a fixed rate (open loop), when the run measured it. */
  openLoop?: { rate: number; seconds: number; targets: Record<string, Omit<TargetFigures, 'peakRssMb'>> };
}

const readme = fileURLToPath(new URL('../README.md', import.meta.url));

const number = (value: number | null | undefined, digits = 0) => (value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(digits));
const ratio = (value: number, reference: number) => (Number.isFinite(value) && Number.isFinite(reference) && reference > 0 ? `${(value / reference).toFixed(2)}×` : 'n/a');
/** The latency a proxy adds over the mock direct, at a percentile. */
const overheadOver = (direct: Pick<TargetFigures, 'latencyMs'>, target: Pick<TargetFigures, 'latencyMs'>, key: 'p50' | 'p99' = 'p50') => (target.latencyMs[key] ?? NaN) - (direct.latencyMs[key] ?? NaN);

/** The markdown table of one run: each target's figures and its ratios to the bare proxy measured in the same run. */
export function readmeTable<Name extends string>(figures: RunFigures, labels: Record<Name, string>, names: Name[]): string {
  const bare = figures.targets.bare;
  const direct = figures.targets.direct;
  const overhead = (target: TargetFigures) => overheadOver(direct, target);
  const rows = names.map((name) => {
    const target = figures.targets[name];
    const isProxy = name !== 'direct';
    return `| ${labels[name]} | ${number(target.rps)} | ${number(target.latencyMs.p50, 2)} | ${number(target.latencyMs.p99, 2)} | ${isProxy ? number(overhead(target), 2) : '—'} | ${isProxy ? ratio(overhead(target), overhead(bare)) : '—'} | ${number(target.cpuUsPerRequest)} | ${name === 'direct' ? '—' : ratio(target.cpuUsPerRequest ?? NaN, bare.cpuUsPerRequest ?? NaN)} | ${number(target.peakRssMb)} |`;
  });
  const rounds = figures.options.rounds > 1 ? ` × ${figures.options.rounds} interleaved rounds (pooled)` : '';
  return [
    `${figures.mode === 'stream' ? 'Streamed' : 'Non-streamed'} chat completions, concurrency ${figures.options.concurrency}, ${figures.options.seconds} s measured per target${rounds}; ${figures.machine.cpus} CPU (${figures.machine.cpuModel ?? 'unknown'}), node ${figures.machine.node}, ${figures.generatedAt.slice(0, 10)}:`,
    '',
    '| target | req/s | p50 ms | p99 ms | overhead p50 ms | overhead ÷ bare | CPU µs/req | CPU ÷ bare | peak RSS MB |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    ...(figures.openLoop ? ['', ...openLoopTable(figures.openLoop, labels, names, rounds)] : []),
  ].join('\n');
}

/** The fixed-rate phase: the latency each proxy adds where nothing queues, at p50 and p99, against the bare proxy's. */
function openLoopTable<Name extends string>(run: NonNullable<RunFigures['openLoop']>, labels: Record<Name, string>, names: Name[], rounds: string): string[] {
  const direct = run.targets.direct;
  const bare = run.targets.bare;
  const overhead = (target: Omit<TargetFigures, 'peakRssMb'>, key: 'p50' | 'p99') => overheadOver(direct, target, key);
  const rows = names
    .filter((name) => name !== 'direct')
    .map((name) => {
      const target = run.targets[name];
      return `| ${labels[name]} | ${number(target.latencyMs.p50, 2)} | ${number(target.latencyMs.p99, 2)} | ${number(overhead(target, 'p50'), 2)} | ${ratio(overhead(target, 'p50'), overhead(bare, 'p50'))} | ${number(overhead(target, 'p99'), 2)} | ${ratio(overhead(target, 'p99'), overhead(bare, 'p99'))} |`;
    });
  return [
    `The same targets at a fixed ${run.rate} requests/s (open loop: the latency a proxy adds where nothing queues), ${run.seconds} s measured per target${rounds}; the mock direct: p50 ${number(direct.latencyMs.p50, 2)} ms, p99 ${number(direct.latencyMs.p99, 2)} ms:`,
    '',
    '| target | p50 ms | p99 ms | overhead p50 ms | overhead ÷ bare | overhead p99 ms | overhead p99 ÷ bare |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ];
}

/** Replaces the table of `mode` in the README (between its markers); a README without them is left alone. */
export async function updateReadmeTable(mode: string, table: string): Promise<void> {
  const text = await readFile(readme, 'utf8');
  const start = `<!-- bench:${mode} -->`;
  const end = `<!-- /bench:${mode} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return;
  await writeFile(readme, `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`);
  process.stderr.write(`README.md: the ${mode} benchmark table was rewritten with this run's figures\n`);
}

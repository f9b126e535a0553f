/**
 * `npm run bench:ab -- --base REV [--seconds 8 --rounds 3 --concurrency 16 --alternate --stream --history-turns N --endpoint responses]`
 *
 * svc's CPU per request against an earlier revision's, both loaded at the same time. On a shared machine one
 * run after the other moves by ±20 % with the machine's state (the bare proxy itself read 99–165 µs a request in
 * one sitting), more than most changes to the hot path; two builds loaded side by side see the same state, so
 * their ratio holds still. REV (a commit, a tag, HEAD~1) is checked out into a temporary git worktree and built;
 * this checkout runs from its dist/ (`npm run build` first). Latency p50 and p99 of each are printed beside; loaded
 * side by side, each one's tail is the other's noise, so `--alternate` loads them one after the other instead (the
 * order swapped each round): for latency at `--concurrency 1`, what one caller waits. Each round loads both svc with the master key in
 * proxy mode, then both with a governed key (rpm limit, monthly budget, prompts audited, as `npm run bench`
 * does), and prints each one's CPU per request and the ratio; the medians close the run. `--history-turns N` sends an
 * agent's conversation of N earlier turns (~2.3 KB each) instead of the one-line prompt. `--endpoint responses` sends the
 * prompt to `/v1/responses` instead (stored, as the API's default is: the archive's write is measured with it). `--node-args="…"` runs this
 * checkout's svc with those Node flags (with `--base HEAD`: a flag's cost or gain on the same build). `--rate N` loads each
 * at a fixed N requests/s instead (open loop over 64 connections, as `npm run bench`'s fixed-rate phase; one after the
 * other): the latency a request gains where nothing queues, the p50 difference between the builds being their overheads'.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { baseEnv, BenchChild, children, governedHeaders, log, modeHeaders, svcEnv } from './bench-child.js';
import { cpuTimeUs, type ChildStats } from './child-protocol.js';
import { loadAt, median, rateOption, runLoad } from './load.js';
import { agentHistory } from './scenarios.js';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '16' },
    stream: { type: 'boolean', default: false },
    'node-args': { type: 'string', default: '' },
    'history-turns': { type: 'string', default: '0' },
    alternate: { type: 'boolean', default: false },
    endpoint: { type: 'string', default: 'chat' },
    rate: { type: 'string', default: '0' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (args.help || !args.base) {
  process.stdout.write('usage: npm run bench:ab -- --base REV [--seconds 8] [--rounds 3] [--concurrency 16 (each)] [--alternate] [--stream] [--node-args="FLAGS"] [--history-turns N] [--endpoint chat|responses] [--rate N]\n');
  process.exit(args.help ? 0 : 2);
}

const benchDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(benchDir, '..');
const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { cwd: repoRoot, encoding: 'utf8' }).trim();

/** REV in a worktree of its own, built, sharing this checkout's node_modules. */
function checkOutBase(rev: string): string {
  const commit = git('rev-parse', '--verify', `${rev}^{commit}`);
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-ab-'));
  git('worktree', 'add', '--detach', '--force', dir, commit);
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  log(`building ${rev} (${commit.slice(0, 10)}) in ${dir} …`);
  execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: dir, stdio: 'inherit' });
  return dir;
}

const historyTurns = Number(args['history-turns']);
const messages = [...agentHistory(historyTurns), { role: 'user', content: 'benchmark' }];
if (args.endpoint !== 'chat' && args.endpoint !== 'responses') {
  process.stderr.write(`--endpoint is chat or responses (got ${args.endpoint})\n`);
  process.exit(2);
}
const path = args.endpoint === 'responses' ? '/v1/responses' : '/v1/chat/completions';
const streamField = args.stream ? { stream: true } : {};
const body = JSON.stringify(args.endpoint === 'responses' ? { model: 'gpt-4o-mini', input: messages, ...streamField } : { model: 'gpt-4o-mini', messages, ...streamField });
const masterHeaders = modeHeaders('proxy');
/** Requests a second of a fixed-rate load (0: a closed loop of --concurrency). */
const rate = rateOption(args.rate);
const alternate = args.alternate || rate > 0;

/** One build under load: its CPU time per measured request, µs. */
async function cpuPerRequest(svc: BenchChild, headers: Record<string, string>): Promise<{ cpuUs: number; rps: number; errors: number; loopMaxMs: number; p50Ms: number; p90Ms: number; p99Ms: number }> {
  let before: Promise<ChildStats | undefined> | undefined;
  const result = await runLoad({
    origin: svc.origin,
    path,
    headers,
    body,
    ...loadAt(rate, Number(args.concurrency), 2),
    seconds: Number(args.seconds),
    maxRequests: 2_000_000,
    onMeasureStart: () => {
      before = svc.stats();
    },
  });
  const [start, end] = await Promise.all([before, svc.stats()]);
  if (!start || !end) throw new Error(`${svc.name} did not report its CPU time`);
  const requests = result.requests + result.errors;
  return { cpuUs: cpuTimeUs(start, end) / requests, rps: result.rps, errors: result.errors, loopMaxMs: end.eventLoop.maxMs, p50Ms: result.total.p50, p90Ms: result.total.p90, p99Ms: result.total.p99 };
}

async function main(): Promise<void> {
  if (!existsSync(join(repoRoot, 'dist', 'src', 'gateway.js'))) throw new Error('this checkout has no dist/: run `npm run build` first');
  const baseDir = checkOutBase(args.base!);
  const dataDirs: string[] = [];
  const dataDir = (name: string) => {
    dataDirs.push(mkdtempSync(join(tmpdir(), `svc-bench-ab-${name}-`)));
    return dataDirs.at(-1)!;
  };
  try {
    const mock = await BenchChild.start('mock', 'run-mock.ts', baseEnv());
    const [base, head] = await Promise.all([
      BenchChild.start('base', relative(benchDir, join(baseDir, 'bench', 'run-svc.ts')), svcEnv(mock.origin, dataDir('base'))),
      BenchChild.start('this', 'run-svc.ts', svcEnv(mock.origin, dataDir('this')), args['node-args'].split(' ').filter(Boolean)),
    ]);
    const governed = new Map([
      [base, await governedHeaders(base.origin)],
      [head, await governedHeaders(head.origin)],
    ]);
    const prompt = historyTurns > 0 ? `a ${historyTurns}-turn conversation (${(body.length / 1024).toFixed(0)} KB)` : 'a one-line prompt';
    const load = rate > 0 ? `${rate} requests/s each (open loop), one after the other` : `${args.concurrency} connections each`;
    log(`${args.base} against this checkout${args['node-args'] ? ` run with ${args['node-args']}` : ''}, ${args.stream ? 'streamed' : 'non-stream'} ${args.endpoint === 'responses' ? 'Responses' : 'chat'} of ${prompt}, ${load}, ${args.seconds} s a round`);
    const ratios: Record<string, number[]> = { 'governance off': [], 'governance on': [] };
    // Latency is compared too (one request at a time, --concurrency 1, it is what a single caller sees): p99 of each build.
    const p99s: Record<string, Array<[number, number]>> = { 'governance off': [], 'governance on': [] };
    /** At a fixed rate: this checkout's latency p50 minus the base's, ms (the overheads' difference). */
    const p50Gains: Record<string, number[]> = { 'governance off': [], 'governance on': [] };
    for (let round = 1; round <= Number(args.rounds); round++) {
      for (const [kind, headersOf] of [
        ['governance off', () => masterHeaders],
        ['governance on', (svc: BenchChild) => governed.get(svc)!],
      ] as const) {
        const [was, now] = alternate ? await oneAfterTheOther(round, () => cpuPerRequest(base, headersOf(base)), () => cpuPerRequest(head, headersOf(head))) : await Promise.all([cpuPerRequest(base, headersOf(base)), cpuPerRequest(head, headersOf(head))]);
        ratios[kind].push(now.cpuUs / was.cpuUs);
        p99s[kind].push([was.p99Ms, now.p99Ms]);
        p50Gains[kind].push(now.p50Ms - was.p50Ms);
        const failed = was.errors + now.errors > 0 ? `, failed requests ${was.errors} / ${now.errors}` : '';
        log(`round ${round}, ${kind}: base ${was.cpuUs.toFixed(1)} µs a request (${was.rps.toFixed(0)}/s, p50 ${was.p50Ms.toFixed(rate > 0 ? 3 : 2)}${rate > 0 ? ` / p90 ${was.p90Ms.toFixed(3)}` : ''} / p99 ${was.p99Ms.toFixed(2)} ms, event loop's longest delay ${was.loopMaxMs.toFixed(1)} ms), this ${now.cpuUs.toFixed(1)} (${now.rps.toFixed(0)}/s, p50 ${now.p50Ms.toFixed(rate > 0 ? 3 : 2)}${rate > 0 ? ` / p90 ${now.p90Ms.toFixed(3)}` : ''} / p99 ${now.p99Ms.toFixed(2)} ms, ${now.loopMaxMs.toFixed(1)} ms): ×${(now.cpuUs / was.cpuUs).toFixed(3)}${failed}`);
      }
    }
    for (const [kind, values] of Object.entries(ratios)) {
      const p99 = p99s[kind];
      log(`${kind}: this checkout's CPU a request is ×${median(values).toFixed(3)} the base's (median of ${values.length}; each ${values.map((value) => value.toFixed(3)).join(', ')}); p99 ${median(p99.map(([was]) => was)).toFixed(2)} → ${median(p99.map(([, now]) => now)).toFixed(2)} ms (medians)`);
      if (rate > 0) log(`${kind}: at ${rate} requests/s this checkout's latency p50 is ${signedMs(median(p50Gains[kind]))} ms the base's (median; each ${p50Gains[kind].map(signedMs).join(', ')})`);
    }
  } finally {
    await Promise.allSettled([...children].map((child) => child.stop()));
    git('worktree', 'remove', '--force', baseDir);
    for (const dir of [baseDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
  }
}

const signedMs = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(3)}`;

/** Runs the two loads one after the other, the base first in odd rounds and second in even ones; returns [base, this]. */
async function oneAfterTheOther<T>(round: number, loadBase: () => Promise<T>, loadThis: () => Promise<T>): Promise<[T, T]> {
  if (round % 2 === 1) {
    const was = await loadBase();
    return [was, await loadThis()];
  }
  const now = await loadThis();
  return [await loadBase(), now];
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  for (const child of children) child.killNow();
  process.exit(1);
});

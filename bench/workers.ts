/**
 * `npm run bench:workers [-- --workers 1,2 --concurrency 32 --seconds 8 --warmup 2]`
 *
 * Requests per second of svc as `svc serve` runs it with `server.workers` = 1, 2, … (node:cluster, one
 * process per worker sharing the port), in proxy mode in front of the mock upstream, loaded by this
 * process. Each worker count gets a fresh data directory; the SQLite ledger and its journal are shared by
 * the workers, as they would be in production. The machine's cores are shared with the load generator and
 * the mock, so the scaling printed is what this machine gives, not an ideal: beside it, the CPU svc spent a request (its
 * primary and workers, from /proc) and how busy the whole machine was while measured — a second worker cannot add
 * requests a second to a machine already busy all the time, and the CPU a request says whether it added overhead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { baseEnv, BenchChild, benchMasterKey, children, log, modeHeaders, svcEnv, svcNodeArgs } from './bench-child.js';
import { probe, runLoad, type LoadResult } from './load.js';
import { freePort } from '../test/support/helpers.js';
import { machineTimes, processTreeSeconds, type MachineTimes } from './proc-times.js';

const { values: args } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2' },
    concurrency: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    'limit-rpm': { type: 'string' },
    redis: { type: 'string', default: process.env.SVC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (args.help) {
  process.stdout.write('usage: npm run bench:workers -- [--workers 1,2] [--concurrency 32] [--seconds 8] [--warmup 2] [--limit-rpm N --redis URL]\n');
  process.exit(0);
}
const workerCounts = args.workers.split(',').map(Number);
const concurrency = Number(args.concurrency);
const seconds = Number(args.seconds);
const warmupSeconds = Number(args.warmup);
/** With --limit-rpm, the measured load uses a key with that rpm, the workers sharing state through --redis. */
const limitRpm = args['limit-rpm'] === undefined ? undefined : Number(args['limit-rpm']);
if (limitRpm !== undefined && !(Number.isInteger(limitRpm) && limitRpm > 0)) {
  log('--limit-rpm must be a positive integer');
  process.exit(2);
}
const runId = Math.random().toString(36).slice(2, 8);
if (workerCounts.some((count) => !Number.isInteger(count) || count < 1) || !Number.isInteger(concurrency) || concurrency < 1 || !(seconds > 0) || !(warmupSeconds >= 0)) {
  log('--workers takes positive integers (e.g. 1,2,4); --concurrency a positive integer; --seconds and --warmup positive numbers');
  process.exit(2);
}

const repoRoot = new URL('..', import.meta.url).pathname;
const body = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'How many workers answer this?' }] });

async function waitUntilReady(origin: string, serve: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (serve.exitCode !== null) throw new Error(`svc serve exited during start-up (code ${serve.exitCode})`);
    const ready = await fetch(`${origin}/healthz`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('svc serve did not answer /healthz within 60 s');
}

/** An org and a key of `rpm` requests per minute, through the admin API. */
async function limitedKey(origin: string, rpm: number): Promise<string> {
  const admin = { authorization: `Bearer ${benchMasterKey}`, 'content-type': 'application/json' };
  const org = (await (await fetch(`${origin}/v1/admin/orgs`, { method: 'POST', headers: admin, body: JSON.stringify({ name: `bench-workers-${runId}-${Date.now()}` }) })).json()) as { id: string };
  const created = await fetch(`${origin}/v1/admin/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ org_id: org.id, rpm }) });
  if (!created.ok) throw new Error(`creating the limited key: HTTP ${created.status}: ${await created.text()}`);
  return ((await created.json()) as { key: string }).key;
}

async function stop(serve: ChildProcess): Promise<void> {
  if (serve.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => serve.once('exit', () => resolve()));
  serve.kill('SIGTERM');
  const timer = setTimeout(() => serve.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** What one worker count read: the load, and from /proc (Linux) svc's CPU seconds and the machine's times over the measured phase. */
interface WorkersResult {
  result: LoadResult;
  svcSeconds: number | undefined;
  machine: MachineTimes | undefined;
}

/** `svc serve` (the compiled package, with `npm start`'s Node flags) with `workers` processes, loaded in proxy mode. */
async function measureWorkers(mockOrigin: string, workers: number): Promise<WorkersResult> {
  const dataDir = await mkdtemp(join(tmpdir(), `svc-bench-workers-${workers}-`));
  const config = join(dataDir, 'svc.yaml');
  await writeFile(config, `server: { workers: ${workers} }\n${limitRpm ? `storage: { redis_key_prefix: "svc-bench-workers-${runId}-${workers}:" }\n` : ''}`);
  const port = await freePort();
  const serve = spawn(process.execPath, [...svcNodeArgs, join(repoRoot, 'dist/src/main.js'), 'serve'], {
    cwd: repoRoot,
    env: { ...svcEnv(mockOrigin, dataDir), PORT: String(port), SVC_CONFIG: config, ...(limitRpm ? { SVC_REDIS_URL: args.redis } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitUntilReady(origin, serve);
    const answer = await probe(origin, '/v1/chat/completions', modeHeaders('proxy'), body);
    if (answer.status !== 200) throw new Error(`the probe got HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
    log(`${workers} worker(s): ${warmupSeconds} s warm-up + ${seconds} s measured, concurrency ${concurrency} …`);
    const sample = () => Promise.all([processTreeSeconds(serve.pid!), machineTimes()]);
    let before: Awaited<ReturnType<typeof sample>> = [undefined, undefined];
    const onMeasureStart = async () => {
      before = await sample();
    };
    let result: LoadResult;
    if (!limitRpm) result = await runLoad({ origin, path: '/v1/chat/completions', headers: modeHeaders('proxy'), body, concurrency, warmupSeconds, seconds, maxRequests: 2_000_000, onMeasureStart });
    else {
      // Warmed up with the master key (no limits), then measured with a fresh key of the given rpm.
      await runLoad({ origin, path: '/v1/chat/completions', headers: modeHeaders('proxy'), body, concurrency, warmupSeconds: 0, seconds: warmupSeconds, maxRequests: 2_000_000 });
      const key = await limitedKey(origin, limitRpm);
      result = await runLoad({ origin, path: '/v1/chat/completions', headers: { ...modeHeaders('proxy'), authorization: `Bearer ${key}` }, body, concurrency, warmupSeconds: 0, seconds, maxRequests: 2_000_000, countStatuses: true, onMeasureStart });
    }
    const [svcAfter, machineAfter] = await sample();
    const [svcBefore, machineBefore] = before;
    return {
      result,
      svcSeconds: svcAfter !== undefined && svcBefore !== undefined ? svcAfter - svcBefore : undefined,
      machine: machineAfter && machineBefore ? { busy: machineAfter.busy - machineBefore.busy, steal: machineAfter.steal - machineBefore.steal, total: machineAfter.total - machineBefore.total } : undefined,
    };
  } finally {
    await stop(serve);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The /proc columns of a row: svc's CPU a request, its share of the machine, the machine's busy share ('—' without /proc). */
function cpuColumns({ result, svcSeconds, machine }: WorkersResult): string[] {
  const served = result.requests + result.errors;
  const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)} %`;
  return [
    (svcSeconds === undefined || served === 0 ? '—' : ((svcSeconds * 1e6) / served).toFixed(0)).padStart(14),
    (svcSeconds === undefined || !machine ? '—' : percent(svcSeconds, machine.total)).padStart(9),
    (!machine ? '—' : percent(machine.busy, machine.total)).padStart(13),
  ];
}

async function main(): Promise<void> {
  const mock = await BenchChild.start('mock', 'run-mock.ts', baseEnv());
  try {
    const results: Array<{ workers: number } & WorkersResult> = [];
    for (const workers of workerCounts) results.push({ workers, ...(await measureWorkers(mock.origin, workers)) });
    const base = results[0].result.rps;
    const lines = [
      '',
      `svc serve with server.workers: proxy mode, concurrency ${concurrency}, ${warmupSeconds} s warm-up + ${seconds} s measured each, ${availableParallelism()} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}) shared with the load generator and the mock, node ${process.version}`,
      '',
      'workers  requests  errors   req/s  ×first  p50 ms  p99 ms  svc CPU µs/req  svc CPU  machine busy',
      ...results.map((row) => {
        const { workers, result } = row;
        return [String(workers).padStart(7), String(result.requests).padStart(9), String(result.errors).padStart(7), result.rps.toFixed(0).padStart(7), `${(result.rps / base).toFixed(2)}×`.padStart(7), result.total.p50.toFixed(2).padStart(7), result.total.p99.toFixed(2).padStart(7), ...cpuColumns(row)].join(' ');
      }),
      '(svc CPU: its primary and workers, a request, and as a share of the whole machine; machine busy: every process, the load generator and the mock among them)',
      '',
    ];
    const saturated = results.filter(({ machine }) => machine && machine.busy / machine.total >= 0.95).map(({ workers }) => workers);
    if (saturated.length > 0) lines.push(`the machine was busy ≥ 95 % with ${saturated.join(', ')} worker(s): requests/s could not grow with more workers there, whatever svc does`, '');
    let unexpected = results.some(({ result }) => result.errors > (limitRpm ? (result.statuses?.[429] ?? 0) : 0));
    if (limitRpm) {
      // GCRA: a burst of the whole minute's allowance, then one request every 60/rpm s (one more for the clock's edge).
      lines.push(`with a key of rpm ${limitRpm} (state shared through Redis): served against what the limit allows over the measured time`);
      for (const { workers, result } of results) {
        const allowed = limitRpm + Math.floor((result.measuredSeconds * limitRpm) / 60);
        const within = result.requests <= allowed + 1;
        unexpected ||= !within;
        lines.push(`  ${workers} worker(s): ${result.requests} served, ${result.statuses?.[429] ?? 0} refused with 429, ${((result.requests + result.errors) / result.measuredSeconds).toFixed(0)} requests/s sent; the limit allows ${allowed} in ${result.measuredSeconds.toFixed(1)} s: ${within ? 'within the limit' : 'OVER the limit'}`);
      }
      lines.push('');
    }
    process.stdout.write(lines.join('\n'));
    if (unexpected) process.exitCode = 1;
  } finally {
    await Promise.allSettled([...children].map((child) => child.stop()));
  }
}

main().catch(async (error) => {
  log(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await Promise.allSettled([...children].map((child) => child.stop()));
  process.exit(1);
});

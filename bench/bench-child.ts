import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { buildSync } from 'esbuild';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ChildReady, ChildStats } from './child-protocol.js';

/** One child process of the benchmark (mock, bare proxy or svc), spoken to through child-protocol.ts. */

const benchDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(benchDir, '..');

/** Every child still running: the parent stops them all at the end, on errors and on signals. */
export const children = new Set<BenchChild>();
export const log = (line: string) => process.stderr.write(`${line}\n`);

export const benchMasterKey = 'svc-bench-master-key';

/** The parent's environment without anything that would configure svc behind the benchmark's back. */
export function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^SVC_|_API_KEY$|_BASE_URL$|^PORT$|^HOST$|^NODE_OPTIONS$/.test(key)) continue;
    env[key] = value;
  }
  return env;
}

/** The Node flags of package.json's start script (`node --max-semi-space-size=8 dist/src/main.js serve` → that flag). */
function startScriptNodeFlags(): string[] {
  const start = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  return /^node((?:\s+--\S+)*)\s/.exec(start)?.[1].trim().split(/\s+/).filter(Boolean) ?? [];
}

/**
 * Node flags svc runs with under `npm start`, read from its script, so that every benchmark measures what it runs: a
 * young generation of 8 MB semi-spaces (16 MB in all, where V8's default grows to 32; svc also caps the heap's growth
 * between full collections itself at start, see src/cli/heap-growth.ts). Measured: the 4-minute soak's peak 302 → 293 MB
 * (at 230 s 299 → 285), CPU a request ×1.024 (bench:ab, three rounds of 1.024–1.025). A 64 MB one made fewer scavenges
 * (exact-hit p99 1.1 → 0.8 ms once) but held ~90 MB more under load (bench:soak: 505 → 415 MB peak).
 * SVC_BENCH_NODE_ARGS (space-separated; empty for Node's defaults) replaces them for an experiment: `--optimize-for-size`
 * took the short soak's peak from 358 to 265 MB but its event-loop p99 from 18 to 32 ms.
 */
export const svcNodeArgs: string[] = process.env.SVC_BENCH_NODE_ARGS !== undefined ? process.env.SVC_BENCH_NODE_ARGS.split(' ').filter(Boolean) : startScriptNodeFlags();

const forwardedLineLimit = Number(process.env.BENCH_FORWARD_LINES ?? 20);

/**
 * svc as `svc serve` runs it: the OpenAI provider pointed at the mock, SQLite in `dataDir`, warnings only
 * (BENCH_SVC_LOG_LEVEL=info gives svc's default, a line a request: this process reads them, beside its load generator).
 */
export function svcEnv(mockOrigin: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...baseEnv(),
    PORT: '0',
    HOST: '127.0.0.1',
    SVC_LOG_LEVEL: process.env.BENCH_SVC_LOG_LEVEL ?? 'warn',
    SVC_DATA_DIR: dataDir,
    SVC_MASTER_KEY: benchMasterKey,
    OPENAI_API_KEY: 'sk-bench-openai',
    OPENAI_BASE_URL: `${mockOrigin}/v1`,
  };
}

export class BenchChild {
  readonly process: ChildProcessWithoutNullStreams;
  private exited = false;
  private readonly statsWaiters: Array<(stats: ChildStats) => void> = [];
  private forwardedLines = 0;
  ready!: ChildReady;

  private constructor(
    readonly name: string,
    script: string,
    env: NodeJS.ProcessEnv,
    nodeArgs: string[],
  ) {
    this.process = spawn(process.execPath, [...nodeArgs, ...childEntry(script, env)], { cwd: repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] });
    children.add(this);
    this.process.once('exit', () => {
      this.exited = true;
      children.delete(this);
    });
    this.process.stdin.on('error', () => undefined); // EPIPE once the child is gone
    createInterface({ input: this.process.stderr }).on('line', (line) => this.forward(line));
  }

  /** Spawns `bench/<script>` (see childEntry) and waits for its ready line (or its death). */
  static start(name: string, script: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<BenchChild> {
    const child = new BenchChild(name, script, env, nodeArgs);
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s`)), 60_000);
      child.process.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited during start-up (code ${code}, signal ${signal}); its stderr is above`));
      });
      createInterface({ input: child.process.stdout }).on('line', (line) => {
        const message = parseProtocolLine(line);
        if (message?.bench === 'ready') {
          clearTimeout(timer);
          child.ready = message as ChildReady;
          resolvePromise(child);
        } else if (message?.bench === 'stats') child.statsWaiters.shift()?.(message as ChildStats);
        else child.forward(line);
      });
    });
  }

  get pid(): number {
    return this.process.pid!;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.ready.port}`;
  }

  /** CPU time and peak RSS, as the child itself sees them (process.resourceUsage()). */
  stats(): Promise<ChildStats | undefined> {
    if (this.exited) return Promise.resolve(undefined);
    return new Promise((resolvePromise) => {
      const timer = setTimeout(() => resolvePromise(undefined), 3000);
      this.statsWaiters.push((stats) => {
        clearTimeout(timer);
        resolvePromise(stats);
      });
      this.process.stdin.write('stats\n');
    });
  }

  /** SIGTERM, then SIGKILL if the child is still there after 3 s. */
  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolvePromise) => this.process.once('exit', () => resolvePromise()));
    this.process.kill('SIGTERM');
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  }

  killNow(): void {
    if (!this.exited) this.process.kill('SIGKILL');
  }

  /** A child's first lines reach the terminal; BENCH_FORWARD_LINES raises the 20 (e.g. for `--trace-gc-nvp` in SVC_BENCH_NODE_ARGS). */
  private forward(line: string): void {
    if (this.forwardedLines < forwardedLineLimit) log(`[${this.name}] ${line}`);
    else if (this.forwardedLines === forwardedLineLimit) log(`[${this.name}] (further output not shown)`);
    this.forwardedLines++;
  }
}

/**
 * How a child runs: bundled by esbuild into `bench/<script>.bundle.mjs` (npm packages left as imports) and
 * started with plain `node`, as `npm start` runs svc. Under `node --import tsx` a child carries the
 * TypeScript loader, whose hooks thread alone added ~40 MB to svc's RSS (162 → 201 MB idle), which no user
 * pays. svc with a prefilled semantic index (bench:cache) or SVC_BENCH_SOURCES=1 still runs under tsx: the
 * prefill reads svc's sources; so does svc before `npm run build`.
 */
function childEntry(script: string, env: NodeJS.ProcessEnv): string[] {
  const source = join(benchDir, script);
  const svcFromSources = script === 'run-svc.ts' && (env.SVC_BENCH_SOURCES === '1' || Number(env.SVC_BENCH_SEMANTIC_ENTRIES ?? 0) > 0 || !existsSync(join(repoRoot, 'dist', 'src', 'gateway.js')));
  if (svcFromSources) return ['--import', 'tsx', source];
  if (script === 'run-svc.ts') warnIfDistIsStale();
  const bundle = join(benchDir, script.replace(/\.ts$/, '.bundle.mjs'));
  // Beside the source, so that the child's own relative URLs (run-svc.ts finding dist/) still hold. svc's sources stay
  // out of the bundle: bundled, their packages' imports were hoisted to its top, so that the svc measured loaded
  // compromise, the Postgres and Redis clients and the rest at start beside dist/ (~40 MB more RSS than `npm start`).
  buildSync({ entryPoints: [source], outfile: bundle, bundle: true, format: 'esm', platform: 'node', packages: 'external', external: ['./prefill-semantic.js', '../src/*'], logLevel: 'error' });
  return [bundle];
}

let distChecked = false;

/** svc runs from dist/ when it is built: a source edited since the build would be measured as it was before. */
function warnIfDistIsStale(): void {
  if (distChecked) return;
  distChecked = true;
  const built = statSync(join(repoRoot, 'dist', 'src', 'gateway.js')).mtimeMs;
  const newer = readdirSync(join(repoRoot, 'src'), { recursive: true, encoding: 'utf8' }).find((file) => file.endsWith('.ts') && statSync(join(repoRoot, 'src', file)).mtimeMs > built);
  if (newer) log(`warning: src/${newer} changed after dist/ was built: svc runs from dist/, so run \`npm run build\` first or this measures the old code`);
}

function parseProtocolLine(line: string): { bench?: string } | undefined {
  if (!line.startsWith('{"bench":')) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}


/** Headers of a request to svc with the bench key, in an intelligence mode. */
export const modeHeaders = (mode: string) => ({ authorization: `Bearer ${benchMasterKey}`, 'x-intelligence-mode': mode });

/**
 * A stored key of an org of its own, as a governed tenant would use: an rpm limit and a monthly budget (both
 * far above what the run spends, so they are checked and settled but never refuse), the org's prompts audited.
 */
export async function governedHeaders(svcOrigin: string): Promise<Record<string, string>> {
  const admin = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${svcOrigin}${path}`, { method, headers: { authorization: `Bearer ${benchMasterKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, any>>;
  };
  const org = await admin('POST', '/v1/admin/orgs', { name: 'bench governed' });
  const key = await admin('POST', '/v1/admin/keys', { org_id: org.id, name: 'bench', rpm: 100_000_000, monthly_budget_usd: 1_000_000 });
  await admin('PUT', `/v1/admin/orgs/${org.id}/policy`, { audit_prompts: true });
  return { authorization: `Bearer ${key.key}`, 'x-intelligence-mode': 'proxy' };
}

/**
 * Starts the mock upstream and svc (on a fresh data directory) for `run`; afterwards, whatever happened,
 * stops every child and removes the directory.
 */
export async function withMockAndSvc<T>(name: string, run: (mock: BenchChild, svc: BenchChild) => Promise<T>, nodeArgs: string[] = svcNodeArgs): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), `svc-bench-${name}-`));
  try {
    log('starting the mock upstream and svc …');
    const mock = await BenchChild.start('mock', 'run-mock.ts', baseEnv());
    const svc = await BenchChild.start('svc', 'run-svc.ts', svcEnv(mock.origin, dataDir), nodeArgs);
    return await run(mock, svc);
  } finally {
    await Promise.allSettled([...children].map((child) => child.stop()));
    await rm(dataDir, { recursive: true, force: true });
  }
}

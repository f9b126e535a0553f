/**
 * `npm run bench:soak [-- --minutes 30 | --short] [--rate 200] [--max-in-flight 64] [--orgs 1] [--sample-seconds 10] [--config svc.yaml]`
 *
 * A soak of mixed traffic at a steady rate (open loop: requests leave on schedule whether or not earlier
 * ones answered, as production traffic does) against svc as `npm start` runs it, with the mock upstream: chat (fresh, exact-cache
 * hits, streams, conversations with memory), embeddings, streams the client cuts, upstream failures (5xx,
 * a stream dropped mid-way), and requests refused by a key's rpm. Every `--sample-seconds` svc's RSS and
 * event-loop delay are sampled. At the end: the samples, the RSS trend (least squares after the first fifth
 * of the run, the warm-up), and the verdict — no unexpected answer, p99 event-loop delay under 20 ms in every
 * sample, RSS under 300 MB, and (runs of 10 minutes or more) no growth trend above 1 MB per minute. Exits 1
 * when a gated check fails (`--gate`: all by default). `--short` (one minute, a sample every 5 s) is what CI runs,
 * gated on the answers alone: the figures of a shared CI machine are printed, the behaviour is what must hold.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { baseEnv, benchMasterKey, BenchChild, children, log, svcEnv, svcNodeArgs } from './bench-child.js';
import { cpuTimeUs, type ChildStats } from './child-protocol.js';
import { machineTimes } from './proc-times.js';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    short: { type: 'boolean', default: false },
    rate: { type: 'string', default: '200' },
    'max-in-flight': { type: 'string', default: '64' },
    orgs: { type: 'string', default: '1' },
    'sample-seconds': { type: 'string', default: '10' },
    gate: { type: 'string', default: 'answers,rate,loop,rss,trend' },
    config: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (args.help) {
  process.stdout.write('usage: npm run bench:soak -- [--minutes 30 | --short] [--rate 200] [--max-in-flight 64] [--orgs 1] [--sample-seconds 10] [--gate answers,rate,loop,rss,trend] [--config svc.yaml]\n');
  process.exit(0);
}
const minutes = args.short ? 1 : Number(args.minutes);
const sampleSeconds = args.short ? 5 : Number(args['sample-seconds']);
const rate = Number(args.rate);
const maxInFlight = Number(args['max-in-flight']);
const orgCount = Number(args.orgs);
if (!(minutes > 0) || !(sampleSeconds > 0) || !(rate > 0) || !Number.isInteger(maxInFlight) || maxInFlight < 1 || !Number.isInteger(orgCount) || orgCount < 1) {
  log('--minutes, --sample-seconds and --rate must be positive, --max-in-flight and --orgs positive integers');
  process.exit(2);
}

/** The checks whose failure sets the exit code (all by default); the others are printed all the same. */
const gated = new Set(args.gate.split(',').map((name) => name.trim()));
const checkNames = ['answers', 'rate', 'loop', 'rss', 'trend'];
if ([...gated].some((name) => !checkNames.includes(name))) {
  log(`--gate takes a comma-separated list of ${checkNames.join(', ')} (got ${args.gate})`);
  process.exit(2);
}

const RSS_LIMIT_MB = 300;
const LOOP_P99_LIMIT_MS = 20;
const GROWTH_LIMIT_MB_PER_MINUTE = 1;
const FAULTY_KEY = 'gsk-soak-faulty';

/** What came back: the status, and the start of the body of an answer other than 2xx (to say why in the report). */
interface Answer {
  status: number;
  text?: string;
}

/** One kind of traffic: how to send it, and which statuses are its expected outcomes. */
interface Traffic {
  name: string;
  expected: ReadonlySet<number>;
  send(svc: string, sequence: number): Promise<Answer>;
}

const agent = new Agent({ keepAliveTimeout: 30_000, connections: maxInFlight + 8 });
const runId = Math.random().toString(36).slice(2, 8);
let mockOrigin = '';
/** One key per org (`--orgs`): request n goes to org n mod the count, so the caches fill per org as they would with tenants. */
let apiKeys: string[] = [];
const keyFor = (n: number) => apiKeys[n % apiKeys.length];
let limitedKey = '';

async function post(url: string, key: string, body: unknown, headers: Record<string, string> = {}, readAll = true): Promise<Answer & { body: AsyncIterable<Buffer> & { text(): Promise<string>; destroy(): void } }> {
  const response = await request(url, {
    method: 'POST',
    dispatcher: agent,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const text = readAll ? await response.body.text() : undefined;
  return { status: response.statusCode, text: response.statusCode >= 300 ? text?.slice(0, 300) : undefined, body: response.body as never };
}

const chat = (content: string, extra: Record<string, unknown> = {}) => ({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }], ...extra });

/** Queues a fault at the mock for the next request carrying the faulty key (the groq provider's). */
async function fault(body: Record<string, unknown>): Promise<void> {
  await (await request(`${mockOrigin}/__mock/fault`, { method: 'POST', dispatcher: agent, body: JSON.stringify({ apiKey: FAULTY_KEY, ...body }) })).body.text();
}

const traffic: Traffic[] = [
  { name: 'chat, fresh', expected: new Set([200]), send: (svc, n) => post(`${svc}/v1/chat/completions`, keyFor(n), chat(`soak ${runId} question ${n}`)) },
  {
    name: 'chat, exact-cache hit',
    expected: new Set([200]),
    send: (svc, n) => post(`${svc}/v1/chat/completions`, keyFor(n), chat(`soak repeated question ${n % 50}`, { temperature: 0 }), { 'x-intelligence-mode': 'cache' }),
  },
  { name: 'chat, stream', expected: new Set([200]), send: (svc, n) => post(`${svc}/v1/chat/completions`, keyFor(n), chat(`soak stream ${runId} ${n}`, { stream: true })) },
  {
    name: 'chat, conversation (memory)',
    expected: new Set([200]),
    send: (svc, n) => post(`${svc}/v1/chat/completions`, keyFor(n), chat(n % 3 === 0 ? `My name is Ada and I live in Lisbon, turn ${n}.` : `What did I tell you, turn ${n}?`, { svc: { conversation_id: `soak-${runId}-${n % 40}` } })),
  },
  // The mock answers text-embedding-3-small's 1,536 dimensions, as OpenAI does: the embeddings cache holds vectors of a real size.
  { name: 'embeddings', expected: new Set([200]), send: (svc, n) => post(`${svc}/v1/embeddings`, keyFor(n), { model: 'text-embedding-3-small', input: [`soak text ${runId} ${n}`, 'shared text'] }) },
  {
    name: 'stream cut by the client',
    expected: new Set([200]),
    async send(svc, n) {
      const response = await post(`${svc}/v1/chat/completions`, keyFor(n), chat(`soak cut ${runId} ${n} ${'word '.repeat(40)}`, { stream: true }), {}, false);
      for await (const _chunk of response.body) break; // leaves after the first chunk
      response.body.destroy();
      return { status: response.status };
    },
  },
  {
    name: 'upstream 5xx',
    // 503 once the provider's circuit opens; 200 when a concurrent request took the queued fault.
    expected: new Set([200, 502, 503]),
    async send(svc, n) {
      await fault({ status: 500, message: 'soak failure' });
      return post(`${svc}/v1/chat/completions`, keyFor(n), { ...chat(`soak fault ${runId} ${n}`), model: 'groq/llama-3.3-70b-versatile' });
    },
  },
  {
    name: 'upstream drops a stream',
    expected: new Set([200, 502, 503]),
    async send(svc, n) {
      await fault({ dropAfterEvents: 2 });
      return post(`${svc}/v1/chat/completions`, keyFor(n), { ...chat(`soak drop ${runId} ${n} ${'word '.repeat(20)}`, { stream: true }), model: 'groq/llama-3.3-70b-versatile' });
    },
  },
  { name: 'refused by rpm', expected: new Set([200, 429]), send: (svc, n) => post(`${svc}/v1/chat/completions`, limitedKey, chat(`soak limited ${n}`)) },
];

interface Sample {
  atSeconds: number;
  rssMb: number;
  heapMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** The heap's spaces, used of committed in MB (`new 12/32 old 70/120 lo 9/9 code 6/7`): where the committed heap goes. */
  spaces: string;
  loopP99Ms: number;
  loopMaxMs: number;
  requests: number;
  /** The longest garbage-collection pause in the interval, its kind, and the intervals' pauses summed (ms). */
  gcMaxMs: number;
  gcMaxKind: string;
  gcTotalMs: number;
  /** Times the OS took the CPU from svc in the interval. */
  switches: number;
  /** The share of the machine's CPU time its hypervisor gave to other guests in the interval (steal), %. */
  stealPercent: number;
  /** What svc's in-process caches hold (its /metrics): `exact 812 / 1.9 MB, semantic …, embeddings …`. */
  caches: string;
}

/** The entries and bytes of svc's caches, from its /metrics (`svc_cache_entries`, `svc_cache_bytes`); '?' when the scrape fails. */
async function cacheFill(origin: string): Promise<string> {
  try {
    const response = await request(`${origin}/metrics`, { dispatcher: agent, headers: { authorization: `Bearer ${benchMasterKey}` } });
    const text = await response.body.text();
    const figures = new Map<string, { entries: number; bytes: number }>();
    for (const [, name, cache, value] of text.matchAll(/^svc_cache_(entries|bytes)\{cache="(\w+)"\} (\S+)$/gm)) {
      const figure = figures.get(cache) ?? { entries: 0, bytes: 0 };
      figure[name as 'entries' | 'bytes'] = Number(value);
      figures.set(cache, figure);
    }
    return [...figures].map(([cache, { entries, bytes }]) => `${cache} ${entries} / ${(bytes / 2 ** 20).toFixed(1)} MB`).join(', ') || '?';
  } catch {
    return '?';
  }
}

/** The machine's steal and total CPU time so far (seconds); zeros where there is no /proc. */
async function cpuTimes(): Promise<{ steal: number; total: number }> {
  const times = await machineTimes();
  return { steal: times?.steal ?? 0, total: times?.total ?? 0 };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-soak-'));
  try {
    log(`starting the mock upstream and svc (soak of ${minutes} min at ${rate} requests/s, ${orgCount} org${orgCount === 1 ? '' : 's'}) …`);
    const mock = await BenchChild.start('mock', 'run-mock.ts', baseEnv());
    mockOrigin = mock.origin;
    const svc = await BenchChild.start('svc', 'run-svc.ts', { ...svcEnv(mock.origin, dataDir), GROQ_API_KEY: FAULTY_KEY, GROQ_BASE_URL: `${mock.origin}/openai/v1`, BENCH_CHILD_GC: '1', ...(args.config ? { SVC_CONFIG: args.config } : {}) }, svcNodeArgs);
    const admin = async (path: string, body: unknown) => (await post(`${svc.origin}${path}`, benchMasterKey, body, {}, false)).body.text().then((text) => JSON.parse(text));
    const org = await admin('/v1/admin/orgs', { name: `soak ${runId}` });
    apiKeys = [(await admin('/v1/admin/keys', { org_id: org.id, name: 'soak' })).key];
    for (let index = 1; index < orgCount; index++) {
      const tenant = await admin('/v1/admin/orgs', { name: `soak ${runId} tenant ${index}` });
      apiKeys.push((await admin('/v1/admin/keys', { org_id: tenant.id, name: 'soak' })).key);
    }
    limitedKey = (await admin('/v1/admin/keys', { org_id: org.id, name: 'soak limited', rpm: 30 })).key;

    const counts = traffic.map(() => ({ sent: 0, unexpected: 0, statuses: new Map<number, number>(), firstUnexpected: '' }));
    const started = Date.now();
    const deadline = started + minutes * 60_000;
    let sequence = 0;
    let inFlight = 0;
    /** Requests not sent because max-in-flight were waiting: svc fell behind the rate (after the warm-up). */
    let skipped = 0;
    let skippedAfterWarmUp = 0;
    const warmUpEnds = started + minutes * 60_000 * 0.2;
    const sendOne = async () => {
      const n = sequence++;
      const kind = n % traffic.length;
      const count = counts[kind];
      count.sent++;
      inFlight++;
      let status: number;
      let text: string | undefined;
      try {
        ({ status, text } = await traffic[kind].send(svc.origin, n));
      } catch (error) {
        status = -1;
        count.firstUnexpected ||= `${traffic[kind].name}: ${error instanceof Error ? error.message : String(error)}`;
      } finally {
        inFlight--;
      }
      count.statuses.set(status, (count.statuses.get(status) ?? 0) + 1);
      if (!traffic[kind].expected.has(status)) {
        count.unexpected++;
        count.firstUnexpected ||= `${traffic[kind].name}: HTTP ${status}${text ? ` ${text}` : ''}`;
      }
    };
    const pending = new Set<Promise<void>>();
    // Open loop: every 10 ms the requests the rate owes by now leave, up to max-in-flight waiting at once.
    const run = new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const now = Date.now();
        if (now >= deadline) {
          clearInterval(tick);
          resolve();
          return;
        }
        const owed = Math.floor(((now - started) / 1000) * rate) - sequence - skipped;
        for (let index = 0; index < owed; index++) {
          if (inFlight >= maxInFlight) {
            skipped++;
            if (now >= warmUpEnds) skippedAfterWarmUp++;
            continue;
          }
          const sent = sendOne();
          pending.add(sent);
          void sent.finally(() => pending.delete(sent));
        }
      }, 10);
    });
    const samples: Sample[] = [];
    const first = await svc.stats(); // resets the event-loop histogram: the samples cover the soak only
    let cpuBefore = await cpuTimes();
    const sampler = setInterval(() => {
      void Promise.all([svc.stats(), cpuTimes(), cacheFill(svc.origin)]).then(([stats, cpu, caches]: [ChildStats | undefined, { steal: number; total: number }, string]) => {
        if (!stats) return;
        const stealPercent = cpu.total > cpuBefore.total ? (100 * (cpu.steal - cpuBefore.steal)) / (cpu.total - cpuBefore.total) : 0;
        cpuBefore = cpu;
        const sample: Sample = {
          atSeconds: Math.round((Date.now() - started) / 1000),
          rssMb: stats.rssKb / 1024,
          heapMb: stats.heapUsedKb / 1024,
          heapTotalMb: stats.heapTotalKb / 1024,
          externalMb: stats.externalKb / 1024,
          spaces: describeSpaces(stats.spaces),
          loopP99Ms: stats.eventLoop.p99Ms,
          loopMaxMs: stats.eventLoop.maxMs,
          requests: sequence,
          gcMaxMs: stats.gc.maxMs,
          gcMaxKind: stats.gc.maxKind,
          gcTotalMs: stats.gc.totalMs,
          switches: stats.involuntaryContextSwitches,
          stealPercent,
          caches,
        };
        samples.push(sample);
        log(`  ${String(sample.atSeconds).padStart(5)} s  RSS ${sample.rssMb.toFixed(0).padStart(4)} MB (heap ${sample.heapMb.toFixed(0)} of ${sample.heapTotalMb.toFixed(0)}: ${sample.spaces}; external ${sample.externalMb.toFixed(0)})  event-loop p99 ${sample.loopP99Ms.toFixed(1).padStart(5)} ms (max ${sample.loopMaxMs.toFixed(1)})  ${describeCauses(sample)}  ${sample.requests} requests; caches ${sample.caches}`);
      });
    }, sampleSeconds * 1000);
    await run;
    await Promise.all(pending);
    clearInterval(sampler);
    const final = await svc.stats();

    // The first fifth of the run is the warm-up (the JIT, the caches and indexes filling): judged apart.
    const warm = samples.filter((sample) => sample.atSeconds >= minutes * 60 * 0.2);
    const slope = trend(warm);
    const peakRss = Math.max(...samples.map((sample) => sample.rssMb), (final?.maxRssKb ?? 0) / 1024);
    const worstLoop = Math.max(...warm.map((sample) => sample.loopP99Ms));
    const warmUpLoop = Math.max(0, ...samples.filter((sample) => !warm.includes(sample)).map((sample) => sample.loopP99Ms));
    const unexpected = counts.reduce((sum, count) => sum + count.unexpected, 0);
    // svc's CPU (every thread of the process: the event loop, the SQLite writer, fact extraction, GC) per request sent.
    const cpuPerRequestUs = first && final ? cpuTimeUs(first, final) / sequence : NaN;
    const checks = [
      { name: 'answers', what: `no unexpected answer (${sequence} requests)`, ok: unexpected === 0, figure: `${unexpected} unexpected` },
      { name: 'rate', what: `the rate held after the warm-up (${rate}/s; none left unsent because ${maxInFlight} were waiting)`, ok: skippedAfterWarmUp === 0, figure: `${skippedAfterWarmUp} unsent (${skipped} in all)` },
      { name: 'loop', what: `event-loop delay p99 < ${LOOP_P99_LIMIT_MS} ms in every sample after the warm-up`, ok: worstLoop < LOOP_P99_LIMIT_MS, figure: `worst ${worstLoop.toFixed(1)} ms (warm-up: ${warmUpLoop.toFixed(1)} ms)` },
      { name: 'rss', what: `RSS < ${RSS_LIMIT_MB} MB`, ok: peakRss < RSS_LIMIT_MB, figure: `peak ${peakRss.toFixed(0)} MB (VmHWM)` },
      minutes >= 10
        ? { name: 'trend', what: `no RSS growth trend above ${GROWTH_LIMIT_MB_PER_MINUTE} MB/min after the warm-up`, ok: slope < GROWTH_LIMIT_MB_PER_MINUTE, figure: `${slope.toFixed(2)} MB/min` }
        : { name: 'trend', what: 'RSS trend after the warm-up (reported; judged on runs of 10 minutes or more)', ok: true, figure: `${slope.toFixed(2)} MB/min` },
    ];
    process.stdout.write(
      [
        '',
        `svc soak: ${minutes} min of mixed traffic at ${rate} requests/s, ${availableParallelism()} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}`,
        `svc CPU: ${cpuPerRequestUs.toFixed(0)} µs a request (all its threads)`,
        '',
        'traffic                        sent  unexpected  statuses',
        ...traffic.map((kind, index) => `${kind.name.padEnd(30)} ${String(counts[index].sent).padStart(5)}  ${String(counts[index].unexpected).padStart(10)}  ${[...counts[index].statuses].map(([status, times]) => `${status}×${times}`).join(' ')}`),
        ...counts.filter((count) => count.firstUnexpected).map((count) => `first unexpected: ${count.firstUnexpected}`),
        '',
        ...warm.filter((sample) => sample.loopP99Ms >= LOOP_P99_LIMIT_MS).map((sample) => `event-loop p99 ${sample.loopP99Ms.toFixed(1)} ms (max ${sample.loopMaxMs.toFixed(1)}) at ${sample.atSeconds} s: ${describeCauses(sample)}`),
        ...checks.map((check) => `${check.ok ? 'ok  ' : 'FAIL'}  ${check.what}: ${check.figure}${gated.has(check.name) ? '' : ' (reported, not gating this run)'}`),
        '',
      ].join('\n'),
    );
    process.exitCode = checks.every((check) => check.ok || !gated.has(check.name)) ? 0 : 1;
  } finally {
    await Promise.all([...children].map((child) => child.stop()));
    await agent.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** What may have held the event loop in a sample's interval: the longest GC pause, the CPU taken from svc, the machine's steal. */
function describeCauses(sample: Sample): string {
  const gc = sample.gcMaxMs > 0 ? `GC max ${sample.gcMaxMs.toFixed(1)} ms (${sample.gcMaxKind}), ${sample.gcTotalMs.toFixed(0)} ms in all` : 'no GC';
  return `${gc}; ${sample.switches} preemptions; steal ${sample.stealPercent.toFixed(1)} %`;
}

/** Least-squares slope of RSS over time, MB per minute. */
function trend(samples: Sample[]): number {
  if (samples.length < 2) return 0;
  const xs = samples.map((sample) => sample.atSeconds / 60);
  const ys = samples.map((sample) => sample.rssMb);
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / ys.length;
  let numerator = 0;
  let denominator = 0;
  xs.forEach((x, index) => {
    numerator += (x - meanX) * (ys[index] - meanY);
    denominator += (x - meanX) ** 2;
  });
  return denominator === 0 ? 0 : numerator / denominator;
}

process.on('SIGINT', () => {
  for (const child of children) void child.stop();
  process.exit(130);
});

main().catch((error) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  for (const child of children) void child.stop();
  process.exitCode = 1;
});

const spaceLabels: Record<string, string> = { new_space: 'new', old_space: 'old', large_object_space: 'lo', new_large_object_space: 'new lo', code_space: 'code' };

/** The heap spaces that hold most of it, as `new 12/32 old 70/120 …` (MB used of committed). */
function describeSpaces(spaces: ChildStats['spaces'] | undefined): string {
  if (!spaces) return '';
  return Object.entries(spaceLabels)
    .filter(([name]) => spaces[name] !== undefined)
    .map(([name, label]) => `${label} ${(spaces[name].usedKb / 1024).toFixed(0)}/${(spaces[name].committedKb / 1024).toFixed(0)}`)
    .join(' ');
}

/**
 * `npm run bench:ttft [-- --requests 200 --pieces 8 --gap-ms 5 --background 200 --warm-up 3000]`
 *
 * What svc adds to a stream, one request at a time: the time to the first token through svc (chat
 * completions, and the Responses API, which svc serves over the same upstream chat stream) minus the time to
 * the first token straight from the mock upstream; and whether each later piece is relayed as it comes. Before
 * each request the mock is given an answer of `--pieces` pieces sent `--gap-ms` apart, so the ideal gap
 * between two pieces is known: a gateway that buffered would show pieces arriving together (gap near 0).
 * A bare node:http + undici pass-through proxy is measured beside svc: what one more process between the caller
 * and the upstream costs on this machine whatever it does (on a VM, waking an idle process costs ~0.3 ms a hop).
 *
 * Twice: first with nothing else running, each process idle between the measured requests (the cold case: a gateway
 * that serves one stream now and then), then with `--background` requests a second of other traffic (embeddings, each
 * a miss) sent to svc and to the bare proxy alike throughout, as a gateway in service sees (0: the first only).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { baseEnv, BenchChild, benchMasterKey, children, log, svcEnv, svcNodeArgs } from './bench-child.js';
import { summarize } from './load.js';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '200' },
    pieces: { type: 'string', default: '8' },
    'gap-ms': { type: 'string', default: '5' },
    background: { type: 'string', default: '200' },
    'warm-up': { type: 'string', default: '3000' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (args.help) {
  process.stdout.write('usage: npm run bench:ttft -- [--requests 200] [--pieces 8] [--gap-ms 5] [--background 200] [--warm-up 3000]\n');
  process.exit(0);
}
const requests = Number(args.requests);
const pieces = Number(args.pieces);
const gapMs = Number(args['gap-ms']);
const backgroundRate = Number(args.background);
const warmUpStreams = Number(args['warm-up']);
if (![requests, pieces].every((value) => Number.isInteger(value) && value >= 2) || !(gapMs > 0) || ![backgroundRate, warmUpStreams].every((value) => Number.isInteger(value) && value >= 0)) {
  log('--requests and --pieces must be integers of at least 2, --gap-ms a positive number, --background (requests a second) and --warm-up (streams) whole numbers');
  process.exit(2);
}

const agent = new Agent({ connections: 2, keepAliveTimeout: 30_000 });
const words = Array.from({ length: pieces }, (_, index) => `piece${index} `);

interface Target {
  name: string;
  origin: () => string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Whether an SSE frame carries a piece of the answer's text. */
  isPiece: (frame: string) => boolean;
}

interface Timings {
  /** Request sent → first byte of the body (the stream's first frame, before any text), ms. */
  firstByte: number[];
  /** Request sent → first piece of text, ms. */
  firstPiece: number[];
  /** Gaps between consecutive pieces, ms (ideal: --gap-ms). */
  gaps: number[];
  byPiece: number[][];
}

/** Sends one streamed request and times the pieces of text as they arrive. */
async function timeOne(target: Target): Promise<{ firstByte: number; first: number; arrivals: number[] }> {
  const started = performance.now();
  const response = await request(`${target.origin()}${target.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...target.headers }, body: target.body, dispatcher: agent });
  if (response.statusCode !== 200) throw new Error(`${target.name}: HTTP ${response.statusCode}: ${(await response.body.text()).slice(0, 300)}`);
  const arrivals: number[] = [];
  let buffer = '';
  let firstByte = 0;
  for await (const chunk of response.body) {
    const at = performance.now();
    firstByte ||= at - started;
    buffer += chunk.toString();
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      if (target.isPiece(frame)) arrivals.push(at - started);
    }
  }
  if (arrivals.length !== pieces) throw new Error(`${target.name}: ${arrivals.length} pieces of text arrived, not ${pieces}`);
  return { firstByte, first: arrivals[0], arrivals };
}

/**
 * A process's code is slow until the JIT has optimised it (bench/cache.ts measured an exact hit at 1,781 µs of
 * CPU over a fresh process's first 1,500 requests and 489 µs from the 4,500th on): each target first takes
 * `--warm-up` (3,000) streams of the mock's default answer, which has no delays, unmeasured.
 */
async function warmUp(target: Target): Promise<void> {
  log(`${target.name}: ${warmUpStreams} streams to warm up …`);
  for (let index = 0; index < warmUpStreams; index++) {
    const response = await request(`${target.origin()}${target.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...target.headers }, body: target.body, dispatcher: agent });
    await response.body.text();
  }
}

/**
 * The targets in turn: each round times the upstream alone, the bare proxy and one svc endpoint, one request each, then
 * the same for the next svc endpoint, so the mock's timers and the machine's drift are alike for all of them and "svc
 * minus the upstream" compares requests made moments apart. Each proxy process has then been idle for the same two
 * requests before each of its own: waking a process that sat idle costs a VM ~0.3 ms, and with the four targets in one
 * fixed order the svc endpoint timed second found svc warm from the first (measured: whichever of chat and Responses
 * came first read 0.3 ms slower than the other, and than the bare proxy, which also waited three requests).
 */
async function measureInTurn(mock: BenchChild, targets: Target[]): Promise<Timings[]> {
  const all = targets.map((): Timings => ({ firstByte: [], firstPiece: [], gaps: [], byPiece: Array.from({ length: pieces }, () => []) }));
  const queueReply = () => request(`${mock.origin}/__mock/reply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: words.join(''), chunks: words, eventDelayMs: gapMs }), dispatcher: agent }).then((response) => response.body.text());
  // Positions 0 and 1 are the upstream and the bare proxy, timed beside each svc endpoint (positions 2…).
  const turns = targets.slice(2).map((_, index) => [0, 1, index + 2]);
  log(`${requests} rounds of one streamed request to each svc endpoint, each beside one to the upstream and one to the bare proxy …`);
  for (let round = 0; round < requests; round++) {
    for (const turn of turns) {
      for (const position of turn) {
        await queueReply();
        const { firstByte, first, arrivals } = await timeOne(targets[position]);
        const timings = all[position];
        timings.firstByte.push(firstByte);
        timings.firstPiece.push(first);
        for (let piece = 1; piece < arrivals.length; piece++) timings.gaps.push(arrivals[piece] - arrivals[piece - 1]);
        arrivals.forEach((at, piece) => timings.byPiece[piece].push(at));
        (timings as any).fb ??= []; (timings as any).fb.push(firstByte);
      }
    }
  }
  return all;
}

const chatBody = JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'stream to me' }] });
const responsesBody = JSON.stringify({ model: 'gpt-4o-mini', stream: true, input: 'stream to me' });
const chatPiece = (frame: string) => frame.startsWith('data: {') && /"delta":\{[^}]*"content":"[^"]/.test(frame);
const responsesPiece = (frame: string) => frame.startsWith('event: response.output_text.delta');

/** The most background requests waiting on one proxy; past it a request due is counted as unsent. */
const BACKGROUND_IN_FLIGHT = 32;

interface Background {
  /** Stops sending and waits for what is in flight: requests sent, answered other than 200, left unsent (all connections busy). */
  stop(): Promise<{ sent: number; failed: number; unsent: number; firstFailure: string }>;
}

/**
 * Other traffic while the streams are timed: `rate` embeddings requests a second to each proxy, open loop, on connections
 * of their own, each input new (a miss in svc's embeddings cache, so svc calls the upstream as for any request).
 * Embeddings, since the mock hands a queued reply to chat completions only: the measured streams' answers stay theirs.
 */
function startBackground(targets: Array<{ origin: string; headers: Record<string, string> }>, rate: number): Background {
  const backgroundAgent = new Agent({ connections: BACKGROUND_IN_FLIGHT, keepAliveTimeout: 30_000 });
  const inFlight = targets.map(() => 0);
  const pending = new Set<Promise<void>>();
  let sent = 0;
  let failed = 0;
  let unsent = 0;
  let firstFailure = '';
  let sequence = 0;
  const started = performance.now();
  const send = (index: number, body: string) => {
    const { origin, headers } = targets[index];
    inFlight[index]++;
    sent++;
    const done = request(`${origin}/v1/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, dispatcher: backgroundAgent })
      .then(async (response) => {
        const text = await response.body.text();
        if (response.statusCode !== 200) {
          failed++;
          firstFailure ||= `${origin}: HTTP ${response.statusCode}: ${text.slice(0, 300)}`;
        }
      })
      .catch((error: Error) => {
        failed++;
        firstFailure ||= `${origin}: ${error.message}`;
      })
      .finally(() => {
        inFlight[index]--;
        pending.delete(done);
      });
    pending.add(done);
  };
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; sequence < due; sequence++) {
      const body = JSON.stringify({ model: 'text-embedding-3-small', input: `background request ${sequence} of the ttft bench`, dimensions: 16 });
      for (let index = 0; index < targets.length; index++) {
        if (inFlight[index] >= BACKGROUND_IN_FLIGHT) unsent++;
        else send(index, body);
      }
    }
  }, 2);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.allSettled([...pending]);
      await backgroundAgent.close();
      return { sent, failed, unsent, firstFailure };
    },
  };
}

/** The table and verdicts of one measurement (the upstream at position 0, the bare proxy at 1, svc's endpoints after). */
function report(title: string, targets: Target[], results: Timings[]): string[] {
  const med = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
  for (let t = 0; t < targets.length; t++) log(`${targets[t].name.padEnd(28)} firstByte ${med(results[t].firstByte).toFixed(3)} pieces ${results[t].byPiece.map((xs) => med(xs).toFixed(3)).join(' ')}`);
  for (let t = 1; t < targets.length; t++) log(`${targets[t].name.padEnd(28)} minus mock by piece ${results[t].byPiece.map((xs, k) => (med(xs) - med(results[0].byPiece[k])).toFixed(3)).join(' ')}`);
  const summaries = results.map((timings) => ({ firstByte: summarize(Float64Array.from(timings.firstByte)), first: summarize(Float64Array.from(timings.firstPiece)), gaps: summarize(Float64Array.from(timings.gaps)), together: timings.gaps.filter((gap) => gap < gapMs / 5).length, gapCount: timings.gaps.length }));
  const upstream = summaries[0];
  const f = (value: number) => value.toFixed(3).padStart(8);
  return [
    '',
    title,
    '',
    'target                       first byte p50  first token p50     p99   added p50   added p99   gap p50   gap p99   pieces together',
    ...targets.map((target, index) => {
      const summary = summaries[index];
      const added = index === 0 ? ['       —', '       —'] : [f(summary.first.p50 - upstream.first.p50), f(summary.first.p99 - upstream.first.p99)];
      return `${target.name.padEnd(28)} ${f(summary.firstByte.p50)}        ${f(summary.first.p50)} ${f(summary.first.p99)}    ${added[0]}    ${added[1]}  ${f(summary.gaps.p50)}  ${f(summary.gaps.p99)}   ${summary.together}/${summary.gapCount}`;
    }),
    '(ms; "added" is svc minus the upstream alone; "pieces together" counts gaps under a fifth of --gap-ms, i.e. pieces that arrived in one read)',
    '',
    ...targets.slice(2).map((target, index) => {
      const added = summaries[index + 2].first.p50 - upstream.first.p50;
      const overBare = summaries[index + 2].first.p50 - summaries[1].first.p50;
      return `${target.name}: time to first token added p50 ${added.toFixed(3)} ms (target ≤ 1 ms): ${added <= 1 ? 'within target' : 'ABOVE target'}; over the bare proxy ${overBare.toFixed(3)} ms`;
    }),
    `bare proxy: time to first token added p50 ${(summaries[1].first.p50 - upstream.first.p50).toFixed(3)} ms (the machine's cost of a hop through one more process)`,
  ];
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-bench-ttft-'));
  try {
    const mock = await BenchChild.start('mock', 'run-mock.ts', baseEnv());
    const svc = await BenchChild.start('svc', 'run-svc.ts', svcEnv(mock.origin, dataDir), svcNodeArgs);
    const bare = await BenchChild.start('bare', 'run-bare-proxy.ts', { ...baseEnv(), BENCH_UPSTREAM: mock.origin });
    const svcHeaders = { authorization: `Bearer ${benchMasterKey}`, 'x-intelligence-mode': 'proxy' };
    const bareHeaders = { authorization: 'Bearer sk-bench-openai' };
    const targets: Target[] = [
      { name: 'upstream (mock) chat stream', origin: () => mock.origin, path: '/v1/chat/completions', headers: bareHeaders, body: chatBody, isPiece: chatPiece },
      // Any gateway's floor: one more process between caller and upstream, two more loopback hops, nothing else.
      { name: 'bare proxy chat stream', origin: () => bare.origin, path: '/v1/chat/completions', headers: bareHeaders, body: chatBody, isPiece: chatPiece },
      { name: 'svc chat stream', origin: () => svc.origin, path: '/v1/chat/completions', headers: svcHeaders, body: chatBody, isPiece: chatPiece },
      { name: 'svc Responses stream', origin: () => svc.origin, path: '/v1/responses', headers: svcHeaders, body: responsesBody, isPiece: responsesPiece },
    ];
    for (const target of targets) await warmUp(target);
    const setting = `${pieces} pieces ${gapMs} ms apart, proxy mode, ${availableParallelism()} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}`;
    const lines = report(
      `svc stream relay, idle between requests: ${requests} requests per svc endpoint one at a time, each beside one to the upstream and one to the bare proxy (${requests * (targets.length - 2)} each), after ${warmUpStreams} unmeasured streams each, ${setting}`,
      targets,
      await measureInTurn(mock, targets),
    );
    if (backgroundRate > 0) {
      log(`the same again with ${backgroundRate} embeddings requests a second to svc and to the bare proxy each …`);
      const background = startBackground([{ origin: svc.origin, headers: svcHeaders }, { origin: bare.origin, headers: bareHeaders }], backgroundRate);
      const results = await measureInTurn(mock, targets);
      const { sent, failed, unsent, firstFailure } = await background.stop();
      if (failed > 0) throw new Error(`${failed} of the ${sent} background requests were not answered 200; the first: ${firstFailure}`);
      lines.push(
        ...report(
          `svc stream relay, in service: the same, while ${backgroundRate} embeddings requests a second (each a cache miss) go to svc and to the bare proxy each (${sent} sent, ${unsent} left unsent because ${BACKGROUND_IN_FLIGHT} were waiting), ${setting}`,
          targets,
          results,
        ),
      );
    }
    lines.push('');
    process.stdout.write(lines.join('\n'));
  } finally {
    await Promise.allSettled([...children].map((child) => child.stop()));
    await agent.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch(async (error) => {
  log(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await Promise.allSettled([...children].map((child) => child.stop()));
  process.exit(1);
});

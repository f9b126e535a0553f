/**
 * `npm run bench:embeddings [-- --concurrency 1 --seconds 5 --warmup 1]`
 *
 * The embeddings path in figures, in one run against the mock upstream (each in its own child process):
 *  - a cache hit: the same input again and again, answered by svc's embeddings cache (target: p99 < 1 ms);
 *  - a cache miss: a new input each request (cache lookup, upstream call, cache store), as overhead over
 *    calling the mock directly, beside the same overhead for chat in proxy mode (target: ≤ 1.5 × chat's).
 */
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BenchChild, children, log, modeHeaders, svcNodeArgs, withMockAndSvc } from './bench-child.js';
import { loadShape, shapeFlags, measure, ms, scenarioTable, type Measured, type Scenario } from './scenarios.js';

const { values: args } = parseArgs({
  options: {
    ...shapeFlags,
    'cpu-prof': { type: 'string' },
  },
  strict: true,
});
if (args.help) {
  process.stdout.write('usage: npm run bench:embeddings -- [--concurrency N (default 1)] [--seconds N (default 5)] [--warmup N (default 1)] [--cpu-prof DIR]\n');
  process.exit(0);
}
const options = loadShape(args);

const chatBody = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'benchmark' }] });
// The official SDK asks for base64 unless told otherwise.
const embeddingsBody = (input: string) => JSON.stringify({ model: 'text-embedding-3-small', input, encoding_format: 'base64' });
let counter = 0;
/** A new input each request: a miss every time. The run's random prefix keeps repeated runs apart. */
const runPrefix = Math.random().toString(36).slice(2, 8);
const freshEmbeddingsBody = () => embeddingsBody(`benchmark input ${runPrefix} ${counter++}`);

const scenario = (name: string, target: BenchChild, path: string, mode: 'proxy' | 'full', body: Scenario['body']): Scenario => ({ name, target, path, headers: modeHeaders(mode), body });

async function main(): Promise<void> {
  const profileArgs = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', join(args['cpu-prof'], 'svc-embeddings')] : [];
  await withMockAndSvc('embeddings', async (mock, svc) => {
    const hitBody = embeddingsBody('the same benchmark input every time');
    const scenarios: Scenario[] = [
      scenario('chat, direct to the mock', mock, '/v1/chat/completions', 'proxy', chatBody),
      scenario('chat through svc (proxy mode)', svc, '/v1/chat/completions', 'proxy', chatBody),
      scenario('embeddings, direct to the mock', mock, '/v1/embeddings', 'full', freshEmbeddingsBody),
      scenario('embeddings through svc, cache miss', svc, '/v1/embeddings', 'full', freshEmbeddingsBody),
      scenario('embeddings through svc, cache hit', svc, '/v1/embeddings', 'full', hitBody),
    ];
    const results: Measured[] = [];
    for (const item of scenarios) results.push(await measure(item, options));
    report(scenarios, results);
  }, [...svcNodeArgs, ...profileArgs]);
}

function report(scenarios: Scenario[], results: Measured[]): void {
  const table = scenarioTable(scenarios.map((item) => item.name), results);
  const [chatDirect, chatSvc, embeddingsDirect, miss, hit] = results;
  const chatOverhead = { p50: chatSvc.total.p50 - chatDirect.total.p50, p99: chatSvc.total.p99 - chatDirect.total.p99 };
  const missOverhead = { p50: miss.total.p50 - embeddingsDirect.total.p50, p99: miss.total.p99 - embeddingsDirect.total.p99 };
  const missRatio = missOverhead.p50 / chatOverhead.p50;
  process.stdout.write(
    [
      '',
      `svc embeddings: concurrency ${options.concurrency}, ${options.warmupSeconds} s warm-up + ${options.seconds} s measured per scenario, ${availableParallelism()} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}`,
      '',
      table,
      '(latencies measured in the load generator, loopback HTTP included; cpu µs/req is that of the process behind the target)',
      '',
      `cache hit at the gateway: p50 ${ms(hit.total.p50)} ms, p99 ${ms(hit.total.p99)} ms (target p99 < 1 ms): ${hit.total.p99 < 1 ? 'within target' : 'ABOVE target'}`,
      `overhead vs direct, p50 (p99): chat ${ms(chatOverhead.p50)} (${ms(chatOverhead.p99)}) ms, embeddings miss ${ms(missOverhead.p50)} (${ms(missOverhead.p99)}) ms` +
        ` → miss/chat ${missRatio.toFixed(2)}× (target ≤ 1.5×): ${missRatio <= 1.5 ? 'within target' : 'ABOVE target'}`,
      '',
    ].join('\n'),
  );
}

main().catch(async (error) => {
  log(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await Promise.allSettled([...children].map((child) => child.stop()));
  process.exit(1);
});

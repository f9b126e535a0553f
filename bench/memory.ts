/**
 * `npm run bench:memory [-- --concurrency 1 --seconds 5 --warmup 1 --history-turns 30]`
 *
 * What full mode adds over proxy mode on a cache miss, in one run against the mock upstream (each in its own
 * child process): the same fresh prompts in proxy mode, in full mode without a conversation, and in full mode
 * within conversations (memory recalled and stored every turn), and in conversations whose turns state facts
 * and ask about them (L2 extraction after the answer, recall by entity and similarity); and an agent's long
 * conversation resent whole every turn (`--history-turns` earlier turns, ~70 KB at 30), in proxy and in full mode.
 * Goal (issue 18): ≤ 5 ms over proxy at p50.
 */
import { availableParallelism, cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { children, log, modeHeaders, withMockAndSvc } from './bench-child.js';
import { agentHistory, loadShape, shapeFlags, measure, ms, scenarioTable, type Measured, type Scenario } from './scenarios.js';

const { values: args } = parseArgs({
  options: { ...shapeFlags, 'history-turns': { type: 'string', default: '30' } },
  strict: true,
});
if (args.help) {
  process.stdout.write('usage: npm run bench:memory -- [--concurrency N (default 1)] [--seconds N (default 5)] [--warmup N (default 1)] [--history-turns N (default 30)]\n');
  process.exit(0);
}
const options = loadShape(args);
const historyTurns = Number(args['history-turns']);
if (!Number.isInteger(historyTurns) || historyTurns < 1) {
  log(`--history-turns must be a positive integer (got ${args['history-turns']})`);
  process.exit(2);
}
const runPrefix = Math.random().toString(36).slice(2, 8);
let counter = 0;
/** A new prompt every request (a cache miss every time); in conversations, ten turns each. */
const body = (conversation: boolean) => () => {
  const turn = counter++;
  const svc = conversation ? { conversation_id: `bench-${runPrefix}-${Math.floor(turn / 10)}` } : {};
  return JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: `benchmark question ${runPrefix} number ${turn}: what is the capital of France?` }], svc });
};
/**
 * Conversations that use every part of memory: odd turns state facts (extracted and stored after the
 * answer), even turns point back at them (recent turns and facts read, matched and injected).
 */
const statedAndRecalled = () => {
  const turn = counter++;
  const svc = { conversation_id: `bench-facts-${runPrefix}-${Math.floor(turn / 10)}` };
  const content =
    turn % 2 === 0
      ? `My colleague Dana Whitfield ${turn} moved to Lisbon on June 14th and our budget is $12,000 for project ${runPrefix}.`
      : `What did I tell you about Dana ${turn - 1} and the budget again?`;
  return JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }], svc });
};

const history = agentHistory(historyTurns);
/** The long conversation with a new last question each request (a cache miss), in one of eight conversations. */
const longConversation = () => {
  const turn = counter++;
  const messages = [{ role: 'system', content: 'You are an analyst who answers briefly.' }, ...history, { role: 'user', content: `And what changed in churn since question ${runPrefix}-${turn}?` }];
  return JSON.stringify({ model: 'gpt-4o-mini', messages, svc: { conversation_id: `bench-long-${runPrefix}-${turn % 8}` } });
};

async function main(): Promise<void> {
  await withMockAndSvc('memory', async (_mock, svc) => {
    const scenarios: Scenario[] = [
      { name: 'proxy mode', target: svc, path: '/v1/chat/completions', headers: modeHeaders('proxy'), body: body(false) },
      { name: 'full mode, no conversation', target: svc, path: '/v1/chat/completions', headers: modeHeaders('full'), body: body(false) },
      { name: 'full mode, in conversations', target: svc, path: '/v1/chat/completions', headers: modeHeaders('full'), body: body(true) },
      { name: 'full mode, facts stated and recalled', target: svc, path: '/v1/chat/completions', headers: modeHeaders('full'), body: statedAndRecalled },
      { name: `proxy mode, ${historyTurns}-turn conversation`, target: svc, path: '/v1/chat/completions', headers: modeHeaders('proxy'), body: longConversation },
      { name: `full mode, ${historyTurns}-turn conversation`, target: svc, path: '/v1/chat/completions', headers: modeHeaders('full'), body: longConversation },
    ];
    const results: Measured[] = [];
    for (const scenario of scenarios) results.push(await measure(scenario, options));
    const [proxy, full, remembered, recalled, longProxy, longFull] = results;
    const over = (result: Measured, p: 'p50' | 'p99') => result.total[p] - proxy.total[p];
    process.stdout.write(
      [
        '',
        `svc full mode over proxy mode: concurrency ${options.concurrency}, ${options.warmupSeconds} s warm-up + ${options.seconds} s measured per scenario, ${availableParallelism()} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}`,
        '',
        scenarioTable(scenarios.map((item) => item.name), results),
        '',
        `full mode over proxy, p50 (p99): no conversation ${ms(over(full, 'p50'))} (${ms(over(full, 'p99'))}) ms; in conversations ${ms(over(remembered, 'p50'))} (${ms(over(remembered, 'p99'))}) ms; facts stated and recalled ${ms(over(recalled, 'p50'))} (${ms(over(recalled, 'p99'))}) ms (goal ≤ 5 ms at p50)`,
        `a ${historyTurns}-turn conversation resent whole (${(Buffer.byteLength(longConversation()) / 1024).toFixed(0)} KB a request): full mode over proxy p50 ${ms(longFull.total.p50 - longProxy.total.p50)} (p99 ${ms(longFull.total.p99 - longProxy.total.p99)}) ms, CPU ${longFull.cpuUsPerRequest?.toFixed(0) ?? 'n/a'} against ${longProxy.cpuUsPerRequest?.toFixed(0) ?? 'n/a'} µs a request`,
        '',
      ].join('\n'),
    );
  });
}

main().catch(async (error) => {
  log(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await Promise.allSettled([...children].map((child) => child.stop()));
  process.exit(1);
});

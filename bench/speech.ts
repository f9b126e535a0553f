/**
 * `npm run bench:speech [-- --seconds 5 --warmup 1]`
 *
 * Speech streaming in figures, in one run against the mock upstream (each in its own child process): the
 * time to the first byte of audio, straight from the mock's /v1/audio/speech and through svc's, request after
 * request (concurrency 1, the two interleaved so both see the same machine). The figure is svc's share:
 * its time to first audio byte minus the upstream's (goal ≤ 2 ms), at p50 and p99.
 */
import { availableParallelism, cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { benchMasterKey, log, withMockAndSvc } from './bench-child.js';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, warmup: { type: 'string', default: '1' }, help: { type: 'boolean', default: false } },
  strict: true,
});
if (args.help) {
  process.stdout.write('usage: npm run bench:speech -- [--seconds N (default 5)] [--warmup N (default 1)]\n');
  process.exit(0);
}

const body = JSON.stringify({ model: 'tts-1', input: 'The quick brown fox jumps over the lazy dog.', voice: 'alloy', response_format: 'mp3' });
const dispatcher = new Agent({ connections: 1, pipelining: 1 });

interface Timing {
  firstByteMs: number;
  totalMs: number;
}

/** One speech request: ms until the first audio bytes arrive, and until the last. */
async function speak(origin: string, authorization: string): Promise<Timing> {
  const started = performance.now();
  const response = await request(`${origin}/v1/audio/speech`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body, dispatcher });
  if (response.statusCode !== 200) throw new Error(`${origin} answered ${response.statusCode}: ${await response.body.text()}`);
  let firstByteMs = 0;
  for await (const chunk of response.body) {
    if (firstByteMs === 0 && (chunk as Buffer).length > 0) firstByteMs = performance.now() - started;
  }
  return { firstByteMs, totalMs: performance.now() - started };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fixed = (value: number) => value.toFixed(3).padStart(8);

async function main(): Promise<void> {
  try {
    await withMockAndSvc('speech', async (mock, svc) => {
      const direct = { origin: mock.origin, authorization: 'Bearer sk-bench-openai' };
      const through = { origin: svc.origin, authorization: `Bearer ${benchMasterKey}` };
      const run = async (seconds: number) => {
        const timings = { direct: [] as Timing[], svc: [] as Timing[] };
        const until = performance.now() + seconds * 1000;
        while (performance.now() < until) {
          timings.direct.push(await speak(direct.origin, direct.authorization));
          timings.svc.push(await speak(through.origin, through.authorization));
        }
        return timings;
      };
      log(`warming up ${args.warmup} s …`);
      await run(Number(args.warmup));
      log(`measuring ${args.seconds} s …`);
      const { direct: straight, svc: gateway } = await run(Number(args.seconds));
      const row = (name: string, timings: Timing[]) => {
        const first = timings.map((timing) => timing.firstByteMs);
        const total = timings.map((timing) => timing.totalMs);
        return `${name.padEnd(34)} ${String(timings.length).padStart(7)} ${fixed(percentile(first, 50))} ${fixed(percentile(first, 99))} ${fixed(percentile(total, 50))} ${fixed(percentile(total, 99))}`;
      };
      const share = (p: number) => percentile(gateway.map((timing) => timing.firstByteMs), p) - percentile(straight.map((timing) => timing.firstByteMs), p);
      process.stdout.write(
        [
          '',
          `svc speech streaming: concurrency 1, ${args.warmup} s warm-up + ${args.seconds} s measured, ${availableParallelism()} CPU (${cpus()[0]?.model.trim() ?? 'unknown'}), node ${process.version}`,
          '',
          `${'scenario'.padEnd(34)} ${'requests'.padStart(7)} ${'ttfb p50'.padStart(8)} ${'ttfb p99'.padStart(8)} ${'all p50'.padStart(8)} ${'all p99'.padStart(8)}  (ms)`,
          row('speech, direct to the mock', straight),
          row('speech through svc', gateway),
          '',
          `svc's time to first audio byte over the upstream's: p50 ${share(50).toFixed(3)} ms, p99 ${share(99).toFixed(3)} ms (goal ≤ 2 ms)`,
          '',
        ].join('\n'),
      );
    });
  } finally {
    await dispatcher.close();
  }
}

await main();

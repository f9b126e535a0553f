/**
 * `npm run bench:streams [-- --streams 1000 --seconds 5]`
 *
 * Many slow streams at once: the mock is told to stream each answer in 20 pieces over `--seconds`, and svc
 * gets `--streams` streamed chat requests all open together. Reported: how many completed with `[DONE]`,
 * the time to first byte through svc, and svc's RSS sampled every 250 ms (peak against issue 20's 300 MB).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { baseEnv, benchMasterKey, BenchChild, children, log, svcEnv, svcNodeArgs } from './bench-child.js';
import { summarize } from './load.js';

const { values: args } = parseArgs({ options: { streams: { type: 'string', default: '1000' }, seconds: { type: 'string', default: '5' } }, strict: true });
const streams = Number(args.streams);
const seconds = Number(args.seconds);
if (!Number.isInteger(streams) || streams < 1 || !(seconds > 0)) {
  log('--streams must be a positive integer and --seconds positive');
  process.exit(2);
}
const PIECES = 20;
const RSS_LIMIT_MB = 300;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-streams-'));
  const agent = new Agent({ connections: streams + 16, keepAliveTimeout: 60_000, headersTimeout: 60_000, bodyTimeout: 60_000 });
  try {
    const mock = await BenchChild.start('mock', 'run-mock.ts', baseEnv());
    const svc = await BenchChild.start('svc', 'run-svc.ts', svcEnv(mock.origin, dataDir), svcNodeArgs);
    const reply = { chunks: Array.from({ length: PIECES }, (_, index) => `piece ${index} `), eventDelayMs: Math.round((seconds * 1000) / PIECES) };
    log(`queueing ${streams} slow answers at the mock (${PIECES} pieces over ${seconds} s each) …`);
    for (let index = 0; index < streams; index++) {
      await (await request(`${mock.origin}/__mock/reply`, { method: 'POST', dispatcher: agent, body: JSON.stringify({ reply }) })).body.text();
    }
    const idle = await svc.stats();
    let peakRssMb = (idle?.rssKb ?? 0) / 1024;
    const sampler = setInterval(() => void svc.stats().then((stats) => (peakRssMb = Math.max(peakRssMb, (stats?.rssKb ?? 0) / 1024))), 250);
    log(`opening ${streams} streams through svc at once …`);
    const firstBytes = new Float64Array(streams);
    let completed = 0;
    let failed = 0;
    let firstFailure = '';
    const started = performance.now();
    await Promise.all(
      Array.from({ length: streams }, async (_, index) => {
        const sent = performance.now();
        try {
          const response = await request(`${svc.origin}/v1/chat/completions`, {
            method: 'POST',
            dispatcher: agent,
            headers: { authorization: `Bearer ${benchMasterKey}`, 'content-type': 'application/json', 'x-intelligence-mode': 'proxy' },
            body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: `slow stream ${index}` }] }),
          });
          let text = '';
          let first = true;
          for await (const chunk of response.body) {
            if (first) {
              firstBytes[index] = performance.now() - sent;
              first = false;
            }
            text += chunk.toString();
          }
          if (response.statusCode === 200 && text.includes('data: [DONE]') && text.includes(`piece ${PIECES - 1}`)) completed++;
          else {
            failed++;
            firstFailure ||= `HTTP ${response.statusCode}: ${text.slice(0, 200)}`;
          }
        } catch (error) {
          failed++;
          firstFailure ||= error instanceof Error ? error.message : String(error);
        }
      }),
    );
    const wall = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const final = await svc.stats();
    peakRssMb = Math.max(peakRssMb, (final?.rssKb ?? 0) / 1024);
    const ttfb = summarize(firstBytes.filter((value) => value > 0));
    process.stdout.write(
      [
        '',
        `svc with ${streams} slow streams open at once (${PIECES} pieces over ${seconds} s each), ${availableParallelism()} CPU, node ${process.version}`,
        `completed with [DONE]: ${completed}/${streams}${failed ? ` (failed ${failed}; first: ${firstFailure})` : ''}, all done in ${wall.toFixed(1)} s`,
        `time to first byte through svc: p50 ${ttfb.p50.toFixed(1)} ms, p99 ${ttfb.p99.toFixed(1)} ms, max ${ttfb.max.toFixed(1)} ms`,
        `svc RSS: idle ${((idle?.rssKb ?? 0) / 1024).toFixed(0)} MB, peak ${peakRssMb.toFixed(0)} MB (VmHWM ${((final?.maxRssKb ?? 0) / 1024).toFixed(0)} MB; target < ${RSS_LIMIT_MB} MB): ${peakRssMb < RSS_LIMIT_MB ? 'within target' : 'ABOVE target'}`,
        '',
      ].join('\n'),
    );
    process.exitCode = completed === streams && peakRssMb < RSS_LIMIT_MB ? 0 : 1;
  } finally {
    await Promise.all([...children].map((child) => child.stop()));
    await agent.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  for (const child of children) void child.stop();
  process.exitCode = 1;
});

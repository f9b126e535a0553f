import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept before it collects again:
 * 40 % (a factor of 1.4). Left to itself V8 picks up to 4× when allocation is fast, which is what a busy
 * gateway does: it keeps 40–60 MB, and under load its heap filled with dead requests before a full collection.
 * Measured (`npm run bench`, 32 connections, proxy mode then governance on, one svc process): peak RSS 333 MB with
 * V8's choice against 260 MB at 40 %, CPU per request within run-to-run noise (117 / 141 µs against 106 / 136). An
 * earlier sweep (its svc carried ~40 MB the benchmark had loaded into it) put 50 % at 288 MB and 30 % at 269–274 MB
 * against 325 MB, 30 % at a few µs more CPU per request: 40 % is the middle. V8 reads the factor at each full
 * collection, so setting it once at start is enough.
 */
export const HEAP_GROWING_PERCENT = 40;

/**
 * The V8 settings svc makes when it starts (`svc serve`), each unless the operator gave the same flag in node's flags or
 * NODE_OPTIONS (V8 accepts dashes and underscores alike in a flag's name). Both are read by V8 at each collection, so
 * they take effect when set at run time; the young generation's size is not, and stays in `npm start`'s node flags.
 *
 * - The heap's growth between full collections, limited (HEAP_GROWING_PERCENT).
 * - Young-generation collections (scavenges) on the main thread alone. What a scavenge of svc copies is small (~40 KB
 *   at one exact-cache hit at a time, since the ledger's queued lines live off the heap), and on a small machine the
 *   helper threads a parallel scavenge waits for share the cores with the load: at one hit at a time the pause read
 *   0.5 ms at the median against 0.6 (p90 0.6 against 0.8), requests over 1 ms 0.99–1.34 % against 1.25–1.52 % of
 *   all in four rounds side by side, the CPU a request under 16 connections the same (bench:ab ×1.019 / ×1.000):
 *   bench/HISTORY.md, fifty-fifth session.
 */
const START_SETTINGS: ReadonlyArray<{ flag: string; operatorChose: RegExp }> = [
  { flag: `--heap-growing-percent=${HEAP_GROWING_PERCENT}`, operatorChose: /--heap[-_]growing[-_]percent\b/ },
  { flag: '--no-parallel-scavenge', operatorChose: /--(?:no[-_])?parallel[-_]scavenge\b/ },
];

/** Makes the start settings the operator did not choose; returns the flags it set. */
export function applyV8StartSettings(execArgv: readonly string[] = process.execArgv, nodeOptions: string = process.env.NODE_OPTIONS ?? ''): string[] {
  const given = `${execArgv.join(' ')} ${nodeOptions}`;
  const applied = START_SETTINGS.filter((setting) => !setting.operatorChose.test(given)).map((setting) => setting.flag);
  for (const flag of applied) setFlagsFromString(flag);
  return applied;
}

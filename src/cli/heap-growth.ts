import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept before it collects again:
 * 40 % (a factor of 1.4). Left to itself V8 picks up to 4× when allocation is fast, which is what a busy
 * gateway does: it keeps 40–60 MB, and under load its heap filled with dead requests before a full collection.
 * Measured (`npm run bench`, 32 connections, proxy mode then governance on, one svc process): peak RSS 333 MB with
 * V8's choice against 260 MB at 40 %, CPU per request within run-to-run noise (117 / 141 µs against 106 / 136). An
 * earlier sweep (its svc carried ~40 MB the benchmark had loaded into it) put 50 % at 288 MB and 30 % at 269–274 MB
 * against 325 MB, 30 % at a few µs more CPU per request: 40 % is the middle. V8 reads the factor at each full
 * collection, so setting it once at start is enough; an operator's own `--heap-growing-percent` (node flags or
 * NODE_OPTIONS) is kept.
 */
export const HEAP_GROWING_PERCENT = 40;

/** Sets the growing factor unless the operator set one; says whether it did. */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv, nodeOptions: string = process.env.NODE_OPTIONS ?? ''): boolean {
  if (OPERATOR_FLAG.test(`${execArgv.join(' ')} ${nodeOptions}`)) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}

/** V8 accepts dashes and underscores alike in a flag's name. */
const OPERATOR_FLAG = /--heap[-_]growing[-_]percent\b/;

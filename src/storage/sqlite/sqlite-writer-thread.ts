import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { connectionPragmas } from './sqlite-connection-settings.js';
import { PendingReplies } from '../../shared/pending-replies.js';

interface Reply {
  id: number;
  ok: boolean;
  /** Rows the batch's statements changed (an ignored duplicate changes none). */
  changes?: number;
  /** A read's rows. */
  rows?: unknown[];
  message?: string;
}

/**
 * The worker's body: it appends batches of rows (usage ledger, memory facts) to the SQLite file on a connection of its own
 * (WAL lets it write while the main thread reads), so better-sqlite3's synchronous writes never block
 * the event loop that serves requests. It is evaluated from this string so that it runs the same from
 * the TypeScript sources (tests) and from dist/ (workers do not inherit loader hooks).
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
// The thread runs at a lower priority than the event loop (its nice 10 more, 19 at most): its batches can wait a few
// milliseconds, an answer cannot. At the same priority a batch (~11 µs a row) took a core the caller's next request
// needed: the exact-cache hit's p99 read 1.27–1.41 ms, niced 0.76–0.95 ms. Linux only (a thread is a task whose id
// setpriority takes); the ledger kept up at saturation (queue depth under 250 rows).
try {
  const threadId = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  const os = require('node:os');
  if (threadId > 0) os.setPriority(threadId, Math.min(19, os.getPriority(threadId) + workerData.niceIncrement));
} catch {}
const Database = require(workerData.betterSqlitePath);
const database = new Database(workerData.filename);
for (const pragma of workerData.pragmas) database.pragma(pragma);
const inserts = {};
for (const [table, sql] of Object.entries(workerData.statements)) {
  const statement = database.prepare(sql);
  inserts[table] = database.transaction((rows) => {
    let changes = 0;
    for (const row of rows) changes += statement.run(row).changes;
    return changes;
  });
}
// Tables whose batches may come as records in JSON lines: each makes its rows with a function of svc's own module,
// imported here (through tsx when svc runs from its TypeScript sources: workers do not inherit loader hooks).
const rowsFromLines = {};
let loadFailure;
const sources = Object.entries(workerData.rowsFromLines);
const loaded = (async () => {
  if (sources.some(([, source]) => source.moduleUrl.endsWith('.ts'))) (await import('tsx/esm/api')).register();
  for (const [table, source] of sources) rowsFromLines[table] = (await import(source.moduleUrl))[source.exportName];
})().catch((error) => { loadFailure = error; });
function rowsOf(message) {
  if (message.journaled === undefined) return message.json === undefined ? message.rows : JSON.parse(message.json);
  const rows = rowsFromLines[message.table];
  if (!rows) throw new Error('no rows can be made from records for table ' + message.table + (loadFailure ? ': ' + loadFailure.message : ''));
  return rows(message.journaled);
}
function write(message) {
  return { changes: inserts[message.table](rowsOf(message)) };
}
// Reads that scan (a month of the ledger summed): each statement prepared once, a few dozen shapes at most.
const reads = new Map();
function read(message) {
  let statement = reads.get(message.read);
  if (!statement) {
    statement = database.prepare(message.read);
    if (!statement.reader) throw new Error('not a read: ' + message.read.slice(0, 80));
    if (reads.size >= 200) reads.clear();
    reads.set(message.read, statement);
  }
  return { rows: statement.all(message.parameters) };
}
function answer(message) {
  try {
    parentPort.postMessage({ id: message.id, ok: true, ...(message.read === undefined ? write(message) : read(message)) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, message: error && error.message ? error.message : String(error) });
  }
}
// Batches are written, and reads answered, in the order they came (a read sees every batch sent before it), the first
// ones once the modules above are loaded.
let turn = loaded;
parentPort.on('message', (message) => {
  turn = turn.then(() => answer(message));
});
`;

const betterSqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Whether the rows cross cheaper as one JSON text than cloned: every value survives JSON unchanged (a string, a finite
 * number or null) and no string is long. A long string is copied whole by the clone, where JSON escapes it again:
 * 200 stored responses (a 1.2 KB response and its conversation each) took 28–35 µs of the event loop a row as JSON,
 * 0.8–1.6 cloned (21 KB responses: 310–370 against 4–7).
 */
function crossesAsJson(rows: unknown[][]): boolean {
  for (const row of rows) {
    for (const value of row) {
      if (value === null) continue;
      if (typeof value === 'string') {
        if (value.length > LONG_STRING) return false;
        continue;
      }
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    }
  }
  return true;
}
const LONG_STRING = 256;

/** Only the module and export of each entry cross to the thread (a function would not). */
function modulesOf(rowsFromLines: Record<string, { moduleUrl: string; exportName: string }>): Record<string, { moduleUrl: string; exportName: string }> {
  return Object.fromEntries(Object.entries(rowsFromLines).map(([table, { moduleUrl, exportName }]) => [table, { moduleUrl, exportName }]));
}

/** How much lower the writer thread's scheduling priority is than the event loop's, on Linux (in nice steps; 19 is the lowest). */
export const WRITER_NICE_INCREMENT = 10;

/** The main-thread side of the row writer: one worker per database file, batches answered in order. */
const threadYoungGeneration = { maxYoungGenerationSizeMb: 4 };

export class SqliteWriterThread {
  private worker: Worker | undefined;
  private closed = false;
  private readonly replies = new PendingReplies<Reply>();
  private readonly workerData: Record<string, unknown>;

  /**
   * `statements`: per table, one row's INSERT with positional parameters, prepared once in the worker. `rowsFromLines`:
   * per table whose batches may come as records in JSON lines (insertLines), the module and export that make its rows.
   */
  constructor(filename: string, statements: Record<string, string>, busyTimeoutMs: number, rowsFromLines: Record<string, { moduleUrl: string; exportName: string }> = {}) {
    this.workerData = { filename, statements, pragmas: connectionPragmas(busyTimeoutMs), betterSqlitePath, rowsFromLines: modulesOf(rowsFromLines), niceIncrement: WRITER_NICE_INCREMENT };
    this.thread();
  }

  /**
   * The thread, started again when the last one died (a native crash, an out-of-memory): the batches that waited on
   * the dead one were rejected (the ledger's queue tries them again; rows are inserted ignoring duplicates), and the
   * next one starts a new thread rather than wait for ever on one that is gone.
   */
  private thread(): Worker {
    if (this.closed) throw new Error('the SQLite writer thread was closed');
    if (this.worker) return this.worker;
    // A 4 MB young generation: the thread allocates little per batch, and Node's default (up to 48 MB) held
    // ~15 MB more of the process's memory under load for nothing.
    const worker = new Worker(workerSource, { eval: true, workerData: this.workerData, resourceLimits: threadYoungGeneration });
    worker.on('message', (reply: Reply) => this.replies.answer(worker, reply.id, reply));
    const died = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.replies.rejectAll(error);
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`SQLite writer thread exited with code ${code}`)));
    // An idle worker must not keep the process alive; one with a batch in flight must (PendingReplies).
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Runs the named statement once a row, in one transaction; resolves with the rows it changed. */
  async run(table: string, rows: unknown[][]): Promise<number> {
    // Rows of strings, numbers and nulls (the ledger's) cross as one JSON text: a string is copied whole, where
    // the structured clone of the same arrays cost ~8 µs of CPU a row across both threads (1 µs as JSON, plus
    // the thread's parse). Rows holding anything else (a Buffer) or long texts are cloned (crossesAsJson).
    const reply = await this.send('SQLite write', crossesAsJson(rows) ? { table, json: JSON.stringify(rows) } : { table, rows });
    return reply.changes ?? 0;
  }

  /**
   * A read on the thread's connection, after every batch sent before it: for reads that scan, which on the event loop
   * would hold it for as long as SQLite takes (a month of a busy org's ledger summed: seconds).
   */
  async read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const reply = await this.send('SQLite read', { read: sql, parameters });
    return reply.rows ?? [];
  }

  /**
   * Records as JSON lines in UTF-8 bytes: the thread parses them and makes the rows (see the constructor's
   * `rowsFromLines`). Bytes, not strings: a batch of a few hundred ~760-byte lines joined in one string is a text past
   * V8's large-object bound (128 KB), and joining plus posting 500 of them took 2.5–3 ms of the event loop on a 2-vCPU
   * VM; as an array of strings they crossed in 0.4–0.5 ms, each copied. Bytes that are the whole of their ArrayBuffer
   * are moved to the thread (transferred), not copied.
   */
  async insertLines(table: string, journaled: Uint8Array): Promise<number> {
    const ownsItsBuffer = journaled.byteOffset === 0 && journaled.byteLength === journaled.buffer.byteLength && journaled.buffer instanceof ArrayBuffer;
    const reply = await this.send('SQLite write', { table, journaled }, ownsItsBuffer ? [journaled.buffer as ArrayBuffer] : undefined);
    return reply.changes ?? 0;
  }

  /** Posts a message under a new id and waits for its answer; `what` names a failure. Work in flight keeps the process alive. */
  private async send(what: string, message: Record<string, unknown>, transfer?: ArrayBuffer[]): Promise<Reply> {
    let reply: Reply;
    try {
      reply = await this.replies.post(this.thread(), (id) => Object.assign(message, { id }), transfer);
    } catch (error) {
      throw new Error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (!reply.ok) throw new Error(`${what} failed: ${reply.message}`);
    return reply;
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
    this.replies.rejectAll(new Error('the SQLite writer thread was closed'));
  }
}

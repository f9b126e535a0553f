import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

interface Reply {
  id: number;
  ok: boolean;
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
const Database = require(workerData.betterSqlitePath);
const database = new Database(workerData.filename);
database.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
database.pragma('synchronous = NORMAL');
const inserts = {};
for (const [table, sql] of Object.entries(workerData.statements)) {
  const statement = database.prepare(sql);
  inserts[table] = database.transaction((rows) => { for (const row of rows) statement.run(row); });
}
parentPort.on('message', (message) => {
  try {
    inserts[message.table](message.json === undefined ? message.rows : JSON.parse(message.json));
    parentPort.postMessage({ id: message.id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, message: error && error.message ? error.message : String(error) });
  }
});
`;

const betterSqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');

/** Whether every value of the rows survives JSON unchanged: a string, a finite number or null. */
function isPlainJson(rows: unknown[][]): boolean {
  for (const row of rows) {
    for (const value of row) {
      if (value === null || typeof value === 'string') continue;
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    }
  }
  return true;
}

/** The main-thread side of the row writer: one worker per database file, batches answered in order. */
const threadYoungGeneration = { maxYoungGenerationSizeMb: 4 };

export class SqliteWriterThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 1;

  /** `statements`: per table, one row's INSERT with positional parameters, prepared once in the worker. */
  constructor(filename: string, statements: Record<string, string>, busyTimeoutMs: number) {
    // A 4 MB young generation: the thread allocates little per batch, and Node's default (up to 48 MB) held
    // ~15 MB more of the process's memory under load for nothing.
    this.worker = new Worker(workerSource, { eval: true, workerData: { filename, statements, busyTimeoutMs, betterSqlitePath }, resourceLimits: threadYoungGeneration });
    this.worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.ok) waiting.resolve();
      else waiting.reject(new Error(`ledger write failed: ${reply.message}`));
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`SQLite writer thread exited with code ${code}`)));
    // An idle worker must not keep the process alive; one with a batch in flight must (see insert).
    this.worker.unref();
  }

  insert(table: string, rows: unknown[][]): Promise<void> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      // Rows of strings, numbers and nulls (the ledger's) cross as one JSON text: a string is copied whole, where
      // the structured clone of the same arrays cost ~8 µs of CPU a row across both threads (1 µs as JSON, plus
      // the thread's parse). Rows holding anything else (a Buffer) are cloned.
      if (isPlainJson(rows)) this.worker.postMessage({ id, table, json: JSON.stringify(rows) });
      else this.worker.postMessage({ id, table, rows });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}

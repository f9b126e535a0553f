import { appendFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { BoundedQueue } from '../shared/bounded-queue.js';
import { settlesBy } from '../shared/deadline.js';
import type { UsageRecord, UsageStore } from '../core/storage-interfaces.js';
import { journalEntry, journaledBytes, recordOf, type JournalEntry } from './journal-entry.js';
import type { UsageJournal } from './usage-journal.js';

export interface UsageLedgerOptions {
  flushIntervalMs: number;
  maxBatch: number;
  /** Bound of the in-memory queue; beyond it new records wait in the journal only, read back as the queue drains. */
  maxQueue: number;
  /** How often to look for journals left by other instances (default 60 s). */
  orphanSweepMs?: number;
}

export interface LedgerStorage {
  usage: UsageStore;
  /** Whether the database answers: a failed batch on a reachable database has bad rows; on an unreachable one it waits. */
  ping(): Promise<void>;
}

/** How often a running instance looks for journals left by others (a stale heartbeat is 30 s old). */
const ORPHAN_SWEEP_MS = 60_000;
/** Set-aside records read back from the journal at a time (each read waits until the queue is at most half full). */
const RECOVERY_CHUNK = 2_000;
/** How long an admin read of the ledger waits for the journal's backlog to be written (flushForRead). */
const READ_CATCH_UP_MS = 2_000;
/** A queue that stays full logs that it sets records aside at most this often. */
const SET_ASIDE_LOG_MS = 10_000;

/**
 * The usage ledger's write side. A record is journaled (one append to a local file) before the answer's
 * last byte leaves, then queued and written to the database in batches, so no caller waits on storage
 * and a crash loses nothing confirmed. A batch the database refuses is written row by row: a bad row goes
 * to the dead-letter table (or a file, if even that fails) and never blocks the others; while the database
 * is unreachable, batches wait. A record the full queue has no room for (a long outage) is set aside in the
 * journal, and read back from it once the queue has room: memory stays bounded, and the database gets every record
 * without waiting for a restart. `close()` writes everything that is queued; what is left waits in the journal.
 */
export class UsageLedger {
  private readonly queue: BoundedQueue<JournalEntry>;
  /** Looks again for journals whose writer is gone (another container's, once its heartbeat is stale). */
  private readonly orphanSweep: NodeJS.Timeout | undefined;
  /** The read-back of set-aside records under way (one at a time): resolves with the progress made (0: none). */
  private recovery: Promise<number> | undefined;
  private closing = false;
  private lastSetAsideLog = -Infinity;
  deadLettered = 0;

  constructor(
    private readonly storage: LedgerStorage,
    private readonly options: UsageLedgerOptions,
    private readonly logger: Logger,
    private readonly journal?: UsageJournal,
    private readonly deadLetterFile?: string,
  ) {
    this.queue = new BoundedQueue<JournalEntry>(
      { name: 'usage_ledger', maxItems: options.maxQueue, maxBatch: options.maxBatch, flushIntervalMs: options.flushIntervalMs },
      (batch) => this.write(batch),
      {
        onFailure: (error, batchSize) => logger.error({ err: error, batch: batchSize }, 'usage ledger write failed (database unreachable?); will retry'),
        onDrop: (dropped) => this.reportSetAside(dropped),
        onLoss: (lost) => logger.error({ lost }, 'usage ledger could not be written at shutdown: the records stay in the journal for the next start'),
      },
    );
    if (journal) {
      this.orphanSweep = setInterval(() => {
        try {
          this.replayOrphans();
        } catch (error) {
          logger.error({ err: error }, 'usage journal: looking for orphaned journals failed');
        }
      }, options.orphanSweepMs ?? ORPHAN_SWEEP_MS);
      this.orphanSweep.unref();
    }
  }

  get pending(): number {
    return this.queue.depth;
  }

  get dropped(): number {
    return this.queue.dropped;
  }

  /** The queue, for its back-pressure metrics. */
  get backlog(): BoundedQueue<JournalEntry> {
    return this.queue;
  }

  /**
   * Journals the record — usage and audit details — and queues it. The journal's line is written with the others
   * of this turn of the event loop: an answer waits for `whenJournaled()` (or calls `journalNow()`) before it leaves.
   */
  record(entry: UsageRecord): void {
    if (!this.journal) {
      this.queue.push(journalEntry(undefined as never, 0, entry, undefined));
      return;
    }
    this.enqueue(this.journal, this.journal.append(entry, this.takesJournaledText));
  }

  /** Queues a journaled entry, or sets it aside in the journal when the queue is full. */
  private enqueue(journal: UsageJournal, entry: JournalEntry): void {
    if (!this.queue.push(entry)) journal.setAside(entry);
  }

  /** Records waiting in the journal only, for room in the queue. */
  get setAside(): number {
    return this.journal?.setAsideCount ?? 0;
  }

  /** Whether the store takes the journal's lines (no second serialization of each record): they are then kept with the entries. */
  private get takesJournaledText(): boolean {
    return this.storage.usage.insertJournaledUsage !== undefined;
  }

  /** Resolves when every record so far is in the journal file; undefined when none waits (or there is no journal). */
  whenJournaled(): Promise<void> | undefined {
    return this.journal?.whenWritten();
  }

  /** Writes the records not yet in the journal file now. */
  journalNow(): void {
    this.journal?.writeNow();
  }

  /**
   * Claims the journals of processes that are gone (a crash, a kill -9) and reads their records back into the queue a chunk
   * at a time (written idempotently by request id: the database ignores those it has). Returns the segments claimed.
   */
  replayOrphans(): number {
    const claimed = this.journal?.claimOrphans() ?? 0;
    if (claimed === 0) return 0;
    this.logger.warn({ segments: claimed }, 'usage journal: replaying the records of a process that stopped before writing them');
    this.readBackSetAside();
    return claimed;
  }

  /**
   * Writes what is queued, and what waits in the journal only (set aside, or claimed from a process that is gone): a
   * monthly counter seeded right after counts every record so far. Stops at the first batch the database does not take
   * (it stays queued for the next flush).
   */
  async flush(): Promise<void> {
    await this.queue.flush();
    while (this.queue.depth === 0 && !this.closing && this.journal?.hasSetAside) {
      const reading = this.recovery ?? this.readBackSetAside();
      if (!reading || (await reading) === 0) return;
      await this.queue.flush();
    }
  }

  /**
   * The flush before an admin read of the ledger (a summary, the audit trail), waited for `waitMs` at most: after a long
   * outage the journal's catch-up can take minutes, which a read does not wait for (it goes on).
   */
  async flushForRead(waitMs = READ_CATCH_UP_MS): Promise<void> {
    await settlesBy(this.flush(), Date.now() + waitMs);
  }

  /** Writes what is queued, until `giveUpAt` at the latest (what is left stays in the journal for the next start). */
  async close(giveUpAt?: number): Promise<void> {
    clearInterval(this.orphanSweep);
    this.closing = true;
    await this.recovery;
    await this.queue.close(giveUpAt);
    this.journal?.close();
  }

  private async write(batch: JournalEntry[]): Promise<void> {
    try {
      const journaled = this.storage.usage.insertJournaledUsage ? journaledBytes(batch) : undefined;
      await (journaled ? this.storage.usage.insertJournaledUsage!(journaled) : this.storage.usage.insertUsage(batch.map(recordOf)));
    } catch (error) {
      // Unreachable database: keep the batch (it is in the journal too) and retry later.
      await this.storage.ping();
      // Reachable: some rows are bad. Each is tried alone; those that still fail go to the dead letters.
      this.logger.warn({ err: error, batch: batch.length }, 'usage ledger batch refused: writing its rows one by one');
      for (const record of batch.map(recordOf)) {
        try {
          await this.storage.usage.insertUsage([record]);
        } catch (rowError) {
          await this.deadLetter(record, rowError);
        }
      }
    }
    this.journal?.markWritten(batch);
    this.readBackSetAside();
  }

  /**
   * After a batch is written: set-aside records are read back from the journal into the queue, a chunk at a time, while
   * it is at most half full — so that the records of the requests still coming find room, and none is set aside again.
   */
  private readBackSetAside(): Promise<number> | undefined {
    const journal = this.journal;
    if (!journal || this.recovery || this.closing || !journal.hasSetAside) return this.recovery;
    const room = this.options.maxQueue - this.queue.depth;
    if (room < this.options.maxQueue / 2) return undefined;
    this.recovery = journal
      .takeSetAside(Math.min(room, RECOVERY_CHUNK), this.takesJournaledText)
      .catch((failure: unknown) => ({ entries: [], lost: 0, finished: 0, failure }))
      .then(({ entries, lost, finished, failure }) => {
        // Cleared first: the pushes below may write a batch at once, whose end asks for the next chunk.
        this.recovery = undefined;
        if (lost > 0) this.logger.error({ lost }, 'usage journal: set-aside records missing from their segment file (a failed write): not written');
        if (failure !== undefined) this.logger.error({ err: failure }, 'usage journal: reading set-aside records back failed; will retry');
        for (const entry of entries) this.enqueue(journal, entry);
        // Nothing read back (lines still being written, a file that could not be read): no batch will ask again, so a timer does.
        if (entries.length === 0) this.readBackLater();
        return failure === undefined ? entries.length + lost + finished : 0;
      });
    return this.recovery;
  }

  private readBackLater(): void {
    if (this.closing || !this.journal?.hasSetAside) return;
    setTimeout(() => this.readBackSetAside(), this.options.flushIntervalMs).unref();
  }

  /** The queue was full: the record waits in the journal (logged once per stretch of SET_ASIDE_LOG_MS, not per record). */
  private reportSetAside(dropped: number): void {
    const now = Date.now();
    if (now - this.lastSetAsideLog < SET_ASIDE_LOG_MS) return;
    this.lastSetAsideLog = now;
    this.logger.error({ setAsideSoFar: dropped }, 'usage ledger queue full (database slow or down): records wait in the journal, written once the queue has room');
  }

  private async deadLetter(record: UsageRecord, error: unknown): Promise<void> {
    this.deadLettered++;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.error({ requestId: record.request_id, reason }, 'usage row could not be written: moved to the dead letters');
    try {
      await this.storage.usage.insertDeadLetter(record, reason);
    } catch (deadLetterError) {
      if (!this.deadLetterFile) throw deadLetterError;
      await appendFile(this.deadLetterFile, `${JSON.stringify({ record, error: reason, at: new Date().toISOString() })}\n`);
    }
  }
}


import type { Logger } from 'pino';
import { BoundedQueue } from '../shared/bounded-queue.js';
import type { UsageRecord, UsageStore } from '../storage/storage-types.js';

export interface UsageLedgerOptions {
  flushIntervalMs: number;
  maxBatch: number;
  /** Bound of the in-memory queue; beyond it new records are counted as dropped and logged. */
  maxQueue: number;
}

/**
 * The usage ledger's write side: records are queued after the response and written in batches, so
 * no caller waits on storage. A failed write keeps the batch queued for the next flush; `close()`
 * flushes everything that is queued (a clean stop loses nothing).
 */
export class UsageLedger {
  private readonly queue: BoundedQueue<UsageRecord>;

  constructor(store: UsageStore, options: UsageLedgerOptions, logger: Logger) {
    this.queue = new BoundedQueue<UsageRecord>(
      { name: 'usage_ledger', maxItems: options.maxQueue, maxBatch: options.maxBatch, flushIntervalMs: options.flushIntervalMs },
      (batch) => store.insertUsage(batch),
      {
        onFailure: (error, batchSize) => logger.error({ err: error, batch: batchSize }, 'usage ledger write failed; will retry'),
        onDrop: (dropped) => logger.error({ dropped }, 'usage ledger queue full: record dropped'),
        onLoss: (lost) => logger.error({ lost }, 'usage ledger could not be flushed at shutdown'),
      },
    );
  }

  get pending(): number {
    return this.queue.depth;
  }

  get dropped(): number {
    return this.queue.dropped;
  }

  /** The queue, for its back-pressure metrics. */
  get backlog(): BoundedQueue<UsageRecord> {
    return this.queue;
  }

  record(entry: UsageRecord): void {
    this.queue.push(entry);
  }

  flush(): Promise<void> {
    return this.queue.flush();
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

import type { Logger } from 'pino';
import type { RecordStore, UsageRecord } from '../storage/storage-types.js';

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
  private queue: UsageRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;
  dropped = 0;

  constructor(
    private readonly store: RecordStore,
    private readonly options: UsageLedgerOptions,
    private readonly logger: Logger,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs);
    this.timer.unref();
  }

  get pending(): number {
    return this.queue.length;
  }

  record(entry: UsageRecord): void {
    if (this.queue.length >= this.options.maxQueue) {
      this.dropped++;
      this.logger.error({ requestId: entry.request_id, dropped: this.dropped }, 'usage ledger queue full: record dropped');
      return;
    }
    this.queue.push(entry);
    if (this.queue.length >= this.options.maxBatch) void this.flush();
  }

  /** Writes everything queued; concurrent calls share one flush. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.queue.length === 0) return Promise.resolve();
    this.flushing = this.drain().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.options.maxBatch);
      try {
        await this.store.insertUsage(batch);
        this.queue.splice(0, batch.length);
      } catch (error) {
        this.logger.error({ err: error, batch: batch.length }, 'usage ledger write failed; will retry');
        return;
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    // A flush may be running; wait for it, then write the rest (retrying a failed batch a few times).
    for (let attempt = 0; attempt < 5 && (this.queue.length > 0 || this.flushing); attempt++) {
      await this.flush();
      if (this.queue.length > 0) await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
    if (this.queue.length > 0) this.logger.error({ lost: this.queue.length }, 'usage ledger could not be flushed at shutdown');
  }
}

import { setTimeout as delay } from 'node:timers/promises';
import { settlesBy } from './deadline.js';

export interface BoundedQueueOptions {
  /** Name in log lines and metrics. */
  name: string;
  /** Most items waiting; beyond it new items are dropped and counted. */
  maxItems: number;
  /** Most items handed to the handler at once. */
  maxBatch: number;
  /** An item waits at most this long for a flush to start (a failed batch: this long before it is tried again). */
  flushIntervalMs: number;
}

export interface QueueObserver {
  /** A batch could not be handled; it stays queued for the next flush. */
  onFailure?(error: unknown, batchSize: number): void;
  /** An item was refused because the queue was full. */
  onDrop?(dropped: number): void;
  /** Items still queued when close() gave up. */
  onLoss?(lost: number): void;
}

/**
 * The one queue type for work the caller need not wait for (ledger rows, audit records, cache and
 * memory stores): bounded, drained in batches by one handler, a failed batch kept for the next flush,
 * flushed on close. `depth` and `dropped` are its back-pressure figures.
 *
 * Its timer runs only while items wait: an idle gateway's queues wake nobody (the exact and semantic caches' write queues
 * flush every 50 ms, and as intervals they woke an idle svc 20 times a second for nothing).
 */
export class BoundedQueue<T> {
  private items: T[] = [];
  /** One timer for the queue's life, re-armed with refresh() (no allocation); `timerArmed` while it is due to fire. */
  private readonly timer: NodeJS.Timeout;
  private timerArmed = true;
  private flushing: Promise<void> | undefined;
  /**
   * Items the running drain still owes a flush (those queued when it was asked for, the oldest first): handed over
   * however few. Items queued later wait for a full batch or the next flush.
   */
  private owed = 0;
  private closed = false;
  dropped = 0;

  constructor(
    private readonly options: BoundedQueueOptions,
    private readonly handler: (batch: T[]) => Promise<void>,
    private readonly observer: QueueObserver = {},
  ) {
    this.timer = setTimeout(() => this.onTimer(), options.flushIntervalMs);
    this.timer.unref();
  }

  get depth(): number {
    return this.items.length;
  }

  get name(): string {
    return this.options.name;
  }

  /** Queues an item; false when the queue is full (the item is dropped and counted). */
  push(item: T): boolean {
    if (this.items.length >= this.options.maxItems) {
      this.dropped++;
      this.observer.onDrop?.(this.dropped);
      return false;
    }
    this.items.push(item);
    if (this.items.length >= this.options.maxBatch && !this.flushing) this.startDrain();
    this.armTimer();
    return true;
  }

  /** Starts the timer unless it is already due: a timer pushed back at each item would never fire under steady traffic. */
  private armTimer(): void {
    if (this.timerArmed || this.closed) return;
    this.timerArmed = true;
    this.timer.refresh();
  }

  private onTimer(): void {
    this.timerArmed = false;
    // What is still queued after the flush (a failed batch, items queued meanwhile) waits for the next.
    void this.flush().finally(() => {
      if (this.items.length > 0) this.armTimer();
    });
  }

  /** Hands everything queued so far to the handler; concurrent calls share one flush. */
  flush(): Promise<void> {
    if (!this.flushing && this.items.length === 0) return Promise.resolve();
    // A drain already running sees it before its next batch (the batch it is writing is counted: it is still queued).
    this.owed = this.items.length;
    return this.flushing ?? this.startDrain();
  }

  private startDrain(): Promise<void> {
    this.flushing = this.drain().finally(() => {
      this.flushing = undefined;
      this.owed = 0;
    });
    return this.flushing;
  }

  /**
   * Stops the timer and flushes what is queued, retrying a failed batch a few times, until `giveUpAt` (a `Date.now()`
   * value) at the latest: a handler waiting on a store that stopped answering is left running, and what is still queued
   * (its batch included) is reported to `onLoss`.
   */
  async close(giveUpAt = Infinity): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    for (let attempt = 0; attempt < 5 && (this.items.length > 0 || this.flushing); attempt++) {
      if (!(await settlesBy(this.flush(), giveUpAt))) break;
      if (this.items.length > 0) await settlesBy(delay(100 * (attempt + 1)), giveUpAt);
    }
    if (this.items.length > 0) this.observer.onLoss?.(this.items.length);
  }

  /**
   * Hands over batches while a full one waits, and those a flush is owed. What is queued while a batch is written waits
   * for the next full batch, flush or timer: under load, the items queued while a batch was written used to go at once
   * in batches of a few (the ledger wrote ~1,300 batches of 1–49 rows beside ~360 of 50 in 30,000 requests), each
   * costing its writer a round trip and a transaction — and a flush (the timer's) went on so for as long as traffic
   * came: under steady load the ledger then wrote a transaction of ~12 rows every 27 ms instead of one of 200.
   */
  private async drain(): Promise<void> {
    while (this.items.length >= this.options.maxBatch || (this.owed > 0 && this.items.length > 0)) {
      const batch = this.items.slice(0, this.options.maxBatch);
      try {
        await this.handler(batch);
      } catch (error) {
        this.observer.onFailure?.(error, batch.length);
        return;
      }
      this.items.splice(0, batch.length);
      this.owed = Math.max(0, this.owed - batch.length);
    }
  }
}

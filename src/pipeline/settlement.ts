import type { MeteredUsage } from '../core/metered-usage.js';
import { estimateMissingUsage, priceRequest, type PlatformFees } from './accounting.js';
import type { RequestContext } from './request-context.js';

/**
 * Work that runs exactly once per request when its outcome is known — also for a failed request and a
 * cut stream: the limits' settlement, the usage ledger, and later the cache and memory stores and the
 * audit trail. Each item only computes or queues; nothing here waits on storage. The request is priced
 * by then.
 */
export interface AfterWork {
  readonly name: string;
  run(context: RequestContext): void;
}

/** The records the after-work kept, durable before the answer that they account for leaves. */
export interface Durability {
  /** Resolves when they are (a group write at the end of the event loop's turn); undefined when nothing waits. */
  whenDurable(): Promise<void> | undefined;
  /** Makes them durable now (a cut stream, a failed render, an answer outside the chains: written at once, without waiting for the turn's end). */
  now(): void;
}

/** One request's accounting, owned by the runner: priced when its usage is known, settled once. */
export class Settlement {
  /** The usage the current price was computed from. */
  private pricedUsage: MeteredUsage | undefined;
  private settled = false;

  constructor(
    private readonly context: RequestContext,
    private readonly afterWork: readonly AfterWork[],
    private readonly onAfterWorkError: (error: unknown, work: string, context: RequestContext) => void,
    private readonly durability: Durability,
    private readonly fees?: PlatformFees,
  ) {}

  price(): void {
    priceRequest(this.context, this.fees);
    this.pricedUsage = this.context.usage;
  }

  /** Prices again when the usage changed since the last price (a stream's usage chunk passed). */
  priceIfChanged(): void {
    if (this.context.usage !== this.pricedUsage) this.price();
  }

  /** Records the status and runs the after-work; later calls do nothing. Its records wait for the turn's group write (see below). */
  private settle(status: number): void {
    if (this.settled) return;
    this.settled = true;
    const context = this.context;
    context.status = status;
    estimateMissingUsage(context);
    if (context.cost === undefined) this.price();
    else this.priceIfChanged();
    for (const work of this.afterWork) {
      try {
        work.run(context);
      } catch (error) {
        this.onAfterWorkError(error, work.name, context);
      }
    }
  }

  /**
   * Settles, when not settled yet, and returns what to await before the answer's end goes out: the turn's group write
   * (a whole answer's first byte, a stream's closing events and an error answer wait for it).
   */
  settleDurably(status: number): Promise<void> | undefined {
    if (this.settled) return undefined;
    this.settle(status);
    return this.durability.whenDurable();
  }

  /** Settles, when not settled yet, and writes the records at once: a cut stream, a failed render, an answer outside the chains. */
  settleAtOnce(status: number): void {
    if (this.settled) return;
    this.settle(status);
    this.durability.now();
  }
}

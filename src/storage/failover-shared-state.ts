import type { Logger } from 'pino';
import { MemorySharedState } from './memory/memory-shared-state.js';
import type { RateCheck, RateOutcome } from '../shared/gcra.js';
import type { ReserveCheck, ReserveOutcome, SetOptions, SharedState } from '../core/shared-state.js';

const REFUSAL_LOG_INTERVAL_MS = 60_000;

export interface FailoverEvents {
  /** Shared state became unreachable: this instance now keeps its state in process. */
  onDegraded?(error: unknown): void;
  /** Shared state is back: this instance shares again. */
  onRecovered?(): void;
}

/**
 * Redis down is not an outage: while the shared state fails, every operation is served from an
 * in-process state (limits and rotation then hold per instance, not across them), the outage is logged
 * once, and the shared state is pinged every `probeIntervalMs` until it answers; then sharing resumes.
 * Programming errors (a bad TTL) are not outages: they are thrown as they are. Nor is a refusal of one operation
 * (Redis's WRONGTYPE for a key of another type, see SharedState.isOutage): that operation alone is served in process
 * and logged, and everything else goes on being shared.
 */
export class FailoverSharedState implements SharedState {
  readonly kind: SharedState['kind'];
  private readonly fallback = new MemorySharedState();
  private degradedSince: number | undefined;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;
  /** When a refused operation was last logged, and how many were refused since: one line a minute at most. */
  private refusalLoggedAt = 0;
  private refusalsUnlogged = 0;

  constructor(
    private readonly shared: SharedState,
    private readonly logger: Logger,
    private readonly events: FailoverEvents = {},
    private readonly probeIntervalMs = 1000,
  ) {
    this.kind = shared.kind;
  }

  /** Whether this instance is running on its in-process fallback. */
  get degraded(): boolean {
    return this.degradedSince !== undefined;
  }

  increment(key: string, amount: number, ttlMs: number): Promise<number> {
    return this.run((state) => state.increment(key, amount, ttlMs));
  }

  adjustIfPresent(key: string, amount: number): Promise<boolean> {
    return this.run((state) => state.adjustIfPresent(key, amount));
  }

  get(key: string): Promise<string | undefined> {
    return this.run((state) => state.get(key));
  }

  set(key: string, value: string, ttlMs?: number, options?: SetOptions): Promise<void> {
    return this.run((state) => state.set(key, value, ttlMs, options));
  }

  delete(key: string): Promise<void> {
    return this.run((state) => state.delete(key));
  }

  ttl(key: string): Promise<number | undefined> {
    return this.run((state) => state.ttl(key));
  }

  setIfAbsent(key: string, value: string, ttlMs: number, options?: SetOptions): Promise<boolean> {
    return this.run((state) => state.setIfAbsent(key, value, ttlMs, options));
  }

  acquireRate(checks: RateCheck[]): Promise<RateOutcome> {
    return this.run((state) => state.acquireRate(checks));
  }

  adjustRate(check: Omit<RateCheck, 'cost'>, delta: number): Promise<void> {
    return this.run((state) => state.adjustRate(check, delta));
  }

  reserve(checks: ReserveCheck[], ttlMs: number): Promise<ReserveOutcome> {
    return this.run((state) => state.reserve(checks, ttlMs));
  }

  appendLog(key: string, value: string, maxLength: number, ttlMs: number, options?: { pinned?: boolean }): Promise<{ id: string; started: boolean }> {
    return this.run((state) => state.appendLog(key, value, maxLength, ttlMs, options));
  }

  readLog(key: string, afterId: string, count: number): Promise<Array<{ id: string; value: string }>> {
    return this.run((state) => state.readLog(key, afterId, count));
  }

  publish(channel: string, message: string): Promise<void> {
    // While degraded the message reaches this instance only; others learn it when their caches expire.
    return this.run((state) => state.publish(channel, message));
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    await this.fallback.subscribe(channel, handler);
    try {
      await this.shared.subscribe(channel, handler);
    } catch (error) {
      // The subscription is restored when the connection comes back.
      this.degrade(error);
    }
  }

  /**
   * Reports the shared state's own health (readiness shows it), not the fallback's. When it answers while this
   * instance is on its fallback, sharing resumes at once rather than at the next probe: "ready" then means
   * "sharing", never "Redis is back but this instance still keeps its limits alone".
   */
  async ping(): Promise<void> {
    await this.shared.ping();
    this.resume();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.probe) clearInterval(this.probe);
    await Promise.allSettled([this.shared.close(), this.fallback.close()]);
  }

  private async run<T>(operation: (state: SharedState) => Promise<T>): Promise<T> {
    if (this.degradedSince !== undefined) return operation(this.fallback);
    try {
      return await operation(this.shared);
    } catch (error) {
      if (error instanceof RangeError || error instanceof TypeError) throw error;
      if (this.shared.isOutage?.(error) === false) this.refused(error);
      else this.degrade(error);
      return operation(this.fallback);
    }
  }

  private refused(error: unknown): void {
    this.refusalsUnlogged++;
    const now = Date.now();
    if (now - this.refusalLoggedAt < REFUSAL_LOG_INTERVAL_MS) return;
    this.logger.error(
      { err: error, sharedState: this.kind, refused: this.refusalsUnlogged },
      'shared state refused an operation: served in process for that operation alone (a key of the wrong type left by another program or version?)',
    );
    this.refusalLoggedAt = now;
    this.refusalsUnlogged = 0;
  }

  private degrade(error: unknown): void {
    if (this.degradedSince !== undefined || this.closed) return;
    this.degradedSince = Date.now();
    this.logger.warn({ err: error, sharedState: this.kind }, 'shared state unreachable: keeping state in process until it is back (limits and key rotation hold per instance meanwhile)');
    this.events.onDegraded?.(error);
    this.probe = setInterval(() => void this.tryRecover(), this.probeIntervalMs);
    this.probe.unref();
  }

  private async tryRecover(): Promise<void> {
    try {
      await this.shared.ping();
    } catch {
      return;
    }
    this.resume();
  }

  private resume(): void {
    if (this.degradedSince === undefined) return;
    clearInterval(this.probe);
    this.probe = undefined;
    this.logger.warn({ sharedState: this.kind, outageMs: Date.now() - this.degradedSince }, 'shared state reachable again: sharing resumed');
    this.degradedSince = undefined;
    this.events.onRecovered?.();
  }
}

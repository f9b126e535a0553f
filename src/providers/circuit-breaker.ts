import type { Clock } from '../shared/lru-cache.js';
import type { SharedState } from '../core/shared-state.js';

export interface CircuitBreakerOptions {
  /** The sliding window over which the failure ratio is measured. */
  windowMs: number;
  /** Fewer calls than this in the window never open the circuit, whatever their ratio. */
  minimumCalls: number;
  /** The share of failed calls in the window (0..1) at which the circuit opens. */
  failureRatio: number;
  /** How long an open circuit rejects calls before letting one probe through (half-open). */
  cooldownMs: number;
}

export const defaultCircuitBreakerOptions: CircuitBreakerOptions = { windowMs: 10_000, minimumCalls: 20, failureRatio: 0.5, cooldownMs: 30_000 };

export type CircuitState = 'closed' | 'open' | 'half_open';

/** Buckets of the sliding window: counts per tenth of it. */
const BUCKETS = 10;

/** Calls and failures of one target over the last window, in this process. */
class SlidingWindow {
  private readonly calls = new Array<number>(BUCKETS).fill(0);
  private readonly failures = new Array<number>(BUCKETS).fill(0);
  private readonly starts = new Array<number>(BUCKETS).fill(0);

  constructor(private readonly bucketMs: number) {}

  add(now: number, failed: boolean): void {
    const bucketStart = now - (now % this.bucketMs);
    const index = Math.floor(bucketStart / this.bucketMs) % BUCKETS;
    if (this.starts[index] !== bucketStart) {
      this.starts[index] = bucketStart;
      this.calls[index] = 0;
      this.failures[index] = 0;
    }
    this.calls[index]++;
    if (failed) this.failures[index]++;
  }

  totals(now: number): { calls: number; failures: number } {
    let calls = 0;
    let failures = 0;
    const oldest = now - this.bucketMs * BUCKETS;
    for (let index = 0; index < BUCKETS; index++) {
      if (this.starts[index] > oldest) {
        calls += this.calls[index];
        failures += this.failures[index];
      }
    }
    return { calls, failures };
  }

  reset(): void {
    this.calls.fill(0);
    this.failures.fill(0);
    this.starts.fill(0);
  }
}

/**
 * A circuit per upstream target (provider + model) that opens on an error RATE, not a count: when, over
 * the sliding window, at least `minimumCalls` calls were made and at least `failureRatio` of them failed.
 * Calls are counted in this process (no shared-state write per request); the open state is shared, so
 * one replica's decision holds for all. Open → after `cooldownMs` one probe is let through (half-open,
 * one per cool-down across replicas) → its success closes, its failure re-opens.
 */
export class CircuitBreaker {
  private readonly windows = new Map<string, SlidingWindow>();
  /**
   * Targets this instance found closed, and until when it trusts that without reading shared state:
   * a healthy target costs no shared-state read per request. A circuit opened by another replica is
   * seen within `localTrustMs`; a failure seen here drops the trust at once.
   */
  private readonly trustedClosedUntil = new Map<string, number>();
  /** Targets whose half-open probe this instance holds. */
  private readonly probing = new Set<string>();

  constructor(
    private readonly state: SharedState,
    readonly options: CircuitBreakerOptions = defaultCircuitBreakerOptions,
    private readonly localTrustMs = 1000,
    private readonly clock: Clock = Date.now,
  ) {}

  /** The targets this instance has called (their calls are counted here). */
  knownTargets(): string[] {
    return [...this.windows.keys()];
  }

  async stateOf(target: string): Promise<CircuitState> {
    const openUntil = await this.openUntil(target);
    if (openUntil === undefined) return 'closed';
    return this.clock() < openUntil ? 'open' : 'half_open';
  }

  /** Whether this instance trusts the target's circuit to be closed without reading shared state (admit would say yes). */
  trustsClosed(target: string): boolean {
    return (this.trustedClosedUntil.get(target) ?? 0) > this.clock();
  }

  /** Whether a call may go to the target now: always when closed, never when open, in half-open only the probe. */
  async admit(target: string): Promise<boolean> {
    if (this.trustsClosed(target)) return true;
    const now = this.clock();
    const openUntil = await this.openUntil(target);
    if (openUntil === undefined) {
      this.trustedClosedUntil.set(target, now + this.localTrustMs);
      return true;
    }
    if (now < openUntil) return false;
    // Half-open: the first caller after this opening's cool-down, on any replica, is the probe.
    const probe = (await this.state.increment(`circuit:${target}:probe:${openUntil}`, 1, this.options.cooldownMs)) === 1;
    if (probe) this.probing.add(target);
    return probe;
  }

  /** Counts a success; a promise only when it was the half-open probe (the circuit is closed in shared state). */
  recordSuccess(target: string): Promise<void> | undefined {
    this.windowOf(target).add(this.clock(), false);
    if (!this.probing.delete(target)) return undefined;
    // The probe succeeded: close for everyone and start counting afresh.
    this.windowOf(target).reset();
    return this.state.delete(`circuit:${target}:open`).then(() => undefined);
  }

  /** Returns the state after the failure. */
  async recordFailure(target: string): Promise<CircuitState> {
    const now = this.clock();
    this.trustedClosedUntil.delete(target);
    const window = this.windowOf(target);
    window.add(now, true);
    if (this.probing.delete(target)) {
      await this.open(target, now);
      return 'open';
    }
    const { calls, failures } = window.totals(now);
    if (calls >= this.options.minimumCalls && failures / calls >= this.options.failureRatio) {
      await this.open(target, now);
      return 'open';
    }
    return 'closed';
  }

  private async open(target: string, now: number): Promise<void> {
    this.windowOf(target).reset();
    // Kept well past the cool-down: after it the circuit is half-open until a probe decides.
    await this.state.set(`circuit:${target}:open`, String(now + this.options.cooldownMs), this.options.cooldownMs * 20);
  }

  private async openUntil(target: string): Promise<number | undefined> {
    const value = await this.state.get(`circuit:${target}:open`);
    return value === undefined ? undefined : Number(value);
  }

  private windowOf(target: string): SlidingWindow {
    let window = this.windows.get(target);
    if (!window) {
      window = new SlidingWindow(Math.max(1, Math.floor(this.options.windowMs / BUCKETS)));
      this.windows.set(target, window);
    }
    return window;
  }
}

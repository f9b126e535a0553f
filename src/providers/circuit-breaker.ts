import type { SharedState } from '../storage/storage-types.js';

export interface CircuitBreakerOptions {
  /** Failures within `windowMs` that open the circuit. */
  failureThreshold: number;
  windowMs: number;
  /** How long an open circuit rejects calls before letting one through (half-open). */
  cooldownMs: number;
}

export type CircuitState = 'closed' | 'open' | 'half_open';

/**
 * A circuit per upstream target (provider + model), kept in SharedState so replicas agree.
 * Closed → open after `failureThreshold` failures in `windowMs`; open → half-open after `cooldownMs`;
 * in half-open one failure re-opens at once and a success closes.
 */
export class CircuitBreaker {
  /**
   * Targets this instance found closed, and until when it trusts that without asking SharedState again:
   * a healthy target then costs no shared-state read per request. A circuit opened by another replica is
   * seen within `localTrustMs`; a failure seen here drops the trust at once.
   */
  private readonly trustedClosedUntil = new Map<string, number>();

  constructor(
    private readonly state: SharedState,
    readonly options: CircuitBreakerOptions = { failureThreshold: 5, windowMs: 30_000, cooldownMs: 30_000 },
    private readonly localTrustMs = 1000,
  ) {}

  async stateOf(target: string): Promise<CircuitState> {
    const [open, halfOpen] = await Promise.all([this.state.get(`circuit:${target}:open`), this.state.get(`circuit:${target}:half`)]);
    if (open !== undefined) return 'open';
    return halfOpen !== undefined ? 'half_open' : 'closed';
  }

  /**
   * Whether a call may go to the target now: always when closed, never when open, and in half-open
   * only the first caller per cool-down period (the probe) — replicas included, through SharedState.
   */
  async admit(target: string): Promise<boolean> {
    const now = Date.now();
    if ((this.trustedClosedUntil.get(target) ?? 0) > now) return true;
    const state = await this.stateOf(target);
    if (state === 'closed') {
      this.trustedClosedUntil.set(target, now + this.localTrustMs);
      return true;
    }
    if (state === 'open') return false;
    return (await this.state.increment(`circuit:${target}:probe`, 1, this.options.cooldownMs)) === 1;
  }

  async recordSuccess(target: string): Promise<void> {
    if ((this.trustedClosedUntil.get(target) ?? 0) > Date.now()) return;
    const halfOpen = await this.state.get(`circuit:${target}:half`);
    if (halfOpen !== undefined) {
      await Promise.all([this.state.delete(`circuit:${target}:half`), this.state.delete(`circuit:${target}:failures`), this.state.delete(`circuit:${target}:probe`)]);
    }
  }

  /** Returns the state after the failure. */
  async recordFailure(target: string): Promise<CircuitState> {
    this.trustedClosedUntil.delete(target);
    const halfOpen = await this.state.get(`circuit:${target}:half`);
    const failures = await this.state.increment(`circuit:${target}:failures`, 1, this.options.windowMs);
    if (halfOpen !== undefined || failures >= this.options.failureThreshold) {
      await this.open(target);
      return 'open';
    }
    return 'closed';
  }

  private async open(target: string): Promise<void> {
    await Promise.all([
      this.state.set(`circuit:${target}:open`, '1', this.options.cooldownMs),
      // The half-open marker outlives the open period: after it, one failure is enough to re-open.
      this.state.set(`circuit:${target}:half`, '1', this.options.cooldownMs * 4),
      this.state.delete(`circuit:${target}:failures`),
      this.state.delete(`circuit:${target}:probe`),
    ]);
  }
}

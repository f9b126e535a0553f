/**
 * The Generic Cell Rate Algorithm, the rate limit of rpm and tpm: a limit of L per window W lets each unit
 * "cost" T = W / L of time; the state is one timestamp, the theoretical arrival time (TAT) at which the
 * bucket is empty again. A request of cost c is allowed when max(TAT, now) + c·T − now ≤ W, i.e. when
 * the window still has room; then TAT moves to that point. It is exact at any instant (no fixed-window
 * edges), needs one key per limit, and gives the exact wait: the time until the request would fit.
 * The Redis implementation runs the same steps in Lua, on Redis's clock.
 */
export interface RateCheck {
  /** The counter (one per limit: `rl:rpm:key:<id>`…). */
  key: string;
  limit: number;
  windowMs: number;
  /** Units this request takes: 1 request, or its estimated tokens. */
  cost: number;
}

export interface RateState {
  /** Units left in the window after this request (or now, when refused). */
  remaining: number;
  /** Milliseconds until the window is whole again. */
  resetMs: number;
}

export type RateOutcome = { allowed: true; states: RateState[] } | { allowed: false; retryAfterMs: number; failedIndex: number; states: RateState[] };

export interface GcraStep {
  allowed: boolean;
  newTat: number;
  state: RateState;
  retryAfterMs: number;
}

export function gcraStep(storedTat: number | undefined, now: number, check: RateCheck): GcraStep {
  const interval = check.windowMs / check.limit;
  const tat = Math.max(storedTat ?? now, now);
  const newTat = tat + check.cost * interval;
  if (newTat - now > check.windowMs) {
    return {
      allowed: false,
      newTat: tat,
      retryAfterMs: newTat - now - check.windowMs,
      state: { remaining: Math.max(0, Math.floor((check.windowMs - (tat - now)) / interval)), resetMs: tat - now },
    };
  }
  return { allowed: true, newTat, retryAfterMs: 0, state: { remaining: Math.floor((check.windowMs - (newTat - now)) / interval + 1e-9), resetMs: newTat - now } };
}

/** A correction of `delta` units (negative: a refund) to a stored TAT; never below now (no capacity is banked). */
export function gcraAdjust(storedTat: number | undefined, now: number, check: Omit<RateCheck, 'cost'>, delta: number): number {
  const interval = check.windowMs / check.limit;
  return Math.max((storedTat ?? now) + delta * interval, now);
}

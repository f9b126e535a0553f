import type { RateCheck, RateOutcome } from '../shared/gcra.js';

/** Fast shared state: counters and TTL entries, atomic per operation. */
export interface ReserveCheck {
  key: string;
  cap: number;
  /** What to reserve: all of it when it fits under the cap. */
  amount: number;
  /**
   * When `amount` does not fit, reserve what is left under the cap instead, as long as that is at least
   * this much (a realistic estimate of a request whose worst case does not fit). Absent: `amount` or nothing.
   */
  minimum?: number;
  /** The counter must exist (seeded from the ledger): absent (Redis restarted, the fallback), nothing is reserved. */
  mustExist?: boolean;
}

type ReserveRefusal = { reserved: false; failedIndex: number; used: number; absent?: false } | { reserved: false; failedIndex: number; absent: true };
export type ReserveOutcome = { reserved: true; amounts: number[] } | ReserveRefusal;

export interface SetOptions {
  /** The value may be dropped to make room (in process); see SharedState.set. */
  droppable?: boolean;
}

/** The options of a value that may be dropped for room: a cached answer, a sticky route, a health snapshot. */
export const DROPPABLE: SetOptions = Object.freeze({ droppable: true });

export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** Adds `amount` to a counter; the counter expires `ttlMs` after it was created. Returns the new value. */
  increment(key: string, amount: number, ttlMs: number): Promise<number>;
  /** Adds `amount` to a counter that exists (its expiry unchanged); an absent one stays absent. True when it was there. */
  adjustIfPresent(key: string, amount: number): Promise<boolean>;
  get(key: string): Promise<string | undefined>;
  /**
   * Stores a value; without ttlMs it does not expire. A `droppable` value (a cached answer, a sticky route: losing it
   * costs a recomputation, never a wrong limit) may be dropped for room by an in-process state, least recently used
   * first with the logs; Redis applies its own `maxmemory-policy` to every key.
   */
  set(key: string, value: string, ttlMs?: number, options?: SetOptions): Promise<void>;
  delete(key: string): Promise<void>;
  /** Milliseconds until the key expires; undefined when absent or without expiry. */
  ttl(key: string): Promise<number | undefined>;
  /**
   * Appends to a capped, ordered log (a Redis stream), kept `ttlMs` after the last append, at most about
   * `maxLength` entries (the oldest go first). Returns the entry's id, and `started`: the log held nothing before (it
   * was absent, expired, deleted or dropped), so a caller indexes a log once without a marker key of its own. An
   * in-process state bounds its logs' memory by dropping the least recently used; a `pinned` log (an index that a
   * deletion walks) is never dropped for room. Redis applies its own `maxmemory-policy`.
   */
  appendLog(key: string, value: string, maxLength: number, ttlMs: number, options?: { pinned?: boolean }): Promise<{ id: string; started: boolean }>;
  /** Log entries after `afterId` ('' = from the oldest), oldest first, at most `count`. */
  readLog(key: string, afterId: string, count: number): Promise<Array<{ id: string; value: string }>>;
  /** Stores a value only when the key is absent; true when it was stored. `droppable` as for `set`. */
  setIfAbsent(key: string, value: string, ttlMs: number, options?: SetOptions): Promise<boolean>;
  /**
   * Rate limits (GCRA, see limits/gcra.ts): takes every check's cost, or none of them when one would go
   * over its limit — atomically, on one clock for every instance.
   */
  acquireRate(checks: RateCheck[]): Promise<RateOutcome>;
  /** Corrects a rate counter by `delta` units once the real cost is known (negative: a refund). */
  adjustRate(check: Omit<RateCheck, 'cost'>, delta: number): Promise<void>;
  /**
   * Adds each `amount` (or, past the cap, what is left when that is at least `minimum`) to its counter only
   * if every counter can take its share — atomically (the check-and-reserve of budgets and quotas). Reserved:
   * the amount each counter took. Refused: the index of the first counter that could not, and its value;
   * or the first `mustExist` counter that is absent.
   */
  reserve(checks: ReserveCheck[], ttlMs: number): Promise<ReserveOutcome>;
  /** Sends `message` to every subscriber of `channel`, on every instance (this one included). */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `handler` with each message published on `channel` from now on. */
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Whether an error this state threw means it cannot serve anyone now (unreachable, out of memory, read-only)
   * rather than that it refused this one operation (a key of another type). Absent: every error is an outage.
   */
  isOutage?(error: unknown): boolean;
}

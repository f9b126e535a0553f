import { gcraAdjust, gcraStep, type RateCheck, type RateOutcome } from '../../shared/gcra.js';
import type { ReserveCheck, ReserveOutcome, SetOptions, SharedState } from '../../core/shared-state.js';

interface Entry {
  /** A counter is kept as a number (no parse and format per adjustment); read back as Redis would give it, a string. */
  value: string | number;
  /** Epoch milliseconds; undefined for entries that never expire. */
  expiresAt: number | undefined;
}

/** A value set `droppable`: kept in the order of use and counted in bytes, like a log. */
interface DroppableValue extends Entry {
  value: string;
  bytes: number;
  usedAt: number;
}

export interface MemorySharedStateOptions {
  /** How often expired entries and logs that are never read again are removed. */
  sweepIntervalMs?: number;
  /**
   * Bytes the logs and the values set `droppable` hold at most, all together (droppableSize). Past it the least
   * recently used of them are dropped (a log whole), as Redis drops keys under `maxmemory-policy allkeys-lru`: in
   * process, the recent turns of a week of conversations, or the exact cache's answers written here while Redis is
   * down, would otherwise grow the heap until the process dies. Counters, limits, leases and pinned logs are never
   * dropped. Default 64 MB.
   */
  maxDroppableBytes?: number;
}

interface Log {
  entries: Array<{ id: string; value: string }>;
  next: number;
  expiresAt: number;
  /** entryBytes of its entries. */
  bytes: number;
  /** Never dropped to make room (appendLog's `pinned`). */
  pinned: boolean;
  usedAt: number;
}

/** What a log entry holds in memory, roughly: its text (two bytes a character at most) and its objects. */
const entryBytes = (value: string) => 2 * value.length + 64;
/** What a droppable value holds: its key and text, and its objects. */
const valueBytes = (key: string, value: string) => 2 * (key.length + value.length) + 96;
const DEFAULT_MAX_DROPPABLE_BYTES = 64 * 1024 * 1024;

/** An entry with an expiry at or before `now`. */
const expired = (entry: Entry, now: number): boolean => entry.expiresAt !== undefined && entry.expiresAt <= now;

function checkTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
}

/** Adds `amount` to a counter entry in place (its expiry unchanged); returns the new value. */
function addTo(entry: Entry, key: string, amount: number): number {
  const next = counterValue(entry, key) + amount;
  entry.value = next;
  return next;
}

/** The entry's number: a counter's, or a string set as one (as Redis's INCRBYFLOAT reads it). */
function counterValue(entry: Entry, key: string): number {
  if (typeof entry.value === 'number') return entry.value;
  const current = Number(entry.value);
  if (entry.value.trim() === '' || Number.isNaN(current)) throw new TypeError(`value of ${key} is not a number`);
  return current;
}

/** What a read of the entry gives: a string, as from Redis. */
const textOf = (value: string | number): string => (typeof value === 'number' ? String(value) : value);

/** SharedState for a single process. Every operation is synchronous inside, hence atomic. */
export class MemorySharedState implements SharedState {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly sweepTimer: NodeJS.Timeout;

  constructor(options: MemorySharedStateOptions = {}) {
    this.maxDroppableBytes = options.maxDroppableBytes ?? DEFAULT_MAX_DROPPABLE_BYTES;
    this.sweepTimer = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 30_000);
    // The sweep is housekeeping: it must not keep the process alive.
    this.sweepTimer.unref();
  }

  async adjustIfPresent(key: string, amount: number): Promise<boolean> {
    const entry = this.liveEntry(key);
    if (entry === undefined) return false;
    addTo(entry, key, amount);
    return true;
  }

  async increment(key: string, amount: number, ttlMs: number): Promise<number> {
    checkTtl(ttlMs);
    const entry = this.liveEntry(key);
    if (entry === undefined) {
      this.entries.set(key, { value: amount, expiresAt: Date.now() + ttlMs });
      return amount;
    }
    return addTo(entry, key, amount);
  }

  async get(key: string): Promise<string | undefined> {
    const entry = this.liveEntry(key);
    return entry === undefined ? undefined : textOf(entry.value);
  }

  async set(key: string, value: string, ttlMs?: number, options?: SetOptions): Promise<void> {
    if (ttlMs !== undefined) checkTtl(ttlMs);
    const expiresAt = ttlMs === undefined ? undefined : Date.now() + ttlMs;
    this.dropValue(key);
    if (!options?.droppable) {
      this.entries.set(key, { value, expiresAt });
      return;
    }
    this.entries.delete(key);
    const stored: DroppableValue = { value, expiresAt, bytes: valueBytes(key, value), usedAt: Date.now() };
    this.values.set(key, stored);
    this.droppableBytes += stored.bytes;
    this.makeRoom(key);
  }

  async delete(key: string): Promise<void> {
    // As Redis's DEL: whatever the key holds, a value or a log.
    this.entries.delete(key);
    this.dropValue(key);
    const log = this.logs.get(key);
    if (log) this.dropLog(key, log);
  }

  async ttl(key: string): Promise<number | undefined> {
    const entry = this.liveEntry(key);
    return entry?.expiresAt === undefined ? undefined : entry.expiresAt - Date.now();
  }

  async setIfAbsent(key: string, value: string, ttlMs: number, options?: SetOptions): Promise<boolean> {
    checkTtl(ttlMs);
    if (this.liveEntry(key) !== undefined) return false;
    await this.set(key, value, ttlMs, options);
    return true;
  }

  async acquireRate(checks: RateCheck[]): Promise<RateOutcome> {
    const now = Date.now();
    const steps = checks.map((check) => gcraStep(this.numberAt(check.key), now, check));
    const states = steps.map((step) => step.state);
    const refused = steps.reduce<number>((worst, step, index) => (!step.allowed && (worst < 0 || step.retryAfterMs > steps[worst].retryAfterMs) ? index : worst), -1);
    if (refused >= 0) return { allowed: false, retryAfterMs: steps[refused].retryAfterMs, failedIndex: refused, states };
    steps.forEach((step, index) => this.entries.set(checks[index].key, { value: step.newTat, expiresAt: step.newTat + 1 }));
    return { allowed: true, states };
  }

  async adjustRate(check: Omit<RateCheck, 'cost'>, delta: number): Promise<void> {
    const now = Date.now();
    const tat = gcraAdjust(this.numberAt(check.key), now, check, delta);
    this.entries.set(check.key, { value: tat, expiresAt: tat + 1 });
  }

  async reserve(checks: ReserveCheck[], ttlMs: number): Promise<ReserveOutcome> {
    checkTtl(ttlMs);
    const amounts: number[] = [];
    for (const [index, check] of checks.entries()) {
      const stored = this.numberAt(check.key);
      if (stored === undefined && check.mustExist) return { reserved: false, failedIndex: index, absent: true };
      const used = stored ?? 0;
      const left = check.cap - used;
      if (check.amount <= left + 1e-12) amounts.push(check.amount);
      else if (check.minimum !== undefined && check.minimum <= left + 1e-12) amounts.push(Math.max(0, left));
      else return { reserved: false, failedIndex: index, used };
    }
    for (const [index, check] of checks.entries()) await this.increment(check.key, amounts[index], ttlMs);
    return { reserved: true, amounts };
  }

  private numberAt(key: string): number | undefined {
    const value = this.liveEntry(key)?.value;
    return value === undefined || typeof value === 'number' ? value : Number(value);
  }

  /** Logs by key, least recently used first (a use moves its log to the end). */
  private readonly logs = new Map<string, Log>();
  /** Values set `droppable`, least recently used first, like the logs. */
  private readonly values = new Map<string, DroppableValue>();
  private readonly maxDroppableBytes: number;
  /** Bytes of the logs (pinned ones too) and of the droppable values. */
  private droppableBytes = 0;

  async appendLog(key: string, value: string, maxLength: number, ttlMs: number, options?: { pinned?: boolean }): Promise<{ id: string; started: boolean }> {
    checkTtl(ttlMs);
    const live = this.takeLive(key);
    const log = live ?? { entries: [], next: 1, expiresAt: 0, bytes: 0, pinned: false, usedAt: 0 };
    if (options?.pinned) log.pinned = true;
    log.usedAt = Date.now();
    this.logs.set(key, log);
    const id = String(log.next++);
    log.entries.push({ id, value });
    this.addBytes(log, entryBytes(value));
    if (log.entries.length > maxLength) this.trim(log, log.entries.length - maxLength);
    log.expiresAt = log.usedAt + ttlMs;
    this.makeRoom(key);
    return { id, started: live === undefined };
  }

  async readLog(key: string, afterId: string, count: number): Promise<Array<{ id: string; value: string }>> {
    const log = this.takeLive(key);
    if (!log) return [];
    log.usedAt = Date.now();
    this.logs.set(key, log);
    const after = afterId === '' ? 0 : Number(afterId);
    return log.entries.filter((entry) => Number(entry.id) > after).slice(0, count);
  }

  /** The bytes the logs and droppable values hold, as maxDroppableBytes counts them (tests, metrics). */
  get droppableSize(): number {
    return this.droppableBytes;
  }

  /** The live log under `key`, taken out of the order of use (the caller puts it back, last); an expired one is dropped. */
  private takeLive(key: string): Log | undefined {
    const log = this.logs.get(key);
    if (!log) return undefined;
    if (log.expiresAt <= Date.now()) {
      this.dropLog(key, log);
      return undefined;
    }
    this.logs.delete(key);
    return log;
  }

  private dropLog(key: string, log: Log): void {
    this.logs.delete(key);
    this.droppableBytes -= log.bytes;
  }

  private dropValue(key: string): void {
    const value = this.values.get(key);
    if (value === undefined) return;
    this.values.delete(key);
    this.droppableBytes -= value.bytes;
  }

  private addBytes(log: Log, bytes: number): void {
    log.bytes += bytes;
    this.droppableBytes += bytes;
  }

  /** Drops the log's `count` oldest entries. */
  private trim(log: Log, count: number): void {
    let bytes = 0;
    for (const removed of log.entries.splice(0, count)) bytes += entryBytes(removed.value);
    this.addBytes(log, -bytes);
  }

  /**
   * Past the bound, the least recently used of the logs and droppable values go (never a pinned log): each map is in
   * its order of use, so the older of their two heads goes first. What was just written under `currentKey` goes last:
   * a log then only loses its oldest entries, a value larger than the whole bound is not kept.
   */
  private makeRoom(currentKey: string): void {
    if (this.droppableBytes <= this.maxDroppableBytes) return;
    const logs = this.logs.entries();
    const values = this.values.entries();
    let log = nextDroppable(logs, currentKey);
    let value = nextDroppable(values, currentKey);
    while (this.droppableBytes > this.maxDroppableBytes && (log !== undefined || value !== undefined)) {
      if (log !== undefined && (value === undefined || log[1].usedAt <= value[1].usedAt)) {
        this.dropLog(log[0], log[1]);
        log = nextDroppable(logs, currentKey);
      } else if (value !== undefined) {
        this.dropValue(value[0]);
        value = nextDroppable(values, currentKey);
      }
    }
    const current = this.logs.get(currentKey);
    if (current !== undefined && !current.pinned) {
      while (this.droppableBytes > this.maxDroppableBytes && current.entries.length > 1) this.trim(current, 1);
    }
    if (this.droppableBytes > this.maxDroppableBytes) this.dropValue(currentKey);
  }

  private readonly subscribers = new Map<string, Array<(message: string) => void>>();

  async publish(channel: string, message: string): Promise<void> {
    for (const handler of this.subscribers.get(channel) ?? []) handler(message);
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<void> {
    const handlers = this.subscribers.get(channel) ?? [];
    handlers.push(handler);
    this.subscribers.set(channel, handlers);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.entries.clear();
    this.logs.clear();
    this.values.clear();
    this.droppableBytes = 0;
    this.subscribers.clear();
  }

  /** The entry, or undefined when absent or expired (expired entries are removed on the way). */
  private liveEntry(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return this.values.size === 0 ? undefined : this.liveValue(key);
    if (expired(entry, Date.now())) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** A live droppable value, moved to the end of the order of use; an expired one is dropped. */
  private liveValue(key: string): DroppableValue | undefined {
    const value = this.values.get(key);
    if (value === undefined) return undefined;
    const now = Date.now();
    if (expired(value, now)) {
      this.dropValue(key);
      return undefined;
    }
    value.usedAt = now;
    this.values.delete(key);
    this.values.set(key, value);
    return value;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (expired(entry, now)) this.entries.delete(key);
    }
    // A conversation nobody continues is never read again: its log goes when it expires, not when it is next used.
    for (const [key, log] of this.logs) if (log.expiresAt <= now) this.dropLog(key, log);
    for (const [key, value] of this.values) if (expired(value, now)) this.dropValue(key);
  }
}

/** The next item of a map in its order of use that may be dropped: not the one just written, not a pinned log. */
function nextDroppable<T extends Log | DroppableValue>(items: IterableIterator<[string, T]>, currentKey: string): [string, T] | undefined {
  for (let next = items.next(); !next.done; next = items.next()) {
    const [key, item] = next.value;
    if (key !== currentKey && !('pinned' in item && item.pinned)) return next.value;
  }
  return undefined;
}

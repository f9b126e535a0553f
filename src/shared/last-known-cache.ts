import type { Clock } from './lru-cache.js';
import { LruCache } from './lru-cache.js';
import { refusedPast, settlesBy } from './deadline.js';
import { GatewayError } from '../errors/gateway-error.js';

export interface LastKnownCacheOptions<K, V> {
  /** Most entries kept; the least recently used goes first. */
  maxEntries: number;
  /** How long a value read from the store is used without reading it again. */
  freshMs: number;
  /** How long past its freshness a value may still be served while the store cannot be read. */
  staleMs: number;
  /** How long a read that refreshes a known value may take before that value is served instead. */
  waitMs: number;
  /**
   * How long a caller waits for the first read of a key (no value known to fall back on) before it is refused with a
   * 503 naming `what`: a hanging database would otherwise hold it for its query time-out. Unbounded when undefined.
   */
  firstReadWaitMs?: number;
  /** What the values are, for that refusal ("the API key"). */
  what?: string;
  /** Whether a value read is kept (default: all); one not kept is returned to its caller only. */
  keeps?(value: V): boolean;
  /** Told each time a known value is served because its store could not be read in time (`cause`: the read's error, or undefined for its slowness). */
  onStale?(cause: unknown): void;
  /**
   * Reads a key from the store. When given, a value asked for in the last fifth of its freshness (at most the last second)
   * is read again in the background, after the current turn of the event loop: a key in use never goes stale, and no
   * request waits on the read that renews it (with SQLite each read runs on the main thread: the five config reads of a
   * request that found them stale cost it ~100 µs every 5 s).
   */
  reader?(key: K): Promise<V>;
  clock?: Clock;
}

interface Entry<V> {
  value: V;
  freshUntil: number;
  /** Set while a read of this key is running; concurrent callers share it. */
  reading?: Promise<V>;
  /** Until when the known value is served at once, without waiting on a read: set when one failed or was slow. */
  degradedUntil: number;
}

/** After a failed or slow read, how long the known value is served at once before a caller waits on a read again. */
const DEGRADED_MS = 1_000;

/** The config a request reads from the store, and how a refusal names it. */
const CONFIG_READ = { api_key: 'the API key', org_policy: "the org's policy", org_settings: "the org's settings", provider_key: "the org's own provider key" } as const;
export type ConfigKind = keyof typeof CONFIG_READ;

/** Told when a service serves a known value because the store could not be read in time. */
export type StaleConfigListener = (what: ConfigKind, cause: unknown) => void;

/**
 * The cache of one kind of config read on the request path (API keys, org policies and settings, BYOK keys): a known
 * value is served through an outage of up to an hour, a read that refreshes one is waited on for 250 ms (a healthy read
 * takes about a millisecond), and a first read for 5 s before the caller gets a 503.
 */
export function configCache<K, V>(kind: ConfigKind, options: { freshMs: number; maxEntries?: number; keeps?(value: V): boolean; onStale?: StaleConfigListener; reader?(key: K): Promise<V> }): LastKnownCache<K, V> {
  return new LastKnownCache<K, V>({
    maxEntries: options.maxEntries ?? 10_000,
    freshMs: options.freshMs,
    staleMs: 60 * 60_000,
    waitMs: 250,
    firstReadWaitMs: 5_000,
    what: CONFIG_READ[kind],
    keeps: options.keeps,
    onStale: (cause) => options.onStale?.(kind, cause),
    reader: options.reader,
  });
}

/**
 * A read-through cache of what the store says (API keys, org policies and settings, BYOK keys) that keeps serving the
 * last known value when the store cannot answer: a database that is down fails the read, one that hangs would hold it
 * for its query time-out (60 s), and without this every request past the short freshness of the cached config failed
 * or hung with it. A fresh value is served as it is; a stale one is read again, and served if that read fails or takes
 * longer than `waitMs`, for at most `staleMs` past its freshness. A key never read waits for its read and gets its
 * error. Entries removed with `delete` (a revoked key, a changed policy) are never served stale.
 */
export class LastKnownCache<K, V> {
  private readonly entries: LruCache<K, Entry<V>>;
  /** First reads (no known value), shared by concurrent callers of the same key. */
  private readonly firstReads = new Map<K, Promise<V>>();
  private readonly clock: Clock;
  /** How long before its freshness ends a value in use is read again in the background (with a reader). */
  private readonly refreshAheadMs: number;

  constructor(private readonly options: LastKnownCacheOptions<K, V>) {
    this.clock = options.clock ?? Date.now;
    this.entries = new LruCache({ maxEntries: options.maxEntries, ttlMs: options.freshMs + options.staleMs, clock: this.clock });
    this.refreshAheadMs = options.reader ? Math.min(1_000, options.freshMs / 5) : 0;
  }

  /** The value while it is fresh, else undefined: the hot path takes it without a promise. */
  fresh(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const now = this.clock();
    if (entry.freshUntil <= now) return undefined;
    this.renewIfEnding(key, entry, now);
    return entry.value;
  }

  /** The fresh value, or one read by `read` — or, when that read fails or is slow, the last known value. */
  async get(key: K, read: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry === undefined) return this.firstRead(key, read);
    const now = this.clock();
    if (entry.freshUntil > now) {
      this.renewIfEnding(key, entry, now);
      return entry.value;
    }
    // Just failed or slow: the known value at once, and no new read until the degraded spell is over.
    if (entry.degradedUntil > now) return entry.value;
    const reading = (entry.reading ??= this.refresh(key, entry, read));
    let failure: unknown;
    const settled = await settlesBy(
      reading.catch((error: unknown) => {
        failure = error;
      }),
      Date.now() + this.options.waitMs,
    );
    if (settled && failure === undefined) return reading;
    entry.degradedUntil = this.clock() + DEGRADED_MS;
    this.options.onStale?.(failure);
    return entry.value;
  }

  /** Stores a fresh value; one the cache does not keep removes what was known of the key (a key deleted from the store). */
  set(key: K, value: V): void {
    if (this.options.keeps?.(value) === false) {
      this.entries.delete(key);
      return;
    }
    this.entries.set(key, { value, freshUntil: this.clock() + this.options.freshMs, degradedUntil: 0 });
  }

  /** Forgets the key: a read running for it is not kept either. */
  delete(key: K): void {
    this.entries.delete(key);
    this.firstReads.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.firstReads.clear();
  }

  private firstRead(key: K, read: () => Promise<V>): Promise<V> {
    let reading = this.firstReads.get(key);
    if (reading === undefined) {
      const started: Promise<V> = read()
        .then((value) => {
          if (this.firstReads.get(key) === started) this.set(key, value);
          return value;
        })
        .finally(() => {
          if (this.firstReads.get(key) === started) this.firstReads.delete(key);
        });
      this.firstReads.set(key, (reading = started));
    }
    const waitMs = this.options.firstReadWaitMs;
    return waitMs === undefined ? reading : refusedPast(reading, waitMs, () => new GatewayError('service_unavailable', `The database did not answer within ${waitMs / 1000} s: ${this.options.what ?? 'the configuration'} could not be read; retry shortly`));
  }

  /**
   * In the last `refreshAheadMs` of its freshness (never without a reader: it is 0 then), and unless a read runs already,
   * reads the key again after this turn of the event loop, the value still served meanwhile. A failure changes nothing: past
   * its freshness the value is read again on the request path, and served stale if the store still cannot answer.
   */
  private renewIfEnding(key: K, entry: Entry<V>, now: number): void {
    if (entry.freshUntil - now >= this.refreshAheadMs || entry.reading !== undefined) return;
    const reader = this.options.reader!;
    const later = () =>
      new Promise<V>((resolve, reject) =>
        setImmediate(() => {
          try {
            reader(key).then(resolve, reject);
          } catch (error) {
            reject(error);
          }
        }),
      );
    entry.reading = this.refresh(key, entry, later);
  }

  /** Reads the key again; the value read replaces the entry unless the entry was deleted or replaced meanwhile. */
  private refresh(key: K, entry: Entry<V>, read: () => Promise<V>): Promise<V> {
    const reading = read().then((value) => {
      if (this.entries.get(key) === entry) this.set(key, value);
      return value;
    });
    // Whatever the outcome, the next caller past freshness may start another read.
    const clear = () => {
      if (entry.reading === reading) entry.reading = undefined;
    };
    reading.then(clear, clear);
    return reading;
  }
}


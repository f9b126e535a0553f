/** Milliseconds since the epoch; injected so tests can move time without sleeping. */
export type Clock = () => number;

export interface LruCacheOptions<V> {
  /** Most entries kept; the least recently used goes first. */
  maxEntries: number;
  /** Lifetime of an entry in ms; undefined = until evicted. */
  ttlMs?: number;
  /** Bound on the summed `sizeOf` of the entries (e.g. bytes); needs `sizeOf`. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  clock?: Clock;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
  size: number;
}

/**
 * The one in-process cache type: bounded in entries (and optionally in size), entries expire after a
 * TTL, the least recently used is evicted first. A Map keeps insertion order, so re-inserting on read
 * makes the first key the least recently used one.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private totalSize = 0;
  /** The most recently used key: reading it again needs no reordering (the common case of a hot key). */
  private newest: K | undefined;
  private readonly clock: Clock;
  evictions = 0;

  constructor(private readonly options: LruCacheOptions<V>) {
    if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1) throw new RangeError(`maxEntries must be a positive integer (got ${options.maxEntries})`);
    if (options.maxSize !== undefined && !options.sizeOf) throw new RangeError('maxSize needs a sizeOf function');
    this.clock = options.clock ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Summed sizes of the entries (0 without `sizeOf`). */
  get weight(): number {
    return this.totalSize;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.clock()) {
      this.remove(key, entry);
      return undefined;
    }
    // Most recently used moves to the end.
    if (key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry.value;
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  /** Stores a value; `ttlMs` overrides the cache's TTL for this entry. A value larger than maxSize is not kept. */
  set(key: K, value: V, ttlMs = this.options.ttlMs): void {
    const size = this.options.sizeOf?.(value) ?? 0;
    const existing = this.entries.get(key);
    if (existing) this.remove(key, existing);
    if (this.options.maxSize !== undefined && size > this.options.maxSize) return;
    this.entries.set(key, { value, expiresAt: ttlMs === undefined ? Number.POSITIVE_INFINITY : this.clock() + ttlMs, size });
    this.newest = key;
    this.totalSize += size;
    while (this.entries.size > this.options.maxEntries || (this.options.maxSize !== undefined && this.totalSize > this.options.maxSize)) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value, this.entries.get(oldest.value)!);
      this.evictions++;
    }
  }

  /** The least recently used entry, left where it is: for a caller that evicts by its own measure (SemanticIndex). */
  leastRecentlyUsed(): [K, V] | undefined {
    const oldest = this.entries.entries().next();
    return oldest.done ? undefined : [oldest.value[0], oldest.value[1].value];
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.remove(key, entry);
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.newest = undefined;
    this.totalSize = 0;
  }

  private remove(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    if (key === this.newest) this.newest = undefined;
    this.totalSize -= entry.size;
  }
}

/**
 * What `compile` makes of `key`, made once and kept in `cache` — its failure too, as an Error, so a
 * pattern or schema that does not compile is not compiled again on every request that sends it.
 */
export function compiledOnce<T>(cache: LruCache<string, T | Error>, key: string, compile: () => T): T | Error {
  let entry = cache.get(key);
  if (entry === undefined) {
    try {
      entry = compile();
    } catch (error) {
      entry = error instanceof Error ? error : new Error(String(error));
    }
    cache.set(key, entry);
  }
  return entry;
}

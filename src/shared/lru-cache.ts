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

interface Entry<K, V> {
  key: K;
  value: V;
  expiresAt: number;
  size: number;
  /** The entry used just before this one, and just after: the recency order, oldest to newest. */
  older: Entry<K, V> | undefined;
  newer: Entry<K, V> | undefined;
}

/**
 * The one in-process cache type: bounded in entries (and optionally in size), entries expire after a
 * TTL, the least recently used is evicted first. The entries are linked in order of use, so a read moves
 * one entry and an eviction takes the oldest, each at a constant cost. (Kept as the Map's own order —
 * delete and set again on a read, evict the first key — each eviction walked past every key deleted since the
 * Map last compacted: at the bound 0.5 µs an insert at 1,000 entries, 3.2 at 10,000, 16–19 at 100,000.)
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, Entry<K, V>>();
  private totalSize = 0;
  private oldest: Entry<K, V> | undefined;
  private newest: Entry<K, V> | undefined;
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
      this.remove(entry);
      return undefined;
    }
    if (entry !== this.newest) {
      this.unlink(entry);
      this.append(entry);
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
    if (existing) this.remove(existing);
    if (this.options.maxSize !== undefined && size > this.options.maxSize) return;
    const entry: Entry<K, V> = { key, value, expiresAt: ttlMs === undefined ? Number.POSITIVE_INFINITY : this.clock() + ttlMs, size, older: undefined, newer: undefined };
    this.entries.set(key, entry);
    this.append(entry);
    this.totalSize += size;
    while (this.entries.size > this.options.maxEntries || (this.options.maxSize !== undefined && this.totalSize > this.options.maxSize)) {
      const oldest = this.oldest;
      if (oldest === undefined) break;
      this.remove(oldest);
      this.evictions++;
    }
  }

  /** The least recently used entry, left where it is: for a caller that evicts by its own measure (SemanticIndex). */
  leastRecentlyUsed(): [K, V] | undefined {
    const oldest = this.oldest;
    return oldest === undefined ? undefined : [oldest.key, oldest.value];
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.remove(entry);
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.oldest = undefined;
    this.newest = undefined;
    this.totalSize = 0;
  }

  private remove(entry: Entry<K, V>): void {
    this.entries.delete(entry.key);
    this.unlink(entry);
    this.totalSize -= entry.size;
  }

  /** Makes the entry the newest. */
  private append(entry: Entry<K, V>): void {
    entry.older = this.newest;
    entry.newer = undefined;
    if (this.newest) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
  }

  private unlink(entry: Entry<K, V>): void {
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
    entry.older = undefined;
    entry.newer = undefined;
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

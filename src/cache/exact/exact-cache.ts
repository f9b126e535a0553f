import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type { Logger } from 'pino';
import { BoundedQueue } from '../../shared/bounded-queue.js';
import { LruCache, type Clock } from '../../shared/lru-cache.js';
import { DROPPABLE, type SharedState } from '../../core/shared-state.js';
import { answerBytes, answerFromShared, answerToJson, type CachedAnswer } from '../cached-answer.js';

export type { CachedAnswer } from '../cached-answer.js';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

export interface ExactCacheOptions {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
  /** Values larger than this go to L1 compressed. */
  compressAboveBytes?: number;
  clock?: Clock;
}

/**
 * The exact cache: L0 is this instance's bounded LRU (entries and bytes, TTL); L1, when Redis is configured,
 * is shared by every instance (same TTL, large values deflated). A lookup reads L0, then L1 (filling L0);
 * a store fills L0 at once and writes L1 behind the answer, through a bounded queue flushed on shutdown.
 * L1 failing (Redis down) is a miss, never a failed request.
 */
export class ExactCache {
  private readonly local: LruCache<string, CachedAnswer>;
  private readonly writes: BoundedQueue<{ key: string; answer: CachedAnswer }> | undefined;

  constructor(
    private readonly shared: SharedState | undefined,
    private readonly options: ExactCacheOptions,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
  ) {
    this.local = new LruCache({ maxEntries: options.maxEntries, maxSize: options.maxBytes, sizeOf: approximateSize, ttlMs: options.ttlMs, clock: options.clock });
    if (shared) {
      this.writes = new BoundedQueue(
        { name: 'exact_cache_writes', maxItems: 10_000, maxBatch: 100, flushIntervalMs: 50 },
        (batch) => this.writeShared(batch),
        { onFailure: (error) => logger.warn({ err: error }, 'exact cache: shared write failed') },
      );
    }
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    return this.getLocal(key) ?? this.getShared(key);
  }

  /** L0 alone, at once: a hit in this instance's memory costs no promise and no turn of the microtask queue. */
  getLocal(key: string): CachedAnswer | undefined {
    return this.local.get(key);
  }

  /** L1 (Redis), filling L0 on a hit; undefined without a shared store. */
  async getShared(key: string): Promise<CachedAnswer | undefined> {
    if (!this.shared) return undefined;
    let stored: string | undefined;
    try {
      stored = await this.shared.get(sharedKey(key));
    } catch (error) {
      this.logger.warn({ err: error }, 'exact cache: shared read failed; treated as a miss');
      return undefined;
    }
    if (stored === undefined) return undefined;
    const answer = await decode(stored).catch(() => undefined);
    if (answer) this.local.set(key, answer);
    return answer;
  }

  store(key: string, answer: CachedAnswer): void {
    this.local.set(key, answer);
    this.writes?.push({ key, answer });
  }

  get entries(): number {
    return this.local.size;
  }

  /** What L0 holds, as counted against `maxBytes`. */
  get bytes(): number {
    return this.local.weight;
  }

  get backlog(): BoundedQueue<{ key: string; answer: CachedAnswer }> | undefined {
    return this.writes;
  }

  /** Writes what is queued for L1 (tests, shutdown). */
  async flush(): Promise<void> {
    await this.writes?.flush();
  }

  async close(giveUpAt?: number): Promise<void> {
    await this.writes?.close(giveUpAt);
  }

  /** Droppable: while Redis is down the in-process fallback keeps these answers within its bounded room. */
  private async writeShared(batch: Array<{ key: string; answer: CachedAnswer }>): Promise<void> {
    await Promise.all(batch.map(async ({ key, answer }) => this.shared!.set(sharedKey(key), await encode(answer, this.options.compressAboveBytes ?? 1024), this.options.ttlMs, DROPPABLE)));
  }
}

const sharedKey = (key: string) => `cache:exact:${key}`;

/** `j` + JSON, or `z` + base64 of the deflated JSON when it is large. */
async function encode(answer: CachedAnswer, compressAbove: number): Promise<string> {
  const json = answerToJson(answer);
  if (json.length <= compressAbove) return `j${json}`;
  return `z${(await deflate(Buffer.from(json))).toString('base64')}`;
}

async function decode(stored: string): Promise<CachedAnswer | undefined> {
  const json = stored[0] === 'z' ? (await inflate(Buffer.from(stored.slice(1), 'base64'))).toString('utf8') : stored.slice(1);
  return answerFromShared(JSON.parse(json));
}

/** Bytes an entry holds at most: its answer's text is most of it. */
const approximateSize = (answer: CachedAnswer) => 256 + answerBytes(answer);

import type { Logger } from 'pino';
import { BoundedQueue } from '../../shared/bounded-queue.js';
import { LruCache, type Clock } from '../../shared/lru-cache.js';
import { randomText } from '../../shared/random-pool.js';
import type { SharedState } from '../../core/shared-state.js';
import { answerFromShared, answerToJson, type CachedAnswer } from '../cached-answer.js';
import { SemanticIndex, semanticEntry, type SemanticLookup } from './semantic-index.js';
import { promptFeatures, type PromptFeatures } from './text-features.js';
import { base64ToFloat32, float32ToBase64 } from '../../shared/float32-base64.js';

export interface SemanticCacheOptions {
  maxEntriesPerOrg: number;
  /** Entries of the in-process index, all orgs together. */
  maxEntries?: number;
  /** Their bytes (semantic-index.ts entrySize). */
  maxBytes?: number;
  ttlMs: number;
  /** With shared state: how often an instance reads the entries other instances stored. */
  refreshMs?: number;
  clock?: Clock;
  /** Where a bucket's lookups switch from an exact scan to its ANN index (tests; see semantic-index.ts). */
  annFrom?: number;
}

/** An entry as it travels through the shared log (the answer in its shared form: see answerToJson). */
interface SharedEntry {
  id: string;
  bucket: string;
  /** The prompt as the caller wrote it (its features are computed again on arrival). */
  prompt: string;
  /** base64 of the Float32Array. */
  vector: string;
  answer: CachedAnswer;
  expiresAt: number;
}

/**
 * The semantic cache: this instance's index (always), plus, with Redis, a shared log per org of the
 * entries every instance stored; each instance reads the log into its own bounded index at most every
 * `refreshMs`. Stores write the log behind the answer; a failing log is a local-only cache, never an error.
 */
export class SemanticCache {
  readonly index: SemanticIndex;
  private readonly clock: Clock;
  private readonly writes: BoundedQueue<{ orgId: string; entry: SharedEntry }> | undefined;
  private pendingAdds: Array<{ orgId: string; bucket: string; entry: { id: string; vector: Float32Array; answer: CachedAnswer; expiresAt: number }; features: PromptFeatures }> = [];
  private pendingTimer: NodeJS.Immediate | undefined;
  private readonly refreshed = new LruCache<string, { lastId: string; at: number; pending?: Promise<void> }>({ maxEntries: 10_000 });

  constructor(
    private readonly shared: SharedState | undefined,
    private readonly options: SemanticCacheOptions,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
  ) {
    this.clock = options.clock ?? Date.now;
    this.index = new SemanticIndex({ maxEntriesPerOrg: options.maxEntriesPerOrg, maxEntries: options.maxEntries, maxBytes: options.maxBytes, clock: this.clock, annFrom: options.annFrom });
    if (shared) {
      this.writes = new BoundedQueue(
        { name: 'semantic_cache_writes', maxItems: 10_000, maxBatch: 100, flushIntervalMs: 50 },
        (batch) => this.writeShared(batch),
        { onFailure: (error) => logger.warn({ err: error }, 'semantic cache: shared write failed') },
      );
    }
  }

  async lookup(orgId: string, bucket: string, vector: Float32Array, features: PromptFeatures, threshold: number): Promise<SemanticLookup> {
    this.addPending();
    if (this.shared) {
      // A long log (a restart, a new instance) is read into the index in the background: a request waits a
      // moment for it, never for all of it.
      const reading = this.refresh(orgId);
      if (reading) await Promise.race([reading, delay(REFRESH_WAIT_MS)]);
    }
    return this.index.lookup(orgId, bucket, vector, features, threshold);
  }

  /** Stores an answer: into this instance's index after the response (an HNSW insertion costs up to a millisecond), into the shared log in the background. */
  store(orgId: string, bucket: string, prompt: string, vector: Float32Array, features: PromptFeatures, answer: CachedAnswer): void {
    const entry = { id: entryId(), vector, answer, expiresAt: this.clock() + this.options.ttlMs };
    if (this.pendingAdds.length < MAX_PENDING_ADDS) this.pendingAdds.push({ orgId, bucket, entry, features });
    this.pendingTimer ??= setImmediate(() => this.addPending());
    if (!this.writes) return;
    this.writes.push({ orgId, entry: { id: entry.id, bucket, prompt, vector: float32ToBase64(vector), answer, expiresAt: entry.expiresAt } });
  }

  get backlog(): BoundedQueue<{ orgId: string; entry: SharedEntry }> | undefined {
    return this.writes;
  }

  /** Puts what was stored into the index now (a lookup does it first too). */
  addPending(): void {
    if (this.pendingTimer) clearImmediate(this.pendingTimer);
    this.pendingTimer = undefined;
    const pending = this.pendingAdds;
    if (pending.length === 0) return;
    this.pendingAdds = [];
    for (const { orgId, bucket, entry, features } of pending) this.index.add(orgId, bucket, semanticEntry(entry.id, entry.vector, features, entry.answer, entry.expiresAt));
  }

  async flush(): Promise<void> {
    this.addPending();
    await this.writes?.flush();
  }

  async close(giveUpAt?: number): Promise<void> {
    this.addPending();
    await this.writes?.close(giveUpAt);
  }

  /** Reads what other instances stored since the last read (at most every refreshMs; one read at a time per org). */
  private refresh(orgId: string): Promise<void> | undefined {
    const now = this.clock();
    let state = this.refreshed.get(orgId);
    if (!state) {
      state = { lastId: '', at: 0 };
      this.refreshed.set(orgId, state);
    }
    if (state.pending) return state.pending;
    if (now - state.at < (this.options.refreshMs ?? 1000)) return undefined;
    state.at = now;
    const current = state;
    current.pending = this.readLog(orgId, current).finally(() => {
      current.pending = undefined;
    });
    return current.pending;
  }

  private async readLog(orgId: string, state: { lastId: string }): Promise<void> {
    try {
      for (let page = 0; page < 20; page++) {
        const entries = await this.shared!.readLog(logKey(orgId), state.lastId, 500);
        for (const { id, value } of entries) {
          state.lastId = id;
          this.addShared(orgId, value);
        }
        if (entries.length < 500) return;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'semantic cache: reading the shared log failed; this instance answers from its own entries');
    }
  }

  private addShared(orgId: string, value: string): void {
    try {
      const entry = JSON.parse(value) as Omit<SharedEntry, 'answer'> & { answer: unknown };
      if (entry.expiresAt <= this.clock() || this.index.knows(orgId, entry.id)) return;
      const answer = answerFromShared(entry.answer);
      if (!answer) throw new Error('the entry holds no answer');
      const vector = base64ToFloat32(entry.vector);
      if (!vector) throw new Error('the entry\'s vector is not base64 of float32 values');
      this.index.add(orgId, entry.bucket, semanticEntry(entry.id, vector, promptFeatures(entry.prompt), answer, entry.expiresAt));
    } catch (error) {
      this.logger.warn({ err: error }, 'semantic cache: a shared entry could not be read; skipped');
    }
  }

  private async writeShared(batch: Array<{ orgId: string; entry: SharedEntry }>): Promise<void> {
    for (const { orgId, entry } of batch) {
      const { answer, ...rest } = entry;
      const text = `${JSON.stringify(rest).slice(0, -1)},"answer":${answerToJson(answer)}}`;
      await this.shared!.appendLog(logKey(orgId), text, this.options.maxEntriesPerOrg, this.options.ttlMs);
    }
  }
}

/** How long a lookup waits for the shared log to be read before it answers from what the index holds. */
const REFRESH_WAIT_MS = 50;
/** Answers waiting to enter the index; beyond this many (a burst), the newest are not cached. */
const MAX_PENDING_ADDS = 10_000;
/**
 * An entry's id, unique across instances (96 random bits). Not randomUUID(): Node builds a UUID by joining 20
 * pieces, and the joined string stays a rope of 19 parts in the heap for as long as the entry lives.
 */
const entryId = () => randomText(12, 'base64url');
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** One log per org: entries never cross orgs. */
const logKey = (orgId: string) => `cache:semantic:${orgId}`;

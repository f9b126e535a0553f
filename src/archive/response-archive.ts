import type { Logger } from 'pino';
import type { ChatMessage } from '../core/chat-types.js';
import { BoundedQueue } from '../shared/bounded-queue.js';
import { LruCache, type Clock } from '../shared/lru-cache.js';
import type { ResponseStore, StoredResponse } from '../core/storage-interfaces.js';

export interface ArchivedResponse {
  /** The response object as returned to the caller. */
  response: Record<string, unknown>;
  /** The chat messages of the conversation up to and including this answer (no instructions). */
  conversation: ChatMessage[];
}

export interface ResponseArchiveOptions {
  retentionMs: number;
  /** Recent responses answered from memory, without a database read (a conversation continues within seconds). */
  recentEntries?: number;
  clock?: Clock;
}

const hourMs = 60 * 60 * 1000;

/** A response waiting for its batch: serialized when the batch is written, not while its answer is on the way. */
interface QueuedResponse {
  orgId: string;
  createdAt: number;
  archived: ArchivedResponse;
  /** The response's JSON when the answer already serialized it (sent once, kept as sent). */
  responseJson: string | undefined;
}

/**
 * Responses kept with `store: true`, per org, for `previous_response_id` and `GET /v1/responses/{id}`.
 * The write never holds the answer: the record goes to a bounded queue flushed in batches (and on
 * shutdown); the recent ones stay in memory so a follow-up turn finds its predecessor before the flush.
 */
export class ResponseArchive {
  private readonly recent: LruCache<string, ArchivedResponse>;
  private readonly queue: BoundedQueue<QueuedResponse>;
  private readonly expiry: NodeJS.Timeout;
  private readonly clock: Clock;

  constructor(
    private readonly store: ResponseStore,
    private readonly options: ResponseArchiveOptions,
    logger: Pick<Logger, 'warn' | 'error'>,
  ) {
    this.clock = options.clock ?? Date.now;
    this.recent = new LruCache({ maxEntries: options.recentEntries ?? 2000, ttlMs: options.retentionMs, clock: this.clock });
    this.queue = new BoundedQueue(
      { name: 'stored_responses', maxItems: 10_000, maxBatch: 200, flushIntervalMs: 500 },
      (batch) => store.putResponses(batch.map((queued) => this.rowOf(queued))),
      {
        onFailure: (error, size) => logger.warn({ err: error, size }, 'stored responses: write failed; retried at the next flush'),
        onDrop: (dropped) => logger.error({ dropped }, 'stored responses: queue full, a response was not stored'),
        onLoss: (lost) => logger.error({ lost }, 'stored responses: not written before shutdown'),
      },
    );
    this.expiry = setInterval(() => void this.deleteExpired().catch((error) => logger.warn({ err: error }, 'stored responses: expiry failed')), hourMs);
    this.expiry.unref();
  }

  /**
   * Keeps a response of `orgId`; returns at once. `responseJson`: the response as the answer serialized it, when it did.
   * What is kept is read, never changed, after this call: it is serialized when its batch is written.
   */
  keep(orgId: string, archived: ArchivedResponse, responseJson?: string): void {
    const id = archived.response.id as string;
    this.recent.set(keyOf(orgId, id), archived);
    this.queue.push({ orgId, createdAt: this.clock(), archived, responseJson });
  }

  /** The response `id` of `orgId`; another org's, an expired or an unknown id is undefined. */
  async find(orgId: string, id: string): Promise<ArchivedResponse | undefined> {
    const recent = this.recent.get(keyOf(orgId, id));
    if (recent) return recent;
    const stored = await this.store.getResponse(orgId, id, new Date(this.clock()).toISOString());
    if (!stored) return undefined;
    return { response: JSON.parse(stored.response) as Record<string, unknown>, conversation: JSON.parse(stored.conversation) as ChatMessage[] };
  }

  deleteExpired(): Promise<number> {
    return this.store.deleteExpiredResponses(new Date(this.clock()).toISOString());
  }

  get backlog(): BoundedQueue<QueuedResponse> {
    return this.queue;
  }

  /** Writes what is queued (at shutdown), until `giveUpAt` at the latest. */
  async close(giveUpAt?: number): Promise<void> {
    clearInterval(this.expiry);
    await this.queue.close(giveUpAt);
  }

  private rowOf({ orgId, createdAt, archived, responseJson }: QueuedResponse): StoredResponse {
    return {
      id: archived.response.id as string,
      org_id: orgId,
      created_at: new Date(createdAt).toISOString(),
      expires_at: new Date(createdAt + this.options.retentionMs).toISOString(),
      response: responseJson ?? JSON.stringify(archived.response),
      conversation: JSON.stringify(archived.conversation),
    };
  }

  /** Tests: waits until what is queued is written. */
  flush(): Promise<void> {
    return this.queue.flush();
  }
}

const keyOf = (orgId: string, id: string) => `${orgId}\u0000${id}`;

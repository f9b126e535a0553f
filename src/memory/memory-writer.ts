import type { Logger } from 'pino';
import { BoundedQueue } from '../shared/bounded-queue.js';
import type { ConversationMemory, Turn } from './conversation-memory.js';
import type { FactMemory } from './fact-memory.js';

export interface MemoryWrite {
  orgId: string;
  conversationId: string;
  requestId: string;
  turn: Turn;
  at: string;
  /** Set once the turn is appended, so that a batch retried for its facts does not append it again. */
  turnStored?: boolean;
}

/**
 * Post-response memory storage (issue 18): each answered turn appended to the recent turns (L1) and its
 * facts extracted and stored (L2), after the answer, in a bounded queue flushed on shutdown. A write starts
 * at once, so the next turn of a conversation finds it; the caller never waits for it.
 */
export class MemoryWriter {
  private readonly queue: BoundedQueue<MemoryWrite>;

  constructor(
    private readonly recent: ConversationMemory,
    private readonly facts: FactMemory,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    this.queue = new BoundedQueue({ name: 'memory_writes', maxItems: 10_000, maxBatch: 50, flushIntervalMs: 100 }, (batch) => this.write(batch), {
      onFailure: (error) => logger.warn({ err: error }, 'memory: facts not stored yet; retried at the next flush'),
      onDrop: (dropped) => logger.warn({ dropped }, 'memory: write queue full, turn not remembered'),
    });
  }

  get backlog(): BoundedQueue<MemoryWrite> {
    return this.queue;
  }

  store(write: MemoryWrite): void {
    if (this.queue.push(write)) void this.queue.flush();
  }

  /** Waits for what is queued (tests, shutdown). */
  flush(): Promise<void> {
    return this.queue.flush();
  }

  close(): Promise<void> {
    return this.queue.close();
  }

  private async write(batch: MemoryWrite[]): Promise<void> {
    for (const write of batch) {
      if (write.turnStored) continue;
      // A failed append is logged, not retried: the append of the shared state is not idempotent.
      await this.recent.remember(write.orgId, write.conversationId, write.turn).catch((error: unknown) => this.logger.warn({ err: error, requestId: write.requestId }, 'memory: turn not stored'));
      write.turnStored = true;
    }
    // Facts have ids of their request: a batch retried after a failure stores nothing twice.
    for (const write of batch) await this.facts.learn(write.orgId, write.conversationId, write.requestId, write.turn.user, write.at);
  }
}

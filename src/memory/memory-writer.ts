import type { Logger } from 'pino';
import { BoundedQueue } from '../shared/bounded-queue.js';
import type { ConversationMemory, Turn } from './conversation-memory.js';
import type { FactMemory } from './fact-memory.js';

/** How long a turn's facts wait at most to be extracted and stored with others. */
const FACTS_FLUSH_MS = 500;

export interface MemoryWrite {
  orgId: string;
  conversationId: string;
  requestId: string;
  turn: Turn;
  at: string;
}

/**
 * Post-response memory storage (issue 18), after the answer, in bounded queues flushed on shutdown: each
 * answered turn appended to the recent turns (L1) at once, so that the next turn of the conversation finds
 * it, and its facts extracted and stored (L2) in a queue of their own, whose slower work never holds the
 * turns back. The caller never waits for either.
 */
export class MemoryWriter {
  private readonly turns: BoundedQueue<MemoryWrite>;
  private readonly facts: BoundedQueue<MemoryWrite>;

  constructor(recent: ConversationMemory, facts: FactMemory, logger: Pick<Logger, 'warn'>) {
    const dropped = (what: string) => (count: number) => logger.warn({ dropped: count }, `memory: write queue full, ${what} not remembered`);
    this.turns = new BoundedQueue(
      { name: 'memory_turn_writes', maxItems: 10_000, maxBatch: 50, flushIntervalMs: 100 },
      async (batch) => {
        // A failed append is logged, not retried: the append of the shared state is not idempotent.
        for (const write of batch) await recent.remember(write.orgId, write.conversationId, write.turn).catch((error: unknown) => logger.warn({ err: error, requestId: write.requestId }, 'memory: turn not stored'));
      },
      { onDrop: dropped('turn') },
    );
    // Facts have ids of their request: a batch retried after a failure stores nothing twice. They wait for a full batch
    // or the timer, not the next turn: the recent turns (flushed at once) carry what was just said, facts serve what
    // was said long ago, and a batch is one message to the extraction thread and one write however many turns it holds.
    this.facts = new BoundedQueue(
      { name: 'memory_fact_writes', maxItems: 10_000, maxBatch: 50, flushIntervalMs: FACTS_FLUSH_MS },
      async (batch) => {
        await facts.learn(batch.map((write) => ({ orgId: write.orgId, conversationId: write.conversationId, requestId: write.requestId, userText: write.turn.user, at: write.at })));
      },
      { onFailure: (error) => logger.warn({ err: error }, 'memory: facts not stored yet; retried at the next flush'), onDrop: dropped('facts') },
    );
  }

  get backlogs(): Array<BoundedQueue<MemoryWrite>> {
    return [this.turns, this.facts];
  }

  /** Queues the turn and its facts; resolves once the turn is appended (a caller may wait for it, none needs to). */
  store(write: MemoryWrite): Promise<void> {
    this.facts.push(write);
    return this.turns.push(write) ? this.turns.flush() : Promise.resolve();
  }

  /** Waits for what is queued (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all([this.turns.flush(), this.facts.flush()]);
  }

  async close(giveUpAt?: number): Promise<void> {
    await Promise.all([this.turns.close(giveUpAt), this.facts.close(giveUpAt)]);
  }
}

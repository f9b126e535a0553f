/** L2 memory's storage (issue 18): the facts users stated, per org and conversation. */

/** What a remembered fact names. */
export type FactEntityKind = 'person' | 'organization' | 'place' | 'date' | 'quantity' | 'preference' | 'name' | 'attribute';

/** A durable fact of a conversation (L2 memory): one sentence the user said, and what it names. */
export interface MemoryFact {
  id: string;
  org_id: string;
  conversation_id: string;
  created_at: string;
  /** The user's sentence, as said. */
  text: string;
  entities: Array<{ kind: FactEntityKind; value: string }>;
  /** The sentence's embedding (the built-in embedder, int8, base64); '' when it has none. */
  embedding: string;
}

export interface MemoryFactStore {
  /** Stores facts; an id already stored is left as it is. */
  putFacts(facts: MemoryFact[]): Promise<void>;
  /** The newest `limit` facts of one conversation of one org, newest first. */
  listFacts(orgId: string, conversationId: string, limit: number): Promise<MemoryFact[]>;
  /** The facts of one conversation stored at `since` (an ISO timestamp) or later, newest first, at most `limit`. */
  listFactsSince(orgId: string, conversationId: string, since: string, limit: number): Promise<MemoryFact[]>;
  /** How many facts one conversation holds, and when the newest was stored (null: none): whether a copy is current. */
  factsSummary(orgId: string, conversationId: string): Promise<{ total: number; newest: string | null }>;
  /** Deletes all but one conversation's `keep` newest facts (by time, then id): the number deleted. */
  pruneFacts(orgId: string, conversationId: string, keep: number): Promise<number>;
  /** Deletes one conversation's facts, or, without a conversation, every fact of the org: the number deleted. */
  deleteFacts(orgId: string, conversationId?: string): Promise<number>;
}

import type { SharedState } from '../core/storage-interfaces.js';

/** Turns kept per conversation (L1: the recent ones). */
const MAX_TURNS = 20;
/** A conversation nobody continues for a week is forgotten. */
const CONVERSATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Turn {
  user: string;
  assistant: string;
}

/**
 * L1 memory (issue 18): the recent turns of each conversation, in the shared state (Redis across replicas),
 * keyed by org and conversation so that nothing is ever recalled across orgs or conversations.
 */
export class ConversationMemory {
  constructor(private readonly state: SharedState) {}

  private key(orgId: string, conversationId: string): string {
    return `memory:l1:${orgId}:${conversationId}`;
  }

  /** The stored turns, oldest first. */
  async recent(orgId: string, conversationId: string): Promise<Turn[]> {
    const entries = await this.state.readLog(this.key(orgId, conversationId), '', MAX_TURNS * 2);
    return entries.slice(-MAX_TURNS).map((entry) => JSON.parse(entry.value) as Turn);
  }

  remember(orgId: string, conversationId: string, turn: Turn): Promise<string> {
    return this.state.appendLog(this.key(orgId, conversationId), JSON.stringify(turn), MAX_TURNS, CONVERSATION_TTL_MS);
  }
}

import type { SharedState } from '../core/shared-state.js';

/** Turns kept per conversation (L1: the recent ones). */
const MAX_TURNS = 20;
/** A conversation nobody continues for a week is forgotten. */
const CONVERSATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The org's index of its conversations (what "forget all" walks), about this many at most. */
const MAX_INDEXED = 100_000;
const PAGE = 1000;

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

  async remember(orgId: string, conversationId: string, turn: Turn): Promise<void> {
    const { started } = await this.state.appendLog(this.key(orgId, conversationId), JSON.stringify(turn), MAX_TURNS, CONVERSATION_TTL_MS);
    // Indexed when its log starts, so that forgetting the org finds it: once per conversation, again only if its log
    // expired or was dropped meanwhile (forgetOrg reads the index as a set). No marker key a conversation: in process
    // those were entries of their own, a week each, that no bound held.
    if (started) {
      // Pinned: an in-process state short of room drops conversations, never the index that forgetting the org walks.
      await this.state.appendLog(this.indexKey(orgId), conversationId, MAX_INDEXED, CONVERSATION_TTL_MS, { pinned: true });
    }
  }

  /** Forgets one conversation. */
  async forget(orgId: string, conversationId: string): Promise<boolean> {
    const held = (await this.state.readLog(this.key(orgId, conversationId), '', 1)).length > 0;
    await this.state.delete(this.key(orgId, conversationId));
    // The marker of versions before the index was kept by the log's start: gone within a week, deleted with it meanwhile.
    await this.state.delete(this.indexedKey(orgId, conversationId));
    return held;
  }

  /** Forgets every conversation of the org (right to be forgotten): the number forgotten. */
  async forgetOrg(orgId: string): Promise<number> {
    const seen = new Set<string>();
    let after = '';
    for (;;) {
      const page = await this.state.readLog(this.indexKey(orgId), after, PAGE);
      for (const entry of page) seen.add(entry.value);
      if (page.length < PAGE) break;
      after = page[page.length - 1].id;
    }
    let forgotten = 0;
    for (const conversationId of seen) if (await this.forget(orgId, conversationId)) forgotten++;
    await this.state.delete(this.indexKey(orgId));
    return forgotten;
  }

  private indexedKey(orgId: string, conversationId: string): string {
    return `memory:l1-indexed:${orgId}:${conversationId}`;
  }

  private indexKey(orgId: string): string {
    return `memory:l1-index:${orgId}`;
  }
}

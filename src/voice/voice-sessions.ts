import type { ChatMessage } from '../core/chat-types.js';
import type { SharedState } from '../core/storage-interfaces.js';

/** Turns kept per session: enough for a spoken conversation, bounded so a prompt cannot grow without end. */
const MAX_TURNS = 20;
/** A session nobody speaks in for a day is forgotten. */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

interface Turn {
  user: string;
  assistant: string;
}

/**
 * The turn history of voice sessions in full mode (spec 4.9): a capped log per org and conversation in the
 * shared state (Redis across replicas), so the chat step of the next turn sees the earlier ones. Keys carry
 * the org: one org never reads another's session, whatever id it sends.
 */
export class VoiceSessions {
  constructor(private readonly state: SharedState) {}

  private key(orgId: string, conversationId: string): string {
    return `voice-turns:${orgId}:${conversationId}`;
  }

  /** The earlier turns as chat messages, oldest first. */
  async history(orgId: string, conversationId: string): Promise<ChatMessage[]> {
    const entries = await this.state.readLog(this.key(orgId, conversationId), '', MAX_TURNS * 2);
    const messages: ChatMessage[] = [];
    for (const entry of entries.slice(-MAX_TURNS)) {
      const turn = JSON.parse(entry.value) as Turn;
      messages.push({ role: 'user', content: turn.user }, { role: 'assistant', content: turn.assistant });
    }
    return messages;
  }

  remember(orgId: string, conversationId: string, turn: Turn): Promise<string> {
    return this.state.appendLog(this.key(orgId, conversationId), JSON.stringify(turn), MAX_TURNS, SESSION_TTL_MS);
  }
}

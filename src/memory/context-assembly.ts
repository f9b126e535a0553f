import { countTokens } from '../billing/token-estimator.js';
import { textOfContent } from '../core/chat-text.js';
import type { ChatMessage } from '../core/chat-types.js';
import type { Turn } from './conversation-memory.js';
import type { RecalledFact } from './fact-memory.js';

/** The recalled memory takes at most this many tokens of the prompt; facts at most a third of it. */
const MEMORY_TOKEN_BUDGET = 1500;
const FACT_TOKEN_BUDGET = 500;
/** Recent turns recalled at most (L1): older ones are reached through their facts (L2). */
const MAX_RECENT_TURNS = 6;
/** More characters than any text but a freak takes per token (English ~4, code ~3, CJK ~1). */
const MAX_CHARS_PER_TOKEN = 12;

export interface AssembledMemory {
  turns: Turn[];
  facts: RecalledFact[];
}

/** What the request already carries, so nothing is recalled twice. */
export function carriedTexts(messages: ChatMessage[]): Set<string> {
  return new Set(messages.map((message) => textOfContent(message.content).trim()));
}

/**
 * The recent turns worth recalling: the newest first within the budget and the turn limit, none the
 * request already carries (a client that resends its history gets nothing twice), returned oldest first.
 */
export function recallableTurns(turns: Turn[], carried: Set<string>): Turn[] {
  const chosen: Turn[] = [];
  let tokens = 0;
  for (let index = turns.length - 1; index >= 0 && chosen.length < MAX_RECENT_TURNS; index--) {
    const turn = turns[index];
    if (carried.has(turn.user.trim()) || carried.has(turn.assistant.trim())) continue;
    // A turn far longer than what is left cannot fit: it is not counted (the tokenizer takes ~40 ms a megabyte).
    if (turn.user.length + turn.assistant.length > (MEMORY_TOKEN_BUDGET - FACT_TOKEN_BUDGET - tokens) * MAX_CHARS_PER_TOKEN) break;
    const cost = countTokens(turn.user) + countTokens(turn.assistant) + 8;
    if (tokens + cost > MEMORY_TOKEN_BUDGET - FACT_TOKEN_BUDGET) break;
    tokens += cost;
    chosen.unshift(turn);
  }
  return chosen;
}

/** The recalled facts that fit the fact budget, best first. */
export function affordableFacts(facts: RecalledFact[]): RecalledFact[] {
  const chosen: RecalledFact[] = [];
  let tokens = 0;
  for (const fact of facts) {
    const cost = countTokens(fact.text) + 4;
    if (tokens + cost > FACT_TOKEN_BUDGET) break;
    tokens += cost;
    chosen.push(fact);
  }
  return chosen;
}

/**
 * The recalled memory as one system message after the caller's own system messages: what the user stated
 * long ago first, then the recent turns, oldest first.
 */
export function withMemory(messages: ChatMessage[], memory: AssembledMemory): ChatMessage[] {
  const lines = [
    ...memory.facts.map((fact) => `User, earlier: ${fact.text}`),
    ...memory.turns.map((turn) => `User: ${turn.user}\nAssistant: ${turn.assistant}`),
  ];
  const recalled: ChatMessage = { role: 'system', content: `Earlier in this conversation (recalled by svc):\n${lines.join('\n')}` };
  let position = 0;
  while (position < messages.length && (messages[position].role === 'system' || messages[position].role === 'developer')) position++;
  return [...messages.slice(0, position), recalled, ...messages.slice(position)];
}

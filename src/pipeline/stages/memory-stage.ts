import { GatewayError } from '../../errors/gateway-error.js';
import { loadTokenizer } from '../../billing/token-estimator.js';
import type { Logger } from 'pino';
import { textOfContent } from '../../core/chat-text.js';
import type { ChatCompletionChunk } from '../../core/chat-types.js';
import type { Outcome } from '../../core/operations.js';
import { tapStream } from '../../core/stream-tap.js';
import { affordableFacts, carriedTexts, recallableTurns, withMemory } from '../../memory/context-assembly.js';
import type { ConversationMemory, Turn } from '../../memory/conversation-memory.js';
import type { FactExtractor } from '../../memory/fact-extractor.js';
import { recallWindow, type FactMemory, type RecalledFact } from '../../memory/fact-memory.js';
import type { MemoryWriter } from '../../memory/memory-writer.js';
import { planMemoryRecall, type MemoryPlan } from '../../memory/memory-router.js';
import { conversationOf, type RoutedContext } from '../request-context.js';
import type { Stage } from '../stage.js';
import type { RouteRequest } from '../route-request.js';

/** The memory lookup waits at most this long; past it the request goes on without memory. */
const RECALL_BUDGET_MS = 50;

export interface MemoryParts {
  turns: ConversationMemory;
  facts: FactMemory;
  writer: MemoryWriter;
  /** The worker thread facts are extracted on, closed with the gateway. */
  extractor?: FactExtractor;
}

interface Recalled {
  turns: Turn[];
  facts: RecalledFact[];
}

/** Reads what the plan asks for, within the latency budget. */
async function recall(parts: MemoryParts, orgId: string, conversation: string, plan: MemoryPlan, prompt: string, context: RoutedContext<'chat'>): Promise<Recalled | 'late'> {
  const messages = context.request.messages;
  const lookup = Promise.all([plan.recent ? parts.turns.recent(orgId, conversation) : [], plan.facts ? parts.facts.recallable(orgId, conversation) : []]).then(([turns, facts]) => {
    // The request's texts are read only when there is memory to hold them against: an agent resending a 70 KB
    // conversation paid ~150 µs a request for a set of them, and a copy of them all, whether or not anything was recalled.
    const chosenTurns = turns.length > 0 ? recallableTurns(turns, carriedTexts(messages)) : [];
    let texts: string[] | undefined;
    // A fact is a sentence of a user turn: present when a message of the request or a recalled turn holds it.
    const present = (text: string) => {
      texts ??= messages.map((message) => textOfContent(message.content));
      return texts.some((held) => held.includes(text)) || chosenTurns.some((turn) => turn.user.includes(text));
    };
    return { turns: chosenTurns, facts: affordableFacts(parts.facts.recall(facts, prompt, present)) };
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), RECALL_BUDGET_MS)));
  try {
    return await Promise.race([lookup, late]);
  } finally {
    clearTimeout(timer);
    lookup.catch(() => undefined);
  }
}

/** Routes the request again, its classifier reading the recalled turns; a route that fails to come keeps the first. */
function rerouteWithTurns(context: RoutedContext<'chat'>, route: RouteRequest, turns: readonly Turn[]): void {
  // As a conversation the caller sends: each turn's user text, then its answer (the router counts turns as pairs).
  const texts: string[] = [];
  for (const turn of turns) texts.push(turn.user, turn.assistant);
  try {
    context.route = route(context, texts);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
  }
}

/**
 * Full-mode memory of a conversation (`svc.conversation_id` or `x-svc-conversation-id`; spec 4.9): the memory
 * router cascade decides what the request needs (nothing, the recent turns, facts from long ago), the
 * recalled memory goes into one system message before the caches (which then key on it), and the answered
 * turn is stored after the answer. `enable_memory: false` turns off both. An `auto` request the router chose for
 * (not a chain's pinned model) is routed again with the recalled turns: the classifier reads a follow-up with what
 * it follows, as it does when the caller sends the history itself.
 */
export function memoryStage(parts: MemoryParts, logger: Pick<Logger, 'warn'>, route?: RouteRequest): Stage<'chat'> {
  return {
    name: 'memory_injection',
    appliesTo: (context) => conversationOf(context.options) !== undefined,
    async intercept(context: RoutedContext<'chat'>, next) {
      const orgId = context.principal.orgId;
      const conversation = conversationOf(context.options)!;
      // The first conversation starts the extraction thread, so this turn's facts do not wait for it.
      parts.extractor?.start();
      const request = context.request;
      const lastUser = [...request.messages].reverse().find((message) => message.role === 'user');
      const prompt = lastUser ? textOfContent(lastUser.content) : '';
      const plan = planMemoryRecall(recallWindow(prompt), request.messages.some((message) => message.role === 'assistant'));
      context.memoryRecall = plan.reason;
      if (lastUser && (plan.recent || plan.facts)) {
        try {
          // The recalled memory is fitted to a token budget: counted with the tokenizer, loaded on first need.
          await loadTokenizer();
          const recalled = await recall(parts, orgId, conversation, plan, prompt, context);
          if (recalled === 'late') context.memoryRecall = `${plan.reason}: none (lookup over ${RECALL_BUDGET_MS} ms)`;
          else {
            context.memoryRecall = `${plan.reason}: ${recalled.turns.length} turns, ${recalled.facts.length} facts`;
            // Routed again before the memory joins the request: the classifier reads the turns as history, not as a system prompt.
            if (route && recalled.turns.length > 0 && context.route.decisionSource === 'AutoRouter') rerouteWithTurns(context, route, recalled.turns);
            if (recalled.turns.length + recalled.facts.length > 0) context.request = { ...request, messages: withMemory(request.messages, recalled) };
          }
        } catch (error) {
          logger.warn({ err: error, requestId: context.requestId }, 'memory recall failed');
        }
      }
      const outcome: Outcome<'chat'> = await next();
      if (!lastUser) return outcome;
      const store = (assistant: string) => {
        if (assistant.trim() === '') return;
        void parts.writer.store({ orgId, conversationId: conversation, requestId: context.requestId, turn: { user: prompt, assistant }, at: new Date().toISOString() });
      };
      if (outcome.kind === 'complete') {
        store(outcome.result.choices[0]?.message.content ?? '');
        return outcome;
      }
      let answer = '';
      const chunks = tapStream(
        outcome.chunks,
        (chunk: ChatCompletionChunk) => {
          const delta = chunk.choices[0]?.delta.content;
          if (delta) answer += delta;
        },
        (complete) => {
          if (complete) store(answer);
        },
      );
      return { kind: 'stream', chunks };
    },
  };
}

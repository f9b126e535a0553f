import type { Logger } from 'pino';
import { countTokens } from '../../billing/token-estimator.js';
import { textOfContent } from '../../core/chat-text.js';
import type { ChatCompletionChunk, ChatMessage } from '../../core/chat-types.js';
import type { Outcome } from '../../core/operations.js';
import { tapStream } from '../../core/stream-tap.js';
import type { ConversationMemory, Turn } from '../../memory/conversation-memory.js';
import type { RequestContext, RoutedContext } from '../request-context.js';
import type { Stage } from '../stage.js';

/** The recalled turns take at most this many tokens of the prompt. */
const MEMORY_TOKEN_BUDGET = 1500;

const conversationOf = (context: RequestContext) => context.options.svc.conversation_id ?? context.options.metadata.conversation_id;

/**
 * The turns worth recalling: the newest first within the token budget, none the request already carries
 * (a client that resends its history gets nothing twice), returned oldest first.
 */
function recallable(turns: Turn[], messages: ChatMessage[]): Turn[] {
  const carried = new Set(messages.map((message) => textOfContent(message.content).trim()));
  const chosen: Turn[] = [];
  let tokens = 0;
  for (let index = turns.length - 1; index >= 0; index--) {
    const turn = turns[index];
    if (carried.has(turn.user.trim()) || carried.has(turn.assistant.trim())) continue;
    const cost = countTokens(turn.user) + countTokens(turn.assistant) + 8;
    if (tokens + cost > MEMORY_TOKEN_BUDGET) break;
    tokens += cost;
    chosen.unshift(turn);
  }
  return chosen;
}

/** The recalled turns as one system message, placed after the caller's own system messages. */
function withMemory(messages: ChatMessage[], turns: Turn[]): ChatMessage[] {
  const recalled = turns.map((turn) => `User: ${turn.user}\nAssistant: ${turn.assistant}`).join('\n');
  const memory: ChatMessage = { role: 'system', content: `Earlier in this conversation (recalled by svc):\n${recalled}` };
  let position = 0;
  while (position < messages.length && (messages[position].role === 'system' || messages[position].role === 'developer')) position++;
  return [...messages.slice(0, position), memory, ...messages.slice(position)];
}

/**
 * Full-mode memory of a conversation (`svc.conversation_id` or `x-svc-conversation-id`; spec 4.9): the
 * recent turns the request does not carry are injected before the caches (which then key on them), and
 * the new turn is stored once answered. `enable_memory: false` turns off both.
 */
export function memoryStage(memory: ConversationMemory, logger: Pick<Logger, 'warn'>): Stage<'chat'> {
  return {
    name: 'memory_injection',
    appliesTo: (context) => conversationOf(context) !== undefined,
    async intercept(context: RoutedContext<'chat'>, next) {
      const orgId = context.principal.orgId;
      const conversation = conversationOf(context)!;
      const request = context.request;
      const lastUser = [...request.messages].reverse().find((message) => message.role === 'user');
      try {
        const turns = recallable(await memory.recent(orgId, conversation), request.messages);
        if (turns.length > 0) context.request = { ...request, messages: withMemory(request.messages, turns) };
      } catch (error) {
        logger.warn({ err: error, requestId: context.requestId }, 'memory recall failed');
      }
      const outcome: Outcome<'chat'> = await next();
      if (!lastUser) return outcome;
      const store = (assistant: string) => {
        if (assistant.trim() === '') return;
        memory.remember(orgId, conversation, { user: textOfContent(lastUser.content), assistant }).catch((error: unknown) => logger.warn({ err: error, requestId: context.requestId }, 'memory not stored'));
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

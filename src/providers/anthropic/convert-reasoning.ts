import type { ReasoningEffort } from '../../core/chat-types.js';
import type { AnthropicMessage, AnthropicThinkingConfig } from './wire-types.js';
import { addWarning } from '../shared/warnings.js';
import { THINKING_BUDGETS } from '../../core/thinking-budgets.js';

/** Anthropic requires max_tokens; without the caller's value and the model's documented maximum, this is the answer budget. */
export const DEFAULT_MAX_TOKENS = 4096;

/** Anthropic's smallest accepted thinking budget. */
export const MINIMUM_THINKING_BUDGET = 1024;


export interface ThinkingPlan {
  thinking?: AnthropicThinkingConfig;
  maxTokens: number;
}

export interface ThinkingContext {
  reasoningEffort: ReasoningEffort | undefined;
  /** An exact thinking budget (an Anthropic caller's `budget_tokens`): used as given where Anthropic takes it. */
  budgetTokens?: number;
  /** The caller's max_tokens (OpenAI counts reasoning in it, as Anthropic counts thinking in max_tokens). */
  maxTokens: number | undefined;
  /** Whether tool_choice forces a tool call (Anthropic `any` or `tool`). */
  forcesToolUse: boolean;
  messages: AnthropicMessage[];
  modelReasons: boolean;
  /** The model's `max_output_tokens` from the catalog: the default max_tokens when the caller gives none. */
  modelMaxOutputTokens?: number;
}

/**
 * Decides extended thinking and max_tokens together, because Anthropic requires
 * budget_tokens >= 1024 and budget_tokens < max_tokens. Thinking is left off, with a warning, where
 * Anthropic would reject it: a forced tool_choice, a final assistant turn (prefill), or a tool round
 * trip in progress whose assistant turn does not carry its thinking blocks (Anthropic wants them echoed back;
 * only a caller of the Messages API has them).
 */
export function planThinking(context: ThinkingContext, warnings: string[]): ThinkingPlan {
  const budget = context.budgetTokens ?? (context.reasoningEffort ? THINKING_BUDGETS[context.reasoningEffort] : undefined);
  const defaultMaxTokens = context.modelMaxOutputTokens ?? DEFAULT_MAX_TOKENS;
  const withoutThinking: ThinkingPlan = { maxTokens: context.maxTokens ?? defaultMaxTokens };
  if (budget === undefined) return withoutThinking;
  const reason = reasonAgainstThinking(context);
  if (reason) {
    addWarning(warnings, `reasoning_effort was ignored: ${reason}`);
    return withoutThinking;
  }
  // The caller's own budget goes through as given when Anthropic's rule holds (budget below max_tokens).
  if (context.budgetTokens !== undefined && context.maxTokens !== undefined && context.budgetTokens < context.maxTokens) return { thinking: { type: 'enabled', budget_tokens: context.budgetTokens }, maxTokens: context.maxTokens };
  if (context.maxTokens === undefined) {
    // The model's maximum holds thinking and answer together; without one, the answer gets the default on top of the budget.
    const maxTokens = context.modelMaxOutputTokens !== undefined && budget < context.modelMaxOutputTokens / 2 ? context.modelMaxOutputTokens : budget + DEFAULT_MAX_TOKENS;
    return { thinking: { type: 'enabled', budget_tokens: budget }, maxTokens };
  }
  if (budget < context.maxTokens / 2) return { thinking: { type: 'enabled', budget_tokens: budget }, maxTokens: context.maxTokens };
  // The caller's max_tokens bounds thinking and answer together: give thinking half of it at most.
  const reducedBudget = Math.floor(context.maxTokens / 2);
  if (reducedBudget < MINIMUM_THINKING_BUDGET) {
    addWarning(warnings, `reasoning_effort was ignored: max_tokens ${context.maxTokens} leaves no room for Anthropic's minimum thinking budget of ${MINIMUM_THINKING_BUDGET}`);
    return withoutThinking;
  }
  addWarning(warnings, `the thinking budget was reduced to ${reducedBudget} tokens to fit max_tokens ${context.maxTokens}`);
  return { thinking: { type: 'enabled', budget_tokens: reducedBudget }, maxTokens: context.maxTokens };
}

function reasonAgainstThinking(context: ThinkingContext): string | undefined {
  if (!context.modelReasons) return 'this Anthropic model has no extended thinking';
  if (context.forcesToolUse) return 'Anthropic allows extended thinking only with tool_choice auto or none';
  const lastTurn = context.messages[context.messages.length - 1];
  if (lastTurn?.role === 'assistant') return 'Anthropic allows no extended thinking after a final assistant message';
  let lastAssistantTurn: (typeof context.messages)[number] | undefined;
  // Searched from the end without copying the conversation.
  for (let index = context.messages.length - 1; index >= 0 && !lastAssistantTurn; index--) {
    if (context.messages[index].role === 'assistant') lastAssistantTurn = context.messages[index];
  }
  // A tool round trip in progress: Anthropic wants the thinking of that turn back (a caller of the Messages API sends it).
  if (lastAssistantTurn?.content.some((block) => block.type === 'tool_use') && !lastAssistantTurn.content.some((block) => block.type === 'thinking' || block.type === 'redacted_thinking')) {
    return "Anthropic needs the thinking of the previous tool-calling turn, which this request does not carry";
  }
  return undefined;
}

import type { ReasoningEffort } from './chat-types.js';

/** reasoning_effort → a thinking budget in tokens (Anthropic's budget_tokens); none and minimal mean no extended thinking. */
export const THINKING_BUDGETS: Record<ReasoningEffort, number | undefined> = {
  none: undefined,
  minimal: undefined,
  low: 1024,
  medium: 4096,
  high: 16384,
  xhigh: 32768,
  max: 49152,
};

const efforts = (Object.keys(THINKING_BUDGETS) as ReasoningEffort[]).filter((effort) => THINKING_BUDGETS[effort] !== undefined);

/** The effort a thinking budget stands for: the least one whose budget holds it (`max` beyond them all). */
export function effortOfBudget(budget: number): ReasoningEffort {
  return efforts.find((effort) => budget <= THINKING_BUDGETS[effort]!) ?? 'max';
}

import { priceUsage, withBaseline } from '../../billing/cost.js';
import { subtractUsage } from '../../core/metered-usage.js';
import type { RequestContext } from '../request-context.js';
import type { AfterWork } from '../request-runner.js';

/** Prices the request's usage with the served model's catalog prices (also used as soon as a stream's usage is known). */
export function priceRequest(context: RequestContext): void {
  if (!context.usage || !context.target) return;
  if (!context.priorCalls) {
    context.cost = priceUsage(context.target.model, context.usage);
    return;
  }
  // context.usage sums every call; each earlier call is priced with its own model, the last with the served one.
  let cost = 0;
  let last = context.usage;
  for (const call of context.priorCalls) {
    cost += priceUsage(call.model, call.usage).cost_usd;
    last = subtractUsage(last, call.usage);
  }
  cost += priceUsage(context.target.model, last).cost_usd;
  context.cost = withBaseline(cost, context.usage.inputTokens, context.usage.outputTokens);
}

export const costAfterWork: AfterWork = { name: 'cost', run: priceRequest };

import { priceUsage, withBaseline } from '../billing/cost.js';
import { isWholeHit } from '../core/cache-hit.js';
import { addUsage, subtractUsage, type MeteredUsage } from '../core/metered-usage.js';
import { meters } from './metering.js';
import type { RequestContext } from './request-context.js';

/** svc's own charges on top of the providers' prices (config `billing`). */
export interface PlatformFees {
  audioFeePerMinuteUsd: number;
}

const noFees: PlatformFees = { audioFeePerMinuteUsd: 0 };

/**
 * A stream that ended without usage — cut by the client (499), by the upstream (502), by shutdown, or from
 * a host that never sends a usage chunk — is billed from what svc can count: the prompt, and the output
 * streamed so far. The counts are flagged as estimated in the ledger.
 */
export function estimateMissingUsage(context: RequestContext): void {
  if (context.usage || context.streamedText === undefined) return;
  const estimate = meters[context.operation].estimate as ((request: unknown, outputText: string) => MeteredUsage) | undefined;
  if (!estimate) return;
  // context.usage sums every call: the earlier ones (a hedged stream's aborted call) were metered apart.
  let usage = estimate(context.request, context.streamedText.join(''));
  for (const call of context.priorCalls ?? []) usage = addUsage(call.usage, usage);
  context.usage = usage;
}

/**
 * THE pricing of a request (called by the runner only): a whole cache hit costs nothing (its baseline is
 * still priced, so the savings show); otherwise the usage is priced with the served model's catalog
 * prices, and the calls made before the one that answered (a re-ask, a check) each with their own model.
 */
export function priceRequest(context: RequestContext, fees: PlatformFees = noFees): void {
  priceCalls(context);
  const seconds = context.usage?.audioSeconds;
  if (fees.audioFeePerMinuteUsd > 0 && seconds && context.cost && !isWholeHit(context.cacheHit)) {
    const fee = (seconds / 60) * fees.audioFeePerMinuteUsd;
    context.cost = withBaseline(context.cost.cost_usd + fee, context.usage!.inputTokens, context.usage!.outputTokens, context.cost.baseline_cost_usd);
  }
}

/** The provider's price of every call the request made. */
function priceCalls(context: RequestContext): void {
  const usage = context.usage;
  if (isWholeHit(context.cacheHit)) {
    context.cost = withBaseline(0, usage?.inputTokens ?? 0, usage?.outputTokens ?? 0);
    return;
  }
  if (!usage || !context.target) return;
  if (!context.priorCalls) {
    context.cost = priceUsage(context.target.model, usage);
    return;
  }
  // context.usage sums every call; each earlier call is priced with its own model, the last with the served one.
  let cost = 0;
  let last = usage;
  for (const call of context.priorCalls) {
    cost += priceUsage(call.model, call.usage).cost_usd;
    last = subtractUsage(last, call.usage);
  }
  cost += priceUsage(context.target.model, last).cost_usd;
  context.cost = withBaseline(cost, usage.inputTokens, usage.outputTokens);
}

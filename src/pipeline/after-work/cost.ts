import { priceUsage } from '../../billing/cost.js';
import type { RequestContext } from '../request-context.js';
import type { AfterWork } from '../request-runner.js';

/** Prices the request's usage with the served model's catalog prices (also used as soon as a stream's usage is known). */
export function priceRequest(context: RequestContext): void {
  if (context.usage && context.target) context.cost = priceUsage(context.target.model, context.usage);
}

export const costAfterWork: AfterWork = { name: 'cost', run: priceRequest };

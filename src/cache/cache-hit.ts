import { priceUsage, withBaseline } from '../billing/cost.js';
import type { Catalog } from '../catalog/catalog.js';
import type { ChatCompletion } from '../core/chat-types.js';
import { meterChatUsage } from '../core/chat-usage.js';
import { addWarning } from '../providers/shared/warnings.js';
import type { RequestContext } from '../pipeline/request-context.js';

/**
 * A chat request answered from a cache: no upstream call, so it costs nothing. Its usage is the cached
 * answer's (what the caller receives), its baseline is priced as usual so the savings show, and
 * `savedUsd` is what the served model would have charged.
 */
export function answerFromCache(
  context: RequestContext<'chat'>,
  catalog: Catalog,
  hit: { completion: ChatCompletion; servedModel: string; warnings?: string[]; type: 'exact' | 'semantic'; similarity?: number },
): ChatCompletion {
  for (const warning of hit.warnings ?? []) addWarning(context.warnings, warning);
  const completion = structuredClone(hit.completion);
  const usage = completion.usage ? meterChatUsage(completion.usage) : undefined;
  const model = catalog.getModel(hit.servedModel);
  context.cacheHit = {
    type: hit.type,
    source: hit.servedModel,
    similarity: hit.similarity,
    savedUsd: usage && model ? priceUsage(model, usage).cost_usd : 0,
  };
  context.usage = usage;
  context.cost = withBaseline(0, usage?.inputTokens ?? 0, usage?.outputTokens ?? 0);
  return completion;
}

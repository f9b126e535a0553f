import { answerFromCache, storeWhenComplete } from './cache-answer.js';
import { isCacheableRequest, type CachePolicy } from '../../cache/exact/cacheability.js';
import type { ExactCache } from '../../cache/exact/exact-cache.js';
import { exactCacheKey } from '../../cache/exact/request-key.js';
import type { Catalog } from '../../catalog/catalog.js';
import type { Outcome } from '../../core/operations.js';
import type { RoutedContext } from '../request-context.js';
import type { Stage } from '../stage.js';

/**
 * The exact cache of chat answers (cache and full modes): a request equal in everything that shapes the
 * answer, from the same org, to the same resolved model, is answered without the upstream. A miss is
 * stored once its answer is whole and clean — a stream when it has been read to its end.
 */
export function exactCacheStage(cache: ExactCache, policy: CachePolicy, catalog: Catalog, countHit: (orgId: string) => void = () => undefined): Stage<'chat'> {
  return {
    name: 'exact_cache',
    appliesTo: (context) => isCacheableRequest(context.request, policy),
    async intercept(context: RoutedContext<'chat'>, next): Promise<Outcome<'chat'>> {
      const key = exactCacheKey(context.principal.orgId, context.route.model.slug, context.request);
      const cached = cache.getLocal(key) ?? (await cache.getShared(key));
      if (cached) {
        countHit(context.principal.orgId);
        return { kind: 'complete', result: answerFromCache(context, catalog, cached, 'exact') };
      }

      const outcome = await next();
      // An answer a later cache stage gave is not stored again; a provider's answer is.
      if (context.cacheHit) return outcome;
      return storeWhenComplete(context, outcome, (answer) => cache.store(key, answer));
    },
  };
}

import { answerFromCache } from '../../cache/cache-hit.js';
import { isCacheableAnswer, isCacheableRequest, type CachePolicy } from '../../cache/exact/cacheability.js';
import type { ExactCache } from '../../cache/exact/exact-cache.js';
import { exactCacheKey } from '../../cache/exact/request-key.js';
import type { Catalog } from '../../catalog/catalog.js';
import { ChatStreamCollector } from '../../core/chat-stream.js';
import type { ChatCompletion } from '../../core/chat-types.js';
import type { Outcome } from '../../core/operations.js';
import { tapStream } from '../../core/stream-tap.js';
import type { RequestContext } from '../request-context.js';
import type { Stage } from '../stage.js';

/**
 * The exact cache of chat answers (cache and full modes): a request equal in everything that shapes the
 * answer, from the same org, to the same resolved model, is answered without the upstream. A miss is
 * stored once its answer is whole and clean — a stream when it has been read to its end.
 */
export function exactCacheStage(cache: ExactCache, policy: CachePolicy, catalog: Catalog): Stage<'chat'> {
  return {
    name: 'exact_cache',
    async intercept(context: RequestContext<'chat'>, next): Promise<Outcome<'chat'>> {
      if (!isCacheableRequest(context.request, policy)) return next();
      const key = exactCacheKey(context.principal.orgId, context.route!.model.slug, context.request);
      const cached = await cache.get(key);
      if (cached) return { kind: 'complete', result: answerFromCache(context, catalog, { ...cached, type: 'exact' }) };

      const outcome = await next();
      // An answer a later cache stage gave is not stored again; a provider's answer is.
      if (context.cacheHit) return outcome;
      const keep = (completion: ChatCompletion) => {
        if (!isCacheableAnswer(completion)) return;
        const warnings = context.warnings.length > 0 ? [...context.warnings] : undefined;
        cache.store(key, { completion, servedModel: context.target?.model.slug ?? context.route!.model.slug, warnings });
      };
      if (outcome.kind === 'complete') {
        keep(outcome.result);
        return outcome;
      }
      const collector = new ChatStreamCollector();
      const chunks = tapStream(
        outcome.chunks,
        (chunk) => collector.add(chunk),
        (complete) => {
          if (complete) keep(collector.completion());
        },
      );
      return { kind: 'stream', chunks };
    },
  };
}

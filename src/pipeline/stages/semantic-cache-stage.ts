import { answerFromCache, storeWhenComplete, whenComplete } from './cache-answer.js';
import { completionOf } from '../../cache/cached-answer.js';
import { isCacheableRequest, type CachePolicy } from '../../cache/exact/cacheability.js';
import type { Embedder } from '../../cache/semantic/embedders.js';
import type { SemanticCache } from '../../cache/semantic/semantic-cache.js';
import type { SemanticCacheMonitor } from '../../cache/semantic/semantic-cache-monitor.js';
import { semanticBucketOf, semanticPromptOf, type SemanticScope } from '../../cache/semantic/semantic-request.js';
import { promptFeatures } from '../../cache/semantic/text-features.js';
import type { Catalog } from '../../catalog/catalog.js';
import type { Outcome } from '../../core/operations.js';
import { addWarning } from '../../providers/shared/warnings.js';
import type { RequestContext, RoutedContext } from '../request-context.js';
import type { Stage } from '../stage.js';

export interface SemanticCacheStageOptions {
  cache: SemanticCache;
  embedder: Embedder<RequestContext<'chat'>>;
  policy: CachePolicy;
  catalog: Catalog;
  threshold: number;
  maxTurns: number;
  scope: SemanticScope;
  /** The org's switch (serve, shadow, off), hit counts and the comparison of shadow decisions. */
  monitor: SemanticCacheMonitor;
}

/**
 * The semantic cache (cache and full modes): a short conversation whose last user turn means the same as
 * a stored one (embedding similarity above the threshold, and no guard objecting — numbers, negation,
 * antonyms, language, format, names, code identifiers), with everything else equal, is answered from it.
 * In an org's shadow mode, and for a sample of hits while serving, the hit is not served: the fresh answer
 * is, and the monitor compares the two (the org's measured precision).
 */
export function semanticCacheStage(options: SemanticCacheStageOptions): Stage<'chat'> {
  const { cache, embedder } = options;
  return {
    name: 'semantic_cache',
    appliesTo: (context) => isCacheableRequest(context.request, options.policy),
    async intercept(context: RoutedContext<'chat'>, next): Promise<Outcome<'chat'>> {
      const request = context.request;
      const prompt = semanticPromptOf(request, options.maxTurns);
      // Long conversations and prompts without a user turn are not matched by meaning.
      if (prompt === undefined) return next();
      const orgId = context.principal.orgId;
      const mode = await options.monitor.switchOf(orgId);
      if (mode === 'off') return next();
      const features = promptFeatures(prompt);
      const bucket = semanticBucketOf(request, context.route.model, options.scope);
      let vector: Float32Array;
      try {
        vector = await embedder.embed(context, features.normalized);
      } catch (error) {
        // The cache is an optimisation: without an embedding the request goes on uncached.
        addWarning(context.warnings, `semantic cache skipped: the embedding failed (${error instanceof Error ? error.message : String(error)})`);
        return next();
      }
      const found = await cache.lookup(orgId, bucket, vector, features, options.threshold);
      if (found.kind === 'hit' && !options.monitor.verifies(mode)) {
        options.monitor.countHit(orgId, 'semantic');
        const similarity = Math.round(found.similarity * 10_000) / 10_000;
        return { kind: 'complete', result: answerFromCache(context, options.catalog, found.entry.answer, 'semantic', similarity) };
      }
      if (found.kind === 'hit') {
        const cached = completionOf(found.entry.answer);
        const outcome = await next();
        if (context.cacheHit) return outcome;
        return whenComplete(outcome, (fresh) => void options.monitor.recordComparison(orgId, cached, fresh));
      }

      const outcome = await next();
      if (context.cacheHit) return outcome;
      return storeWhenComplete(context, outcome, (answer) => cache.store(orgId, bucket, prompt, vector, features, answer));
    },
  };
}

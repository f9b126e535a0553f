import { priceUsage } from '../../billing/cost.js';
import type { Catalog } from '../../catalog/catalog.js';
import { ChatStreamCollector } from '../../core/chat-stream.js';
import type { ChatCompletion } from '../../core/chat-types.js';
import type { Outcome } from '../../core/operations.js';
import { tapStream } from '../../core/stream-tap.js';
import { isCacheableAnswer } from '../../cache/exact/cacheability.js';
import { cachedAnswer, completionOf, type CachedAnswer } from '../../cache/cached-answer.js';
import { meterChatUsage } from '../../core/chat-usage.js';
import { addWarning } from '../../providers/shared/warnings.js';
import type { RoutedContext } from '../request-context.js';

/**
 * A chat request answered from a cache: no upstream call, so it costs nothing (the runner prices a whole
 * hit at zero). Its usage is the cached answer's (what the caller receives), so its baseline and the
 * savings show, and `savedUsd` is what the served model would have charged.
 */
export function answerFromCache(
  context: RoutedContext<'chat'>,
  catalog: Catalog,
  hit: CachedAnswer & { type: 'exact' | 'semantic'; similarity?: number },
): ChatCompletion {
  for (const warning of hit.warnings ?? []) addWarning(context.warnings, warning);
  // Parsed afresh for each hit: nothing done to the answer (a renderer replicating choices, a healer rewriting content) reaches the cache.
  const completion = completionOf(hit);
  const usage = completion.usage ? meterChatUsage(completion.usage) : undefined;
  const model = catalog.getModel(hit.servedModel);
  context.cacheHit = {
    type: hit.type,
    source: hit.servedModel,
    similarity: hit.similarity,
    savedUsd: usage && model ? priceUsage(model, usage).cost_usd : 0,
  };
  context.usage = usage;
  return completion;
}

/**
 * Hands a provider's answer to `store` once it is whole and clean — at once for a complete answer, when a
 * stream has been read to its end (never a cut one) — with the warnings that describe it.
 */
export function storeWhenComplete(context: RoutedContext<'chat'>, outcome: Outcome<'chat'>, store: (answer: CachedAnswer) => void): Outcome<'chat'> {
  return whenComplete(outcome, (completion) => {
    const warnings = context.warnings.length > 0 ? [...context.warnings] : undefined;
    store(cachedAnswer(completion, context.target?.model.slug ?? context.route.model.slug, warnings));
  });
}

/** Hands a provider's answer to `use` once it is whole and clean (see storeWhenComplete). */
export function whenComplete(outcome: Outcome<'chat'>, use: (completion: ChatCompletion) => void): Outcome<'chat'> {
  const keep = (completion: ChatCompletion) => {
    if (isCacheableAnswer(completion)) use(completion);
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
}

import { priceUsage } from '../../billing/cost.js';
import type { Catalog } from '../../catalog/catalog.js';
import { ChatStreamCollector } from '../../core/chat-stream.js';
import type { ChatCompletion, ChatCompletionChunk } from '../../core/chat-types.js';
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
export function answerFromCache(context: RoutedContext<'chat'>, catalog: Catalog, hit: CachedAnswer, type: 'exact' | 'semantic', similarity?: number): ChatCompletion {
  for (const warning of hit.warnings ?? []) addWarning(context.warnings, warning);
  // Parsed afresh for each hit: nothing done to the answer (a renderer replicating choices, a healer rewriting content) reaches the cache.
  const completion = completionOf(hit);
  const usage = completion.usage ? meterChatUsage(completion.usage) : undefined;
  const model = catalog.getModel(hit.servedModel);
  context.cacheHit = {
    type,
    source: hit.servedModel,
    similarity,
    savedUsd: usage && model ? priceUsage(model, usage).cost_usd : 0,
  };
  context.usage = usage;
  return completion;
}

/**
 * One cached form per answer: the exact and the semantic cache both store a miss's answer, and hold the same
 * text, stringified once.
 */
const cachedForms = new WeakMap<ChatCompletion, CachedAnswer>();

/**
 * Streams whenComplete is already collecting, with what waits for their answer: a stage further out adds its
 * use to the same collector instead of collecting the stream a second time.
 */
const collectedStreams = new WeakMap<AsyncIterable<ChatCompletionChunk>, Array<(completion: ChatCompletion) => void>>();

/**
 * Hands a provider's answer to `store` once it is whole and clean — at once for a complete answer, when a
 * stream has been read to its end (never a cut one) — with the warnings that describe it.
 */
export function storeWhenComplete(context: RoutedContext<'chat'>, outcome: Outcome<'chat'>, store: (answer: CachedAnswer) => void): Outcome<'chat'> {
  return whenComplete(outcome, (completion) => {
    let answer = cachedForms.get(completion);
    if (!answer) {
      const warnings = context.warnings.length > 0 ? [...context.warnings] : undefined;
      answer = cachedAnswer(completion, context.target?.model.slug ?? context.route.model.slug, warnings);
      cachedForms.set(completion, answer);
    }
    store(answer);
  });
}

/** Hands a provider's answer to `use` once it is whole and clean (see storeWhenComplete). */
export function whenComplete(outcome: Outcome<'chat'>, use: (completion: ChatCompletion) => void): Outcome<'chat'> {
  if (outcome.kind === 'complete') {
    if (isCacheableAnswer(outcome.result)) use(outcome.result);
    return outcome;
  }
  const waiting = collectedStreams.get(outcome.chunks);
  if (waiting) {
    waiting.push(use);
    return outcome;
  }
  const uses = [use];
  const collector = new ChatStreamCollector();
  const chunks = tapStream(
    outcome.chunks,
    (chunk) => collector.add(chunk),
    (complete) => {
      if (!complete) return;
      const completion = collector.completion();
      if (isCacheableAnswer(completion)) for (const each of uses) each(completion);
    },
  );
  collectedStreams.set(chunks, uses);
  return { kind: 'stream', chunks };
}

import { cachedAnswer, type CachedAnswer } from '../src/cache/cached-answer.js';
import type { SemanticCache } from '../src/cache/semantic/semantic-cache.js';
import type { GatewayServices } from '../src/services.js';
import { defaultOrgId } from '../src/auth/principal.js';
import { semanticBucketOf } from '../src/cache/semantic/semantic-request.js';
import { embedLocally } from '../src/cache/semantic/local-embedder.js';
import { promptFeatures } from '../src/cache/semantic/text-features.js';
import { parseChatRequest } from '../src/routes/chat/parse-chat-request.js';
import { syntheticPrompt } from '../test/support/synthetic-prompts.js';

/** The body the cache benchmark sends; the prefilled entries sit in the same bucket as its requests. */
export const benchChatBody = (content: string) => ({ model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'user', content }] });

/**
 * Fills the master key's org's semantic index with `count` distinct answered prompts (test/support/synthetic-prompts.ts),
 * in the bucket of the benchmark's requests, as if that many misses had been answered.
 */
export function prefillSemanticIndex(services: GatewayServices, count: number): void {
  const request = parseChatRequest(benchChatBody('x')).request;
  const model = services.catalog.resolveModel('gpt-4o-mini');
  if (!model) throw new Error('gpt-4o-mini is not in the catalog');
  const bucket = semanticBucketOf(request, model, services.config.cache.semantic.scope);
  const completion = { id: 'prefill', object: 'chat.completion' as const, created: 0, model: 'gpt-4o-mini', choices: [{ index: 0, message: { role: 'assistant' as const, content: 'prefilled' }, finish_reason: 'stop' as const }] };
  fillWithSyntheticPrompts(services.semanticCache, defaultOrgId, bucket, count, cachedAnswer(completion, model.slug));
}

/** Stores the first `count` synthetic prompts with `answer` in one bucket, straight into the index. */
export function fillWithSyntheticPrompts(cache: SemanticCache, orgId: string, bucket: string, count: number, answer: CachedAnswer): void {
  for (let index = 0; index < count; index++) {
    const prompt = syntheticPrompt(index);
    const features = promptFeatures(prompt);
    cache.store(orgId, bucket, prompt, embedLocally(features.normalized), features, answer);
    // Stored answers wait for the index in a bounded queue: move them in as they come.
    if (index % 1000 === 999) cache.addPending();
  }
  cache.addPending();
}

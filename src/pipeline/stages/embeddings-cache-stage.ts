import { hash } from 'node:crypto';
import type { EmbeddingsResult, EmbeddingVector } from '../../core/embeddings-types.js';
import type { Outcome } from '../../core/operations.js';
import { LruCache, type Clock } from '../../shared/lru-cache.js';
import type { RoutedContext } from '../request-context.js';
import type { Stage } from '../stage.js';

/** Spec section 8: 5,000 entries, 5 minutes, per instance (not shared). */
export const EMBEDDINGS_CACHE_ENTRIES = 5000;
export const EMBEDDINGS_CACHE_TTL_MS = 5 * 60_000;
/**
 * And at most this many bytes: 5,000 vectors of 3,072 float32 values (OpenAI's largest) take 61 MB and fit; vectors
 * of more dimensions, or kept as doubles, hold fewer entries rather than grow the heap past it.
 */
export const EMBEDDINGS_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A vector as the cache keeps it: a typed array, never an array of numbers (whatever an adapter built — an array of
 * boxed numbers took ~24 bytes a value, and 5,000 vectors of 1,536 dimensions grew the heap past 250 MB): the
 * adapter's own when it decoded one (base64), else float32 when that holds every value exactly — OpenAI's values are
 * float32 — else float64. Either way a hit answers the very numbers the upstream sent, and the byte bound counts what
 * is held. Answers only read vectors, so a hit hands out the stored array itself.
 */
type StoredVector = Float32Array | Float64Array;

function stored(vector: EmbeddingVector): StoredVector {
  // A view onto a larger buffer would keep all of it alive: the cache holds a copy of its own then.
  if (!Array.isArray(vector)) return vector.byteLength === vector.buffer.byteLength ? vector : vector.slice();
  const floats = new Float32Array(vector);
  for (let index = 0; index < vector.length; index++) if (floats[index] !== vector[index]) return new Float64Array(vector);
  return floats;
}

/** Bytes an entry holds: its values (4 or 8 each), its key and objects. */
const storedBytes = (vector: StoredVector): number => vector.byteLength + 200;

/**
 * The embeddings cache (spec 8), per input: a batch whose inputs were all seen is answered without the
 * upstream and costs nothing; a batch with new inputs sends only those upstream and merges the answer.
 * Keys hash the org, the served model, the dimensions and the input: never shared across orgs. Vectors
 * are kept as numbers (float32 when exact, see StoredVector), so one entry serves both encodings.
 */
export function embeddingsCacheStage(options: { maxEntries?: number; maxBytes?: number; ttlMs?: number; clock?: Clock } = {}): Stage<'embeddings'> & { cache: LruCache<string, StoredVector> } {
  const cache = new LruCache<string, StoredVector>({
    maxEntries: options.maxEntries ?? EMBEDDINGS_CACHE_ENTRIES,
    maxSize: options.maxBytes ?? EMBEDDINGS_CACHE_MAX_BYTES,
    sizeOf: storedBytes,
    ttlMs: options.ttlMs ?? EMBEDDINGS_CACHE_TTL_MS,
    clock: options.clock,
  });
  return {
    name: 'embeddings_cache',
    cache,
    async intercept(context: RoutedContext<'embeddings'>, next): Promise<Outcome<'embeddings'>> {
      if (context.toggles.enable_cache === false) return next();
      const request = context.request;
      const model = context.route.model;
      const keys = (request.input as Array<string | number[]>).map((input) => keyOf(context.principal.orgId, model.slug, request.dimensions, input));
      const cached: Array<EmbeddingVector | undefined> = keys.map((key) => cache.get(key));
      const missing = cached.flatMap((vector, index) => (vector === undefined ? [index] : []));
      if (missing.length < keys.length) context.cacheHit = { type: 'exact', inputs: keys.length - missing.length, of: keys.length };
      if (missing.length === 0) {
        return { kind: 'complete', result: { model: model.upstream_model, vectors: cached as EmbeddingVector[], usage: { prompt_tokens: 0, total_tokens: 0 } } };
      }
      if (missing.length < keys.length) context.request = { ...request, input: missing.map((index) => request.input[index]) as string[] | number[][] };
      const outcome = await next();
      if (outcome.kind !== 'complete') return outcome;
      const fetched = outcome.result.vectors;
      missing.forEach((inputIndex, position) => {
        cached[inputIndex] = fetched[position];
        cache.set(keys[inputIndex], stored(fetched[position]));
      });
      context.request = request;
      const result: EmbeddingsResult = { ...outcome.result, vectors: cached as EmbeddingVector[] };
      return { kind: 'complete', result };
    },
  };
}

function keyOf(orgId: string, modelSlug: string, dimensions: number | undefined, input: string | number[]): string {
  return hash('sha256', `${orgId}\u0000${modelSlug}\u0000${dimensions ?? ''}\u0000${typeof input === 'string' ? `s:${input}` : `t:${input.join(',')}`}`, 'base64');
}

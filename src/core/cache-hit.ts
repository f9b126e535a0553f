/** Set on a request by a cache stage that answered it (wholly or, for an embeddings batch, `inputs` of `of`) without the upstream. */
export interface CacheHit {
  type: 'exact' | 'semantic';
  /** Embeddings batches: how many inputs of `of` the cache answered. */
  inputs?: number;
  of?: number;
  /** Semantic hits: the similarity of the cached prompt. */
  similarity?: number;
  /** The catalog slug of the model whose answer was cached. */
  source?: string;
  /** What the served model would have charged for the answer. */
  savedUsd?: number;
}

/** A request answered entirely from a cache (a batch of embeddings counts only when every input hit). */
export function isWholeHit(hit: { inputs?: number; of?: number } | undefined): boolean {
  return hit !== undefined && (hit.of === undefined || hit.inputs === hit.of);
}

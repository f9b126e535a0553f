import { countTokens } from '../../billing/token-estimator.js';
import type { EmbeddingsResult } from '../../core/embeddings-types.js';
import { fnv1a } from '../../shared/fnv1a.js';
import { addWarning } from '../shared/warnings.js';
import type { InProcessCall } from '../wire-adapter.js';
import { DEMO_WARNING } from './demo-text.js';

const DEFAULT_DIMENSIONS = 256;

/**
 * Embeddings by the demo provider: each word (lower-cased) adds ±1 at two hashed positions, then the vector is
 * normalized. Deterministic, and texts that share words point the same way, so a demo of search or a
 * semantic cache behaves plausibly. Token arrays are embedded by their token ids.
 */
export const demoEmbeddings: InProcessCall<'embeddings'> = async (target, request, options) => {
  addWarning(options.warnings, DEMO_WARNING);
  const dimensions = request.dimensions ?? target.model.dimensions ?? DEFAULT_DIMENSIONS;
  let promptTokens = 0;
  const vectors = (request.input as Array<string | number[]>).map((input) => {
    const words = typeof input === 'string' ? (input.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) : input.map(String);
    promptTokens += typeof input === 'string' ? countTokens(input) : input.length;
    return embedWords(words, dimensions);
  });
  const result: EmbeddingsResult = { model: target.model.upstream_model, vectors, usage: { prompt_tokens: promptTokens, total_tokens: promptTokens } };
  return { kind: 'complete', result };
};

export function embedWords(words: readonly string[], dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of words) {
    const hash = fnv1a(word);
    vector[hash % dimensions] += hash & 0x80000000 ? -1 : 1;
    vector[(hash >>> 7) % dimensions] += hash & 0x40000000 ? -0.5 : 0.5;
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

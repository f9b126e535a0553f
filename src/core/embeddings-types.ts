/** The canonical embeddings request and result (OpenAI's shape, which callers send). */

export interface EmbeddingsRequest {
  model: string;
  /** Strings, or token arrays for upstreams that take them. Never empty. */
  input: string[] | number[][];
  /** How the caller wants vectors rendered (an upstream is asked for base64 where its catalog row says it answers it). */
  encoding_format: 'float' | 'base64';
  dimensions?: number;
  user?: string;
}

/**
 * One embedding: the numbers of a JSON answer, or float32 values decoded from base64 (or kept by the embeddings
 * cache) in a typed array. Read only: a cached vector is the cache's own.
 */
export type EmbeddingVector = number[] | Float32Array | Float64Array;

export interface EmbeddingsResult {
  /** The upstream model that answered. */
  model: string;
  /** One vector per input, in input order. */
  vectors: EmbeddingVector[];
  /** Absent when the upstream reports none (Gemini): svc then counts the tokens. */
  usage?: { prompt_tokens: number; total_tokens: number };
  /** Usage fields the upstream sent that were not token counts (`prompt_tokens=12.5`): svc counted instead. */
  unreadableUsage?: string[];
}

/** The canonical embeddings request and result (OpenAI's shape, which callers send). */

export interface EmbeddingsRequest {
  model: string;
  /** Strings, or token arrays for upstreams that take them. Never empty. */
  input: string[] | number[][];
  /** How the caller wants vectors rendered; upstreams are always asked for floats. */
  encoding_format: 'float' | 'base64';
  dimensions?: number;
  user?: string;
}

export interface EmbeddingsResult {
  /** The upstream model that answered. */
  model: string;
  /** One vector per input, in input order. */
  vectors: number[][];
  /** Absent when the upstream reports none (Gemini): svc then counts the tokens. */
  usage?: { prompt_tokens: number; total_tokens: number };
  /** Usage fields the upstream sent that were not token counts (`prompt_tokens=12.5`): svc counted instead. */
  unreadableUsage?: string[];
}

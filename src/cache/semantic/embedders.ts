import { embedLocally, normalize } from './local-embedder.js';

/**
 * Turns a normalized prompt into a unit vector. `Caller` is whatever the embedding is made on behalf of (the
 * pipeline passes its request, so that a model's embeddings are billed to the caller's org); the cache never looks inside.
 */
export interface Embedder<Caller = unknown> {
  /** `local`, or the slug of the embedding model. */
  readonly name: string;
  /** The similarity from which two prompts may share an answer when the config sets none (the guards still apply). */
  readonly defaultThreshold: number;
  embed(caller: Caller, text: string): Promise<Float32Array>;
}

/**
 * The built-in embedder: word vectors and character trigrams shipped in lexicon/, no network (see
 * local-embedder.ts). Its threshold only shortlists; the guards decide (measured by `npm run bench:semantic`).
 */
export const localEmbedder: Embedder = {
  name: 'local',
  defaultThreshold: 0.7,
  embed: async (_caller, text) => embedLocally(text),
};

/** Embeddings from a catalog model, through svc's own embeddings path (its cache, its billing to the org). */
export function modelEmbedder<Caller>(slug: string, embed: (caller: Caller, model: string, text: string) => Promise<number[]>): Embedder<Caller> {
  return {
    name: slug,
    defaultThreshold: 0.9,
    embed: async (caller, text) => normalize(Float32Array.from(await embed(caller, slug, text))),
  };
}

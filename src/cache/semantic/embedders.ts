import type { RequestContext } from '../../pipeline/request-context.js';
import { embedLocally, normalize } from './local-embedder.js';

/** Turns a normalized prompt into a unit vector. */
export interface Embedder {
  /** `local`, or the slug of the embedding model. */
  readonly name: string;
  /** The similarity from which two prompts may share an answer when the config sets none (the guards still apply). */
  readonly defaultThreshold: number;
  embed(context: RequestContext<'chat'>, text: string): Promise<Float32Array>;
}

/** The built-in embedder: no network, no model (see local-embedder.ts). Tuned on test/fixtures/semantic-cache-pairs.json. */
export const localEmbedder: Embedder = {
  name: 'local',
  defaultThreshold: 0.75,
  embed: async (_context, text) => embedLocally(text),
};

/** Embeddings from a catalog model, through svc's own embeddings path (its cache, its billing to the org). */
export function modelEmbedder(slug: string, embed: (context: RequestContext<'chat'>, model: string, text: string) => Promise<number[]>): Embedder {
  return {
    name: slug,
    defaultThreshold: 0.9,
    embed: async (context, text) => normalize(Float32Array.from(await embed(context, slug, text))),
  };
}

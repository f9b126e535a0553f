import { subRequestContext, type RequestContext } from '../../pipeline/request-context.js';
import type { RequestRunner } from '../../pipeline/request-runner.js';
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

/** One embedding of `text` by `model`, run through the embeddings chain as a request of the caller's org. */
export async function embedThroughGateway(runner: RequestRunner, parent: RequestContext<'chat'>, model: string, text: string): Promise<number[]> {
  const context = subRequestContext<'embeddings'>(parent, {
    operation: 'embeddings',
    endpoint: 'semantic_cache.embeddings',
    family: 'embeddings',
    requestedModel: model,
    request: { model, input: [text], encoding_format: 'float' },
    idSuffix: 'embedding',
  });
  let vector: number[] | undefined;
  await runner.run(context, (outcome, settle) => {
    if (outcome.kind === 'complete') vector = outcome.result.vectors[0];
    settle(200);
  });
  if (!vector) throw new Error(`the embedding model ${model} returned no vector`);
  return vector;
}

import { subRequestContext, type RequestContext } from './request-context.js';
import type { RequestRunner } from './request-runner.js';

/** One embedding of `text` by `model`, run through the embeddings chain as a request of the caller's org. */
export async function embedThroughGateway(runner: RequestRunner, parent: RequestContext<'chat'>, model: string, text: string): Promise<number[]> {
  const context = subRequestContext<'embeddings'>(parent, {
    operation: 'embeddings',
    endpoint: 'semantic_cache.embeddings',
    family: 'embeddings',
    requestedModel: model,
    request: { model, input: [text], encoding_format: 'float' },
    idSuffix: 'embedding',
    madeByStage: 'semantic_cache',
  });
  let vector: number[] | undefined;
  await runner.run(context, (outcome) => {
    if (outcome.kind !== 'complete') return;
    const first = outcome.result.vectors[0];
    vector = first === undefined || Array.isArray(first) ? first : Array.from(first);
  });
  if (!vector) throw new Error(`the embedding model ${model} returned no vector`);
  return vector;
}

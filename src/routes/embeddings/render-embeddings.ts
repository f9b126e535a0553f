import type { EndpointAnswer } from '../../http/endpoint.js';
import { buildSvcMetadata, nonStreamHeaders } from '../../http/svc-metadata.js';
import type { EmbeddingVector } from '../../core/embeddings-types.js';
import { float32ToBase64 } from '../../shared/float32-base64.js';

/** A vector in the caller's encoding: base64 of float32 values as the OpenAI SDK decodes it, or JSON numbers. */
const renderedVector = (vector: EmbeddingVector, base64: boolean): string | number[] => (base64 ? float32ToBase64(vector) : Array.isArray(vector) ? vector : Array.from(vector));

/** The embedding list of spec 2.6, in the encoding the caller asked for, with svc_metadata. */
export function renderEmbeddings(answer: EndpointAnswer<'embeddings'>): void {
  const { reply, context, outcome } = answer;
  if (outcome.kind !== 'complete') throw new Error('embeddings are never streamed');
  const result = outcome.result;
  const base64 = context.request.encoding_format === 'base64';
  const promptTokens = context.usage?.inputTokens ?? result.usage?.prompt_tokens ?? 0;
  reply.headers(nonStreamHeaders(context));
  reply.send({
    object: 'list',
    data: result.vectors.map((vector, index) => ({ object: 'embedding', index, embedding: renderedVector(vector, base64) })),
    model: result.model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    svc_metadata: buildSvcMetadata(context),
  });
}

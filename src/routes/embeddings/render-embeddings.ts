import type { EndpointAnswer } from '../../http/endpoint.js';
import { buildSvcMetadata, nonStreamHeaders } from '../../http/svc-metadata.js';

/** A float vector as the OpenAI SDK decodes `encoding_format: base64`: little-endian float32, base64. */
export function vectorToBase64(vector: number[]): string {
  const floats = new Float32Array(vector);
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString('base64');
}

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
    data: result.vectors.map((vector, index) => ({ object: 'embedding', index, embedding: base64 ? vectorToBase64(vector) : vector })),
    model: result.model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    svc_metadata: buildSvcMetadata(context),
  });
}

import type { EmbeddingsRequest } from '../../core/embeddings-types.js';
import type { ParsedRequest } from '../../http/endpoint.js';
import { notAppliedWarnings } from '../../http/request-body/not-applied.js';
import { parseBody, unknownFields } from '../../http/request-body/parse-body.js';
import { toSvcOptions } from '../../http/request-body/svc-fields.js';
import { embeddingsFields, embeddingsRequestSchema } from './embeddings-request-schema.js';

/** Validates a /v1/embeddings body (spec 4.4, declared in embeddings-request-schema.ts): a model, and an input that is never empty. */
export function parseEmbeddingsRequest(body: unknown): ParsedRequest<'embeddings'> {
  const parsed = parseBody(embeddingsRequestSchema, body);
  const input = parsed.input as string | string[] | number[] | number[][];
  const request: EmbeddingsRequest = {
    model: parsed.model,
    // One string or one token array is a batch of one.
    input: typeof input === 'string' ? [input] : typeof input[0] === 'number' ? [input as number[]] : (input as string[] | number[][]),
    encoding_format: parsed.encoding_format ?? 'float',
  };
  if (parsed.dimensions != null) request.dimensions = parsed.dimensions;
  if (parsed.user != null) request.user = parsed.user;
  const warnings = unknownFields(body as object, embeddingsFields).map((key) => `${key} is not an embeddings field svc knows; it was not forwarded`);
  notAppliedWarnings('embeddings', body as Record<string, unknown>, warnings);
  return { request, requestedModel: parsed.model, options: { svc: toSvcOptions(parsed.svc) }, warnings };
}

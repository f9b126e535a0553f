import { z } from 'zod';
import { numberVector } from '../shared/number-vector.js';
import type { EmbeddingsRequest, EmbeddingsResult, EmbeddingVector } from '../../core/embeddings-types.js';
import { base64ToFloat32 } from '../../shared/float32-base64.js';
import type { JsonHttpRequest, UpstreamTarget } from '../provider-types.js';
import { joinUrl, jsonRequestHeaders } from '../shared/http-request.js';
import { TokenCountReader } from '../shared/token-counts.js';
import { isJsonObject } from '../../shared/json-values.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { jsonBodyReusing, type JsonSource } from '../../shared/json-reuse.js';
import type { EmbeddingsCapability } from '../wire-adapter.js';

const DEFAULT_EMBEDDINGS_PATH = '/embeddings';

/** The answer checked at the boundary: a malformed one is an upstream error, never a crash or a wrong bill. */
const embeddingsResponse = z.object({
  // base64 where svc asked for it; floats are read too (a host that ignores `encoding_format` answers them).
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.union([numberVector(), z.string()]) })),
  model: z.string().optional(),
  // Read field by field below: a count that is not one (12.5, -3, 1e20) is estimated, never a failed answer.
  usage: z.unknown().optional(),
});

/**
 * `POST /embeddings` of the OpenAI wire (OpenAI, Mistral, Together… are data). Vectors are asked for as base64 where
 * the provider's catalog row says it answers it (`embeddings_options.base64`), else as floats; the caller's own
 * `encoding_format` is applied when svc renders the answer.
 */
export const openaiEmbeddings: EmbeddingsCapability = {
  acceptsTokenArrays: true,
  buildRequest(request: EmbeddingsRequest, target: UpstreamTarget, _warnings, source?: JsonSource): JsonHttpRequest {
    const body: Record<string, unknown> = { model: target.model.upstream_model, input: request.input, encoding_format: target.provider.embeddingsOptions?.base64 ? 'base64' : 'float' };
    if (request.dimensions !== undefined) body.dimensions = request.dimensions;
    if (request.user !== undefined) body.user = request.user;
    return { method: 'POST', url: joinUrl(target.baseUrl, target.provider.paths.embeddings ?? DEFAULT_EMBEDDINGS_PATH), headers: jsonRequestHeaders(target), body: source ? jsonBodyReusing(body, source) : JSON.stringify(body) };
  },

  parseResponse(body: unknown, request: EmbeddingsRequest, target: UpstreamTarget): EmbeddingsResult {
    const malformed = (message: string) => new UpstreamError(target.provider.id, { kind: 'server_error', message });
    const parsed = embeddingsResponse.safeParse(body);
    if (!parsed.success) throw malformed('the embeddings answer is malformed');
    if (parsed.data.data.length !== request.input.length) throw malformed(`the embeddings answer is malformed: ${parsed.data.data.length} vectors for ${request.input.length} inputs`);
    const vectors: EmbeddingVector[] = new Array(request.input.length);
    for (const item of parsed.data.data) {
      if (item.index >= vectors.length) throw malformed(`the embeddings answer is malformed: index ${item.index} for ${vectors.length} inputs`);
      const vector = typeof item.embedding === 'string' ? base64ToFloat32(item.embedding) : item.embedding;
      if (vector === undefined) throw malformed(`the embeddings answer is malformed: vector ${item.index} is not base64 of float32 values`);
      vectors[item.index] = vector;
    }
    // A loop, not some(): some() skips the holes a repeated index leaves.
    for (let index = 0; index < vectors.length; index++) if (vectors[index] === undefined) throw malformed('the embeddings answer skips an input index');
    const reader = new TokenCountReader(isJsonObject(parsed.data.usage) ? parsed.data.usage : undefined);
    const promptTokens = reader.read('prompt_tokens');
    const usage = promptTokens === undefined ? undefined : { prompt_tokens: promptTokens, total_tokens: promptTokens };
    return { model: parsed.data.model ?? target.model.upstream_model, vectors, usage, ...(reader.problems.length > 0 ? { unreadableUsage: reader.problems } : {}) };
  },
};

import { z } from 'zod';
import { numberVector } from '../shared/number-vector.js';
import type { EmbeddingsRequest, EmbeddingsResult } from '../../core/embeddings-types.js';
import type { JsonHttpRequest, UpstreamTarget } from '../provider-types.js';
import { joinUrl, jsonRequestHeaders } from '../shared/http-request.js';
import { TokenCountReader } from '../shared/token-counts.js';
import { isJsonObject } from '../../shared/json-values.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import type { EmbeddingsCapability } from '../wire-adapter.js';

const DEFAULT_EMBEDDINGS_PATH = '/embeddings';

/** The answer checked at the boundary: a malformed one is an upstream error, never a crash or a wrong bill. */
const embeddingsResponse = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: numberVector() })),
  model: z.string().optional(),
  // Read field by field below: a count that is not one (12.5, -3, 1e20) is estimated, never a failed answer.
  usage: z.unknown().optional(),
});

/** `POST /embeddings` of the OpenAI wire (OpenAI, Mistral, Together… are data). Vectors are always asked for as floats. */
export const openaiEmbeddings: EmbeddingsCapability = {
  acceptsTokenArrays: true,
  buildRequest(request: EmbeddingsRequest, target: UpstreamTarget): JsonHttpRequest {
    const body: Record<string, unknown> = { model: target.model.upstream_model, input: request.input, encoding_format: 'float' };
    if (request.dimensions !== undefined) body.dimensions = request.dimensions;
    if (request.user !== undefined) body.user = request.user;
    return { method: 'POST', url: joinUrl(target.baseUrl, target.provider.paths.embeddings ?? DEFAULT_EMBEDDINGS_PATH), headers: jsonRequestHeaders(target), body: JSON.stringify(body) };
  },

  parseResponse(body: unknown, request: EmbeddingsRequest, target: UpstreamTarget): EmbeddingsResult {
    const parsed = embeddingsResponse.safeParse(body);
    if (!parsed.success || parsed.data.data.length !== request.input.length) {
      throw new UpstreamError(target.provider.id, { kind: 'server_error', message: `the embeddings answer is malformed${parsed.success ? `: ${parsed.data.data.length} vectors for ${request.input.length} inputs` : ''}` });
    }
    const vectors: number[][] = new Array(request.input.length);
    for (const item of parsed.data.data) vectors[item.index] = item.embedding;
    if (vectors.some((vector) => vector === undefined)) throw new UpstreamError(target.provider.id, { kind: 'server_error', message: 'the embeddings answer skips an input index' });
    const reader = new TokenCountReader(isJsonObject(parsed.data.usage) ? parsed.data.usage : undefined);
    const promptTokens = reader.read('prompt_tokens');
    const usage = promptTokens === undefined ? undefined : { prompt_tokens: promptTokens, total_tokens: promptTokens };
    return { model: parsed.data.model ?? target.model.upstream_model, vectors, usage, ...(reader.problems.length > 0 ? { unreadableUsage: reader.problems } : {}) };
  },
};

import { z } from 'zod';
import { numberVector } from '../shared/number-vector.js';
import type { EmbeddingsRequest, EmbeddingsResult } from '../../core/embeddings-types.js';
import type { JsonHttpRequest, UpstreamTarget } from '../provider-types.js';
import { joinUrl, jsonRequestHeaders } from '../shared/http-request.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import type { EmbeddingsCapability } from '../wire-adapter.js';

const DEFAULT_BATCH_PATH = '/v1beta/models/{model}:batchEmbedContents';

const batchResponse = z.object({ embeddings: z.array(z.object({ values: numberVector() })) });

/**
 * Gemini's `:batchEmbedContents`: one request per input, in order, answered in order. Gemini reports no
 * token counts for embeddings: svc counts them (the usage is then flagged estimated).
 */
export const geminiEmbeddings: EmbeddingsCapability = {
  acceptsTokenArrays: false,
  buildRequest(request: EmbeddingsRequest, target: UpstreamTarget): JsonHttpRequest {
    const model = `models/${target.model.upstream_model}`;
    const requests = (request.input as string[]).map((text) => ({
      model,
      content: { parts: [{ text }] },
      ...(request.dimensions !== undefined ? { outputDimensionality: request.dimensions } : {}),
    }));
    const path = (target.provider.paths.batch_embed ?? DEFAULT_BATCH_PATH).replace('{model}', encodeURIComponent(target.model.upstream_model));
    return { method: 'POST', url: joinUrl(target.baseUrl, path), headers: jsonRequestHeaders(target), body: JSON.stringify({ requests }) };
  },

  parseResponse(body: unknown, request: EmbeddingsRequest, target: UpstreamTarget): EmbeddingsResult {
    const parsed = batchResponse.safeParse(body);
    if (!parsed.success || parsed.data.embeddings.length !== request.input.length) {
      throw new UpstreamError(target.provider.id, { kind: 'server_error', message: 'the batchEmbedContents answer is malformed or has the wrong number of embeddings' });
    }
    return { model: target.model.upstream_model, vectors: parsed.data.embeddings.map((embedding) => embedding.values) };
  },
};

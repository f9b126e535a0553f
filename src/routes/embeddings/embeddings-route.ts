import type { FastifyInstance } from 'fastify';
import { registerEndpoint, type Endpoint } from '../../http/endpoint.js';
import type { GatewayServices } from '../../services.js';
import { parseEmbeddingsRequest } from './parse-embeddings-request.js';
import { renderEmbeddings } from './render-embeddings.js';
import { reusableSource } from '../../shared/json-reuse.js';

/** POST /v1/embeddings (spec 4.4, 2.6): parse → the shared runner (with the embeddings cache) → render. */
export const embeddingsEndpoint: Endpoint<'embeddings'> = {
  method: 'POST',
  path: '/v1/embeddings',
  family: 'embeddings',
  name: 'embeddings',
  operation: 'embeddings',
  parse(body, request) {
    const parsed = parseEmbeddingsRequest(body);
    // A long batch (RAG ingestion) goes upstream as the caller wrote its inputs when svc changed none.
    parsed.bodySource = reusableSource(request.bodyText, body);
    return parsed;
  },
  render: renderEmbeddings,
};

export function registerEmbeddingsRoute(app: FastifyInstance, services: GatewayServices): void {
  registerEndpoint(app, services, embeddingsEndpoint);
}

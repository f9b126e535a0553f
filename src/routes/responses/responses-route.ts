import type { FastifyInstance } from 'fastify';
import { GatewayError } from '../../errors/gateway-error.js';
import { registerEndpoint, type Endpoint } from '../../http/endpoint.js';
import type { GatewayServices } from '../../services.js';
import { parseResponsesRequest } from './parse-responses-request.js';
import { responsesRenderer } from './render-responses.js';
import type { ResponseArchive } from '../../archive/response-archive.js';
import type { ResponsesRequestFacts } from './responses-types.js';

/** POST /v1/responses (spec 4.3, 2.5, 6): a translator over the chat operation, JSON or named SSE events. */
export function responsesEndpoint(archive: ResponseArchive): Endpoint<'chat', ResponsesRequestFacts> {
  return {
    method: 'POST',
    path: '/v1/responses',
    family: 'responses',
    name: 'responses',
    operation: 'chat',
    parse: (body, request) =>
      parseResponsesRequest(body, {
        earlierConversation: async (id) => (await archive.find(request.principal!.orgId, id))?.conversation,
      }),
    render: responsesRenderer(archive),
  };
}

export function registerResponsesRoutes(app: FastifyInstance, services: GatewayServices): void {
  registerEndpoint(app, services, responsesEndpoint(services.responses));
  // A stored response of the caller's org; another org's id is not found, as if it did not exist.
  app.get<{ Params: { id: string } }>('/v1/responses/:id', { config: { family: 'responses' } }, async (request, reply) => {
    const stored = await services.responses.find(request.principal!.orgId, request.params.id);
    if (!stored) throw new GatewayError('resource_not_found', `No response with id ${JSON.stringify(request.params.id)} in this org`, { param: 'response_id' });
    reply.header('x-svc-request-id', request.requestId);
    return stored.response;
  });
}

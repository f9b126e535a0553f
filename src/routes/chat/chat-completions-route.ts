import type { FastifyInstance } from 'fastify';
import type { GatewayServices } from '../../services.js';
import { registerEndpoint, type Endpoint } from '../../http/endpoint.js';
import { parseChatRequest } from './parse-chat-request.js';
import { renderChatAnswer } from './render-chat.js';
import { reusableSource } from '../../shared/json-reuse.js';

/** POST /v1/chat/completions: parse → the shared runner → render JSON or SSE. */
export const chatCompletionsEndpoint: Endpoint<'chat'> = {
  method: 'POST',
  path: '/v1/chat/completions',
  family: 'chat',
  name: 'chat.completions',
  operation: 'chat',
  parse(body, request) {
    const parsed = parseChatRequest(body);
    return {
      request: parsed.request,
      requestedModel: parsed.request.model,
      options: { svc: parsed.svc, routingHints: parsed.routingHints, routingOverride: parsed.routingOverride, metadata: parsed.request.metadata },
      warnings: parsed.warnings,
      bodySource: reusableSource(request.bodyText, body),
    };
  },
  render: renderChatAnswer,
};

export function registerChatCompletionsRoute(app: FastifyInstance, services: GatewayServices): void {
  // HEAD is a lightweight probe (spec 4.1): 204, no body.
  app.head('/v1/chat/completions', { config: { family: 'chat' } }, async (_request, reply) => {
    reply.code(204).send();
  });
  registerEndpoint(app, services, chatCompletionsEndpoint);
}

import type { FastifyInstance } from 'fastify';
import { registerEndpoint, type Endpoint } from '../../http/endpoint.js';
import type { GatewayServices } from '../../services.js';
import { parseCompletionsRequest, type LegacyCompletionOptions } from './parse-completions-request.js';
import { renderCompletion } from './render-completions.js';

/** POST /v1/completions (spec 4.2, 2.4): a translator over the chat operation; it never streams. */
export const completionsEndpoint: Endpoint<'chat', LegacyCompletionOptions> = {
  method: 'POST',
  path: '/v1/completions',
  family: 'completions',
  name: 'completions',
  operation: 'chat',
  parse: parseCompletionsRequest,
  render: renderCompletion,
};

export function registerCompletionsRoute(app: FastifyInstance, services: GatewayServices): void {
  registerEndpoint(app, services, completionsEndpoint);
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Catalog } from '../../catalog/catalog.js';
import type { ModerationRequest } from '../../core/moderation-types.js';
import { registerEndpoint, type Endpoint, type ParsedRequest } from '../../http/endpoint.js';
import { buildSvcMetadata, nonStreamHeaders } from '../../http/svc-metadata.js';
import { describeType, modelName, optional } from '../../http/request-body/fields.js';
import { parseBody } from '../../http/request-body/parse-body.js';
import type { GatewayServices } from '../../services.js';

/**
 * POST /v1/moderations (spec 4.5, 2.7): a string, an array of strings, or multimodal parts; the model
 * defaults to the newest moderation model of the catalog.
 */
export function registerModerationsRoute(app: FastifyInstance, services: GatewayServices): void {
  const defaultModel = defaultModerationModel(services.catalog, (id) => services.providers.isConfigured(id));
  const endpoint: Endpoint<'moderation'> = {
    method: 'POST',
    path: '/v1/moderations',
    family: 'moderations',
    name: 'moderations',
    operation: 'moderation',
    parse: (body) => parseModerationRequest(body, defaultModel),
    render({ reply, context, outcome }) {
      if (outcome.kind !== 'complete') throw new Error('moderations are never streamed');
      reply.headers(nonStreamHeaders(context));
      reply.send({ ...outcome.result, svc_metadata: buildSvcMetadata(context) });
    },
  };
  registerEndpoint(app, services, endpoint);
}

/** The catalog's default moderation model (`default: true`) of a configured provider, else the first default row. */
function defaultModerationModel(catalog: Catalog, isConfigured: (providerId: string) => boolean): string {
  const defaults = catalog.listModels({ type: 'moderation' }).filter((model) => model.default);
  const model = defaults.find((candidate) => isConfigured(candidate.provider)) ?? defaults[0];
  if (!model) throw new Error('catalog: no moderation model is marked default');
  return model.slug;
}

/** Spec 4.5, POST /v1/moderations: input is a string, an array of strings, or multimodal parts; model defaults (catalog). */
const moderationRequestSchema = z.object({
  model: optional(modelName()),
  input: z.union(
    [
      z.string(),
      z.array(z.string()).min(1),
      z.array(z.discriminatedUnion('type', [z.object({ type: z.literal('text'), text: z.string() }), z.object({ type: z.literal('image_url'), image_url: z.object({ url: z.string() }) })], { error: 'must be a string or a part {type: text | image_url}' })).min(1),
    ],
    { error: (issue) => (issue.input == null ? 'is required' : `must be a non-empty string, array of strings or array of parts (got ${describeType(issue.input)})`) },
  ),
});

export function parseModerationRequest(body: unknown, defaultModel: string): ParsedRequest<'moderation'> {
  const parsed = parseBody(moderationRequestSchema, body);
  const model = parsed.model ?? defaultModel;
  const input = typeof parsed.input === 'string' ? [parsed.input] : (parsed.input as ModerationRequest['input']);
  return { request: { model, input }, requestedModel: model };
}

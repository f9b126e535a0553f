import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../../catalog/catalog.js';
import type { ModerationInput, ModerationRequest } from '../../core/moderation-types.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { registerEndpoint, type Endpoint, type ParsedRequest } from '../../http/endpoint.js';
import { buildSvcMetadata, nonStreamHeaders } from '../../http/svc-metadata.js';
import { describeType, isPlainObject, optionalString } from '../../http/validation.js';
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
    render({ reply, context, outcome, settle }) {
      if (outcome.kind !== 'complete') throw new Error('moderations are never streamed');
      settle(200);
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

const partTypes = new Set(['text', 'image_url']);

export function parseModerationRequest(body: unknown, defaultModel: string): ParsedRequest<'moderation'> {
  if (!isPlainObject(body)) throw new GatewayError('validation_error', `request body must be a JSON object (got ${describeType(body)})`, { param: null });
  const model = optionalString(body.model, 'model') ?? defaultModel;
  const input = body.input;
  if (input === undefined || input === null) throw new GatewayError('validation_error', 'input is required', { param: 'input' });
  let entries: ModerationRequest['input'];
  if (typeof input === 'string') entries = [input];
  else if (Array.isArray(input) && input.length > 0 && input.every((entry) => typeof entry === 'string')) entries = input as string[];
  else if (Array.isArray(input) && input.length > 0) {
    input.forEach((part, index) => {
      if (!isPlainObject(part) || !partTypes.has(part.type as string)) {
        throw new GatewayError('validation_error', `input[${index}] must be a string or a part {type: text | image_url}`, { param: `input[${index}]` });
      }
    });
    entries = input as ModerationInput[];
  } else {
    throw new GatewayError('validation_error', `input must be a non-empty string, array of strings or array of parts (got ${describeType(input)})`, { param: 'input' });
  }
  return { request: { model, input: entries }, requestedModel: model };
}

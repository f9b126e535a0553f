import type { EmbeddingsRequest } from '../../core/embeddings-types.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { ParsedRequest } from '../../http/endpoint.js';
import { describeType, isPlainObject, optionalEnum, optionalInteger, optionalString, requireString } from '../../http/validation.js';
import { parseSvcOptions } from '../chat/parse-svc-fields.js';

const knownFields = new Set(['model', 'input', 'encoding_format', 'dimensions', 'user', 'svc']);

/** Validates a /v1/embeddings body (spec 4.4): a model, and an input that is never empty. */
export function parseEmbeddingsRequest(body: unknown): ParsedRequest<'embeddings'> {
  if (!isPlainObject(body)) throw new GatewayError('validation_error', `request body must be a JSON object (got ${describeType(body)})`, { param: null });
  const model = requireString(body.model, 'model');
  if (model.trim() === '') throw new GatewayError('validation_error', 'model must not be empty', { param: 'model' });
  const request: EmbeddingsRequest = {
    model,
    input: parseInput(body.input),
    encoding_format: optionalEnum(body.encoding_format, 'encoding_format', ['float', 'base64'] as const) ?? 'float',
  };
  const dimensions = optionalInteger(body.dimensions, 'dimensions', { min: 1, max: 65_536 });
  if (dimensions !== undefined) request.dimensions = dimensions;
  const user = optionalString(body.user, 'user');
  if (user !== undefined) request.user = user;
  const warnings = Object.keys(body)
    .filter((key) => !knownFields.has(key))
    .map((key) => `${key} is not an embeddings field svc knows; it was not forwarded`);
  return { request, requestedModel: model, options: { svc: parseSvcOptions(body.svc) }, warnings };
}

const isTokenArray = (value: unknown): value is number[] => Array.isArray(value) && value.length > 0 && value.every((token) => Number.isInteger(token) && token >= 0);

/** A string, an array of strings, a token array, or an array of token arrays; never empty, nor with an empty entry. */
function parseInput(input: unknown): string[] | number[][] {
  if (input === undefined || input === null) throw new GatewayError('validation_error', 'input is required', { param: 'input' });
  if (typeof input === 'string') {
    if (input === '') throw new GatewayError('validation_error', 'input must not be an empty string', { param: 'input' });
    return [input];
  }
  if (!Array.isArray(input)) throw new GatewayError('validation_error', `input must be a string, an array of strings or an array of token arrays (got ${describeType(input)})`, { param: 'input' });
  if (input.length === 0) throw new GatewayError('validation_error', 'input must not be an empty array', { param: 'input' });
  if (isTokenArray(input)) return [input];
  if (input.length > 2048) throw new GatewayError('validation_error', `input must have at most 2048 entries (got ${input.length})`, { param: 'input' });
  if (input.every((entry) => typeof entry === 'string')) {
    const empty = input.findIndex((entry) => entry === '');
    if (empty >= 0) throw new GatewayError('validation_error', `input[${empty}] must not be an empty string`, { param: `input[${empty}]` });
    return input as string[];
  }
  if (input.every(isTokenArray)) return input as number[][];
  const bad = input.findIndex((entry) => typeof entry !== 'string' && !isTokenArray(entry));
  throw new GatewayError('validation_error', `input[${bad < 0 ? 0 : bad}] must be a non-empty string or token array, all entries of one kind`, { param: `input[${bad < 0 ? 0 : bad}]` });
}

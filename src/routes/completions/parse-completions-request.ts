import type { ChatRequest } from '../../core/chat-types.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { ParsedRequest } from '../../http/endpoint.js';
import {
  describeType,
  isPlainObject,
  optionalBoolean,
  optionalInteger,
  optionalNumber,
  optionalString,
  optionalStringOrStringArray,
  requireString,
} from '../../http/validation.js';
import { parseRoutingHints, parseRoutingOverride, parseSvcOptions } from '../chat/parse-svc-fields.js';

/** The legacy request, kept beside the chat request it becomes: echo and the legacy logprobs shape are rendered from it. */
export interface LegacyCompletionOptions {
  prompt: string;
  echo: boolean;
  /** The legacy `logprobs` integer (how many alternatives per token), when asked. */
  logprobs?: number;
}

const knownFields = new Set([
  'model', 'prompt', 'max_tokens', 'temperature', 'top_p', 'n', 'stream', 'logprobs', 'echo', 'stop', 'presence_penalty',
  'frequency_penalty', 'best_of', 'suffix', 'user', 'seed', 'logit_bias', 'svc', 'routing_hints', 'routing_override',
]);

/**
 * POST /v1/completions (spec 4.2) → a chat request: the prompt (an array joined by newlines) becomes one
 * user message. `stream: true` is refused: the legacy endpoint does not stream.
 */
export function parseCompletionsRequest(body: unknown): ParsedRequest<'chat', LegacyCompletionOptions> {
  if (!isPlainObject(body)) throw new GatewayError('validation_error', `request body must be a JSON object (got ${describeType(body)})`, { param: null });
  const model = requireString(body.model, 'model');
  if (model.trim() === '') throw new GatewayError('validation_error', 'model must not be empty', { param: 'model' });
  if (optionalBoolean(body.stream, 'stream') === true) {
    throw new GatewayError('validation_error', 'stream is not supported on /v1/completions (the legacy endpoint answers whole); use /v1/chat/completions to stream', { param: 'stream' });
  }
  const promptField = optionalStringOrStringArray(body.prompt, 'prompt');
  const prompt = Array.isArray(promptField) ? promptField.join('\n') : (promptField ?? '');
  const request: ChatRequest = { model, messages: [{ role: 'user', content: prompt }] };
  const assign = <K extends keyof ChatRequest>(key: K, value: ChatRequest[K] | undefined) => {
    if (value !== undefined) request[key] = value;
  };
  assign('max_tokens', optionalInteger(body.max_tokens, 'max_tokens', { min: 1, max: Number.MAX_SAFE_INTEGER }));
  assign('temperature', optionalNumber(body.temperature, 'temperature', { min: 0, max: 2 }));
  assign('top_p', optionalNumber(body.top_p, 'top_p', { min: 0, max: 1 }));
  assign('n', optionalInteger(body.n, 'n', { min: 1, max: 8 }));
  assign('stop', optionalStringOrStringArray(body.stop, 'stop'));
  assign('presence_penalty', optionalNumber(body.presence_penalty, 'presence_penalty', { min: -2, max: 2 }));
  assign('frequency_penalty', optionalNumber(body.frequency_penalty, 'frequency_penalty', { min: -2, max: 2 }));
  assign('seed', optionalInteger(body.seed, 'seed', { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }));
  assign('user', optionalString(body.user, 'user'));
  const logprobs = optionalInteger(body.logprobs, 'logprobs', { min: 0, max: 5 });
  if (logprobs !== undefined) {
    // The legacy count of alternatives is chat's top_logprobs.
    request.logprobs = true;
    request.top_logprobs = logprobs;
  }
  const warnings: string[] = [];
  // Accepted for compatibility; the spec gives them no effect.
  if (optionalInteger(body.best_of, 'best_of', { min: 1, max: 20 }) !== undefined) warnings.push('best_of is accepted but has no effect');
  if (optionalString(body.suffix, 'suffix') !== undefined) warnings.push('suffix is accepted but has no effect');
  for (const key of Object.keys(body)) if (!knownFields.has(key)) warnings.push(`${key} is not a completions field svc knows; it was not forwarded`);

  return {
    request,
    requestedModel: model,
    options: { svc: parseSvcOptions(body.svc), routingHints: parseRoutingHints(body.routing_hints), routingOverride: parseRoutingOverride(body.routing_override) },
    warnings,
    extra: { prompt, echo: optionalBoolean(body.echo, 'echo') ?? false, logprobs },
  };
}

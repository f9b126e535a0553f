import type { ChatRequest } from '../../core/chat-types.js';
import type { ParsedRequest } from '../../http/endpoint.js';
import { copyGiven } from '../../http/request-body/fields.js';
import { notAppliedWarnings } from '../../http/request-body/not-applied.js';
import { parseBody, unknownFields } from '../../http/request-body/parse-body.js';
import { toRoutingHints, toRoutingOverride, toSvcOptions } from '../../http/request-body/svc-fields.js';
import { completionsFields, completionsRequestSchema } from './completions-request-schema.js';

/** The legacy request, kept beside the chat request it becomes: echo and the legacy logprobs shape are rendered from it. */
export interface LegacyCompletionOptions {
  prompt: string;
  echo: boolean;
  /** The legacy `logprobs` integer (how many alternatives per token), when asked. */
  logprobs?: number;
}

/**
 * POST /v1/completions (spec 4.2, declared in completions-request-schema.ts) → a chat request: the prompt (an
 * array joined by newlines) becomes one user message. `stream: true` is refused: the legacy endpoint does not stream.
 */
export function parseCompletionsRequest(body: unknown): ParsedRequest<'chat', LegacyCompletionOptions> {
  const parsed = parseBody(completionsRequestSchema, body);
  const prompt = Array.isArray(parsed.prompt) ? parsed.prompt.join('\n') : (parsed.prompt ?? '');
  const request: ChatRequest = { model: parsed.model, messages: [{ role: 'user', content: prompt }] };
  copyGiven(parsed, request, ['max_tokens', 'temperature', 'top_p', 'n', 'stop', 'presence_penalty', 'frequency_penalty', 'seed', 'user']);
  const logprobs = parsed.logprobs ?? undefined;
  if (logprobs !== undefined) {
    // The legacy count of alternatives is chat's top_logprobs.
    request.logprobs = true;
    request.top_logprobs = logprobs;
  }
  const warnings: string[] = [];
  notAppliedWarnings('completions', body as Record<string, unknown>, warnings);
  for (const key of unknownFields(body as object, completionsFields)) warnings.push(`${key} is not a completions field svc knows; it was not forwarded`);
  return {
    request,
    requestedModel: parsed.model,
    options: { svc: toSvcOptions(parsed.svc), routingHints: toRoutingHints(parsed.routing_hints), routingOverride: toRoutingOverride(parsed.routing_override) },
    warnings,
    extra: { prompt, echo: parsed.echo ?? false, logprobs },
  };
}

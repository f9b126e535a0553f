import type { ChatRequest } from '../../core/chat-types.js';
import { type JsonHttpRequest, type UpstreamTarget } from '../provider-types.js';
import { joinUrl, jsonRequestHeaders } from '../shared/http-request.js';
import { adaptToDialect } from './dialect.js';
import { withoutThinkingBlocks } from '../shared/thinking-blocks.js';
import { withoutKey } from '../../shared/json-values.js';
import { jsonBodyReusing, type JsonSource } from '../../shared/json-reuse.js';

/** Canonical fields sent as they are: the canonical request already is the OpenAI shape. */
const PASS_THROUGH_FIELDS = [
  'messages',
  'n',
  'temperature',
  'top_p',
  'frequency_penalty',
  'presence_penalty',
  'stop',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'response_format',
  'seed',
  'user',
  'logprobs',
  'top_logprobs',
  'logit_bias',
  'reasoning_effort',
  'service_tier',
  'metadata',
] as const satisfies readonly (keyof ChatRequest)[];

/** Fields svc sets itself: a caller's `extra` never overrides them. */
const RESERVED_FIELDS = new Set<string>(['model', 'stream', 'stream_options', 'max_tokens', 'max_completion_tokens', ...PASS_THROUGH_FIELDS]);

// svc always asks for the usage chunk so it can account the cost; the pipeline hides it from callers that did not ask.
const INCLUDE_USAGE = Object.freeze({ include_usage: true });
const DEFAULT_CHAT_PATH = '/chat/completions';

/**
 * The upstream HTTP request for an OpenAI-wire host: everything provider-specific comes from catalog data.
 * `source`: the caller's JSON of this request (a long chat completions body), whose unchanged parts the body
 * reuses rather than serializing them again (json-reuse.ts).
 */
export function buildOpenAiChatRequest(request: ChatRequest, target: UpstreamTarget, warnings: string[], source?: JsonSource): JsonHttpRequest {
  const body = convertRequestBody(request, target, warnings);
  return {
    method: 'POST',
    url: joinUrl(target.baseUrl, target.provider.paths.chat ?? DEFAULT_CHAT_PATH),
    headers: jsonRequestHeaders(target),
    body: source ? jsonBodyReusing(body, source) : JSON.stringify(body),
  };
}

/** The JSON body: the canonical request with the upstream model name and only OpenAI fields. */
export function convertRequestBody(request: ChatRequest, target: UpstreamTarget, warnings: string[]): Record<string, unknown> {
  const body: Record<string, unknown> = { model: target.model.upstream_model };
  for (const field of PASS_THROUGH_FIELDS) {
    if (request[field] !== undefined) body[field] = request[field];
  }
  if (request.extra) {
    for (const key in request.extra) {
      if (!RESERVED_FIELDS.has(key) && request.extra[key] !== undefined) body[key] = request.extra[key];
    }
  }
  if (request.max_tokens !== undefined) body[target.provider.chatOptions?.max_tokens_field ?? 'max_tokens'] = request.max_tokens;
  // stream_options is rejected by OpenAI unless stream is true, so it only travels with a stream.
  if (request.stream) {
    body.stream = true;
    body.stream_options = request.stream_options ? { ...request.stream_options, include_usage: true } : INCLUDE_USAGE;
  }
  withoutCacheControl(body, request);
  if (body.messages) body.messages = withoutThinkingBlocks(body.messages as ChatRequest['messages'], warnings);
  adaptToDialect(body, request, target, warnings);
  return body;
}

/** Prompt-cache breakpoints (`cache_control`) are Anthropic's: the OpenAI wire caches by itself and rejects the key. */
function withoutCacheControl(body: Record<string, unknown>, request: ChatRequest): void {
  if (request.tools?.some((tool) => tool.cache_control)) body.tools = request.tools.map(({ cache_control: _cacheControl, ...tool }) => tool);
  if (!request.messages.some((message) => Array.isArray(message.content) && message.content.some((part) => 'cache_control' in part))) return;
  body.messages = request.messages.map((message) =>
    Array.isArray(message.content) ? { ...message, content: message.content.map((part) => withoutKey(part, 'cache_control')) } : message,
  );
}

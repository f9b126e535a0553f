import type { ChatMessage, ChatRequest, FunctionTool, ResponseFormat, ToolChoice } from '../../core/chat-types.js';
import type { RoutingHints, RoutingOverride, SvcOptions } from '../../core/svc-options.js';
import { copyGiven, withoutNulls } from '../../http/request-body/fields.js';
import { notAppliedWarnings } from '../../http/request-body/not-applied.js';
import { parseBody } from '../../http/request-body/parse-body.js';
import { toRoutingHints, toRoutingOverride, toSvcOptions } from '../../http/request-body/svc-fields.js';
import { chatFields, chatRequestSchema, forwardedChatFields, type ChatBody } from './chat-request-schema.js';

export interface ParsedChatRequest {
  request: ChatRequest;
  /** Fields the caller sent that svc does not use (named, never dropped silently). */
  warnings: string[];
  svc: SvcOptions;
  routingHints?: RoutingHints;
  routingOverride?: RoutingOverride;
}

/** Validates a /v1/chat/completions body (spec 4.1, declared in chat-request-schema.ts) into the canonical request. */
export function parseChatRequest(body: unknown): ParsedChatRequest {
  const parsed = parseBody(chatRequestSchema, body);
  const warnings: string[] = [];
  const request = toChatRequest(parsed, warnings);
  let extra: Record<string, unknown> | undefined;
  for (const key of Object.keys(body as object)) {
    if (chatFields.has(key)) continue;
    if (forwardedChatFields.has(key)) (extra ??= {})[key] = (body as Record<string, unknown>)[key];
    else warnings.push(`${key} is not a chat completions field svc knows; it was not forwarded`);
  }
  if (extra) request.extra = extra;
  notAppliedWarnings('chat', body as Record<string, unknown>, warnings);
  return { request, warnings, svc: toSvcOptions(parsed.svc), routingHints: toRoutingHints(parsed.routing_hints), routingOverride: toRoutingOverride(parsed.routing_override) };
}

/** The declared body → the canonical request: aliases resolved, legacy function fields turned into tools, nulls dropped. */
function toChatRequest(body: ChatBody, warnings: string[]): ChatRequest {
  const request: ChatRequest = { model: body.model, messages: body.messages.map(toMessage) };
  if (body.stream != null) request.stream = body.stream;
  if (body.stream_options) request.stream_options = { include_usage: body.stream_options.include_usage ?? undefined };
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  if (maxTokens != null) request.max_tokens = maxTokens;
  // The legacy function-calling fields are the same thing as tools: they are converted, never forwarded as they are.
  const tools = body.tools?.map(toTool) ?? body.functions?.map((definition) => toTool({ type: 'function', function: definition }));
  if (tools) request.tools = tools;
  if (body.tools && body.functions) warnings.push('functions was ignored: tools was given too');
  const toolChoice = toToolChoice(body.tool_choice ?? body.function_call);
  if (toolChoice) request.tool_choice = toolChoice;
  if (body.response_format) request.response_format = toResponseFormat(body.response_format.type, body.response_format.json_schema);
  copyGiven(body, request, copiedAsSent);
  return request;
}

/** Fields whose declared value is the canonical one. */
const copiedAsSent = [
  'n', 'temperature', 'top_p', 'top_k', 'frequency_penalty', 'presence_penalty', 'stop', 'parallel_tool_calls', 'seed', 'user', 'logprobs',
  'top_logprobs', 'logit_bias', 'reasoning_effort', 'service_tier', 'metadata',
] as const satisfies ReadonlyArray<keyof ChatBody & keyof ChatRequest>;

function toMessage(message: ChatBody['messages'][number]): ChatMessage {
  const canonical: ChatMessage = { role: message.role, content: (message.content ?? null) as ChatMessage['content'] };
  if (message.name != null) canonical.name = message.name;
  if (message.tool_calls?.length) canonical.tool_calls = message.tool_calls;
  if (message.tool_call_id != null) canonical.tool_call_id = message.tool_call_id;
  if (message.refusal != null) canonical.refusal = message.refusal;
  return canonical;
}

function toTool(tool: NonNullable<ChatBody['tools']>[number]): FunctionTool {
  const canonical: FunctionTool = { type: 'function', function: withoutNulls({ ...tool.function }) };
  const ttl = tool.cache_control?.ttl;
  if (tool.cache_control) canonical.cache_control = ttl === '5m' || ttl === '1h' ? { type: 'ephemeral', ttl } : { type: 'ephemeral' };
  return canonical;
}

/**
 * A tool choice as chat, legacy `function_call` and Responses write it — a word, `{name}`, or
 * `{type: function, function: {name}}` — as the canonical one.
 */
export function toToolChoice(choice: ToolChoice | { name: string } | null | undefined): ToolChoice | undefined {
  if (choice == null || typeof choice === 'string' || 'function' in choice) return choice ?? undefined;
  return { type: 'function', function: { name: choice.name } };
}

type JsonSchemaSpec = { name?: string | null; description?: string | null; schema?: Record<string, unknown> | null; strict?: boolean | null };

/** A declared output format → the canonical one (chat nests the JSON-schema spec under `json_schema`; Responses has it flat). */
export function toResponseFormat(type: ResponseFormat['type'], spec: JsonSchemaSpec | null | undefined): ResponseFormat {
  if (type !== 'json_schema') return { type };
  return { type: 'json_schema', json_schema: withoutNulls({ name: spec?.name ?? 'response', description: spec?.description, schema: spec?.schema, strict: spec?.strict }) };
}

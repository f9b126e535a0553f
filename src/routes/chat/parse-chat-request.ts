import type { ChatMessage, ChatRequest, FunctionTool, ResponseFormat, ToolChoice } from '../../core/chat-types.js';
import type { RoutingHints, RoutingOverride, SvcOptions } from '../../core/svc-options.js';
import { GatewayError } from '../../errors/gateway-error.js';
import {
  describeType,
  isPlainObject,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalNumber,
  optionalObject,
  optionalString,
  optionalStringOrStringArray,
  optionalStringRecord,
  requireString,
} from '../../http/validation.js';
import { parseRoutingHints, parseRoutingOverride, parseSvcOptions } from './parse-svc-fields.js';

export interface ParsedChatRequest {
  request: ChatRequest;
  /** Fields the caller sent that svc does not use (named, never dropped silently). */
  warnings: string[];
  svc: SvcOptions;
  routingHints?: RoutingHints;
  routingOverride?: RoutingOverride;
}

const messageRoles = ['system', 'developer', 'user', 'assistant', 'tool', 'function'] as const;

/** Fields handled here; anything else an OpenAI client may send is forwarded as `extra` to OpenAI-wire upstreams. */
const knownFields = new Set([
  'model', 'messages', 'stream', 'stream_options', 'n', 'max_tokens', 'max_completion_tokens', 'temperature', 'top_p',
  'frequency_penalty', 'presence_penalty', 'stop', 'tools', 'tool_choice', 'parallel_tool_calls', 'response_format',
  'seed', 'user', 'logprobs', 'top_logprobs', 'logit_bias', 'reasoning_effort', 'service_tier', 'metadata',
  'routing_hints', 'routing_override', 'svc', 'functions', 'function_call', 'top_k',
]);
/** OpenAI fields svc forwards untouched when present. */
const forwardedExtraFields = new Set(['modalities', 'audio', 'prediction', 'verbosity', 'store', 'web_search_options', 'safety_identifier', 'prompt_cache_key']);

/** Validates a /v1/chat/completions body (spec 4.1) into the canonical request. */
export function parseChatRequest(body: unknown): ParsedChatRequest {
  if (!isPlainObject(body)) {
    throw new GatewayError('validation_error', `request body must be a JSON object (got ${describeType(body)})`, { param: null });
  }
  const model = requireString(body.model, 'model');
  if (model.trim() === '') throw new GatewayError('validation_error', 'model must not be empty', { param: 'model' });

  const request: ChatRequest = { model, messages: parseMessages(body.messages) };
  const stream = optionalBoolean(body.stream, 'stream');
  if (stream !== undefined) request.stream = stream;
  const streamOptions = optionalObject(body.stream_options, 'stream_options');
  if (streamOptions) request.stream_options = { include_usage: optionalBoolean(streamOptions.include_usage, 'stream_options.include_usage') };

  assign(request, 'n', optionalInteger(body.n, 'n', { min: 1, max: 8 }));
  const maxTokens = optionalInteger(body.max_tokens, 'max_tokens', { min: 1, max: Number.MAX_SAFE_INTEGER });
  const maxCompletionTokens = optionalInteger(body.max_completion_tokens, 'max_completion_tokens', { min: 1, max: Number.MAX_SAFE_INTEGER });
  assign(request, 'max_tokens', maxCompletionTokens ?? maxTokens);
  assign(request, 'temperature', optionalNumber(body.temperature, 'temperature', { min: 0, max: 2 }));
  assign(request, 'top_p', optionalNumber(body.top_p, 'top_p', { min: 0, max: 1 }));
  assign(request, 'frequency_penalty', optionalNumber(body.frequency_penalty, 'frequency_penalty', { min: -2, max: 2 }));
  assign(request, 'presence_penalty', optionalNumber(body.presence_penalty, 'presence_penalty', { min: -2, max: 2 }));
  assign(request, 'stop', optionalStringOrStringArray(body.stop, 'stop'));
  const warnings: string[] = [];
  // The legacy function-calling fields are the same thing as tools: they are converted, never forwarded as they are.
  assign(request, 'tools', parseTools(body.tools ?? legacyFunctionsAsTools(body.functions)));
  assign(request, 'tool_choice', parseToolChoice(body.tool_choice ?? legacyFunctionCallAsToolChoice(body.function_call)));
  if (body.tools !== undefined && body.functions !== undefined) warnings.push('functions was ignored: tools was given too');
  assign(request, 'top_k', optionalInteger(body.top_k, 'top_k', { min: 1, max: 1_000_000 }));
  assign(request, 'parallel_tool_calls', optionalBoolean(body.parallel_tool_calls, 'parallel_tool_calls'));
  assign(request, 'response_format', parseResponseFormat(body.response_format));
  assign(request, 'seed', optionalInteger(body.seed, 'seed', { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }));
  assign(request, 'user', optionalString(body.user, 'user'));
  assign(request, 'logprobs', optionalBoolean(body.logprobs, 'logprobs'));
  assign(request, 'top_logprobs', optionalInteger(body.top_logprobs, 'top_logprobs', { min: 0, max: 20 }));
  const logitBias = optionalObject(body.logit_bias, 'logit_bias');
  if (logitBias) {
    for (const [token, bias] of Object.entries(logitBias)) optionalNumber(bias, `logit_bias.${token}`, { min: -100, max: 100 });
    request.logit_bias = logitBias as Record<string, number>;
  }
  assign(request, 'reasoning_effort', optionalEnum(body.reasoning_effort, 'reasoning_effort', ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const));
  assign(request, 'service_tier', optionalString(body.service_tier, 'service_tier'));
  assign(request, 'metadata', optionalStringRecord(body.metadata, 'metadata'));

  let extra: Record<string, unknown> | undefined;
  for (const key of Object.keys(body)) {
    if (knownFields.has(key)) continue;
    if (forwardedExtraFields.has(key)) (extra ??= {})[key] = body[key];
    else warnings.push(`${key} is not a chat completions field svc knows; it was not forwarded`);
  }
  if (extra) request.extra = extra;

  return {
    request,
    warnings,
    svc: parseSvcOptions(body.svc),
    routingHints: parseRoutingHints(body.routing_hints),
    routingOverride: parseRoutingOverride(body.routing_override),
  };
}

function assign<K extends keyof ChatRequest>(request: ChatRequest, key: K, value: ChatRequest[K] | undefined): void {
  if (value !== undefined) request[key] = value;
}

function parseMessages(value: unknown): ChatMessage[] {
  if (value === undefined || value === null) throw new GatewayError('validation_error', 'messages is required', { param: 'messages' });
  if (!Array.isArray(value)) throw new GatewayError('validation_error', `messages must be an array (got ${describeType(value)})`, { param: 'messages' });
  if (value.length === 0) throw new GatewayError('validation_error', 'messages must contain at least 1 message (got 0)', { param: 'messages' });
  return value.map((message, index) => parseMessage(message, `messages[${index}]`));
}

function parseMessage(value: unknown, param: string): ChatMessage {
  if (!isPlainObject(value)) throw new GatewayError('validation_error', `${param} must be an object (got ${describeType(value)})`, { param });
  const role = optionalEnum(value.role, `${param}.role`, messageRoles);
  if (role === undefined) throw new GatewayError('validation_error', `${param}.role is required`, { param: `${param}.role` });
  const content = value.content;
  const hasToolCalls = Array.isArray(value.tool_calls) && value.tool_calls.length > 0;
  if (content === undefined || content === null) {
    if (!(role === 'assistant' && (hasToolCalls || typeof value.refusal === 'string'))) {
      throw new GatewayError('validation_error', `${param}.content is required`, { param: `${param}.content` });
    }
  } else if (typeof content !== 'string') {
    if (!Array.isArray(content)) {
      throw new GatewayError('validation_error', `${param}.content must be a string or an array of content parts (got ${describeType(content)})`, { param: `${param}.content` });
    }
    content.forEach((part, partIndex) => {
      if (!isPlainObject(part) || typeof part.type !== 'string') {
        throw new GatewayError('validation_error', `${param}.content[${partIndex}] must be a content part object with a type`, { param: `${param}.content[${partIndex}]` });
      }
      if (part.type === 'text' && typeof part.text !== 'string') {
        throw new GatewayError('validation_error', `${param}.content[${partIndex}].text must be a string`, { param: `${param}.content[${partIndex}].text` });
      }
      if (part.type === 'image_url' && !(isPlainObject(part.image_url) && typeof part.image_url.url === 'string')) {
        throw new GatewayError('validation_error', `${param}.content[${partIndex}].image_url.url must be a string`, { param: `${param}.content[${partIndex}].image_url.url` });
      }
    });
  }
  const message: ChatMessage = { role, content: (content ?? null) as ChatMessage['content'] };
  const name = optionalString(value.name, `${param}.name`);
  if (name !== undefined) message.name = checkName(name, `${param}.name`);
  if (hasToolCalls) message.tool_calls = parseToolCalls(value.tool_calls as unknown[], `${param}.tool_calls`);
  const toolCallId = optionalString(value.tool_call_id, `${param}.tool_call_id`);
  if (toolCallId !== undefined) message.tool_call_id = toolCallId;
  if (role === 'tool' && toolCallId === undefined) {
    throw new GatewayError('validation_error', `${param}.tool_call_id is required for a tool message`, { param: `${param}.tool_call_id` });
  }
  const refusal = optionalString(value.refusal, `${param}.refusal`);
  if (refusal !== undefined) message.refusal = refusal;
  return message;
}

/** Names travel upstream in headers of some wires and in logs: no control characters, NUL included, and a sane length. */
const NAME_PATTERN = /^[^\u0000-\u001f\u007f]{1,256}$/;

function checkName(name: string, param: string): string {
  if (!NAME_PATTERN.test(name)) {
    throw new GatewayError('validation_error', `${param} must be 1 to 256 characters without control characters (got ${JSON.stringify(name)})`, { param });
  }
  return name;
}

function parseToolCalls(calls: unknown[], param: string): ChatMessage['tool_calls'] {
  return calls.map((call, index) => {
    const where = `${param}[${index}]`;
    if (!isPlainObject(call) || !isPlainObject(call.function)) throw new GatewayError('validation_error', `${where} must be an object with a function`, { param: where });
    const parsed: NonNullable<ChatMessage['tool_calls']>[number] = {
      id: requireString(call.id, `${where}.id`),
      type: 'function' as const,
      function: {
        name: checkName(requireString(call.function.name, `${where}.function.name`), `${where}.function.name`),
        arguments: optionalString(call.function.arguments, `${where}.function.arguments`) ?? '{}',
      },
    };
    // Provider data echoed back by the client (e.g. Gemini thought signatures) must survive.
    const extraContent = optionalObject(call.extra_content, `${where}.extra_content`);
    if (extraContent) parsed.extra_content = extraContent;
    return parsed;
  });
}

function parseTools(value: unknown): FunctionTool[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new GatewayError('validation_error', `tools must be an array (got ${describeType(value)})`, { param: 'tools' });
  return value.map((tool, index) => {
    const where = `tools[${index}]`;
    if (!isPlainObject(tool)) throw new GatewayError('validation_error', `${where} must be an object`, { param: where });
    if (tool.type !== 'function') {
      throw new GatewayError('validation_error', `${where}.type must be function (got ${JSON.stringify(tool.type)})`, { param: `${where}.type` });
    }
    const fn = optionalObject(tool.function, `${where}.function`);
    if (!fn) throw new GatewayError('validation_error', `${where}.function is required`, { param: `${where}.function` });
    const name = requireString(fn.name, `${where}.function.name`);
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name)) {
      throw new GatewayError('validation_error', `${where}.function.name must be 1 to 64 letters, digits, underscores or dashes (got ${JSON.stringify(name)})`, { param: `${where}.function.name` });
    }
    const parsed: FunctionTool = { type: 'function', function: { name } };
    const description = optionalString(fn.description, `${where}.function.description`);
    if (description !== undefined) parsed.function.description = description;
    const parameters = optionalObject(fn.parameters, `${where}.function.parameters`);
    if (parameters) parsed.function.parameters = parameters;
    const strict = optionalBoolean(fn.strict, `${where}.function.strict`);
    if (strict !== undefined) parsed.function.strict = strict;
    const cacheControl = optionalObject(tool.cache_control, `${where}.cache_control`);
    if (cacheControl) {
      if (cacheControl.type !== 'ephemeral') throw new GatewayError('validation_error', `${where}.cache_control.type must be ephemeral (got ${JSON.stringify(cacheControl.type)})`, { param: `${where}.cache_control.type` });
      parsed.cache_control = cacheControl.ttl === '5m' || cacheControl.ttl === '1h' ? { type: 'ephemeral', ttl: cacheControl.ttl } : { type: 'ephemeral' };
    }
    return parsed;
  });
}

/** `functions: [{name, description, parameters}]` → `tools: [{type: function, function}]`. */
function legacyFunctionsAsTools(functions: unknown): unknown {
  if (functions === undefined || functions === null) return undefined;
  if (!Array.isArray(functions)) throw new GatewayError('validation_error', `functions must be an array (got ${describeType(functions)})`, { param: 'functions' });
  return functions.map((fn) => ({ type: 'function', function: fn }));
}

/** `function_call: "none" | "auto" | {name}` → `tool_choice`. */
function legacyFunctionCallAsToolChoice(functionCall: unknown): unknown {
  if (functionCall === undefined || functionCall === null) return undefined;
  if (functionCall === 'none' || functionCall === 'auto') return functionCall;
  if (isPlainObject(functionCall) && typeof functionCall.name === 'string') return { type: 'function', function: { name: functionCall.name } };
  throw new GatewayError('validation_error', 'function_call must be none, auto or {name}', { param: 'function_call' });
}

function parseToolChoice(value: unknown): ToolChoice | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'none' || value === 'auto' || value === 'required') return value;
  if (isPlainObject(value) && value.type === 'function' && isPlainObject(value.function) && typeof value.function.name === 'string') {
    return { type: 'function', function: { name: value.function.name } };
  }
  throw new GatewayError('validation_error', 'tool_choice must be none, auto, required or {type: function, function: {name}}', { param: 'tool_choice' });
}

function parseResponseFormat(value: unknown): ResponseFormat | undefined {
  const format = optionalObject(value, 'response_format');
  if (!format) return undefined;
  if (format.type === 'text' || format.type === 'json_object') return { type: format.type };
  if (format.type === 'json_schema') {
    const schema = optionalObject(format.json_schema, 'response_format.json_schema');
    if (!schema) throw new GatewayError('validation_error', 'response_format.json_schema is required when type is json_schema', { param: 'response_format.json_schema' });
    return { type: 'json_schema', json_schema: parseJsonSchemaSpec(schema, 'response_format.json_schema') };
  }
  throw new GatewayError('validation_error', `response_format.type must be one of text, json_object, json_schema (got ${JSON.stringify(format.type)})`, { param: 'response_format.type' });
}

/** The name, description, schema and strict flag of a JSON-schema output format (chat nests them, Responses does not). */
export function parseJsonSchemaSpec(spec: Record<string, unknown>, param: string): Extract<ResponseFormat, { type: 'json_schema' }>['json_schema'] {
  return {
    name: optionalString(spec.name, `${param}.name`) ?? 'response',
    description: optionalString(spec.description, `${param}.description`),
    schema: optionalObject(spec.schema, `${param}.schema`),
    strict: optionalBoolean(spec.strict, `${param}.strict`),
  };
}

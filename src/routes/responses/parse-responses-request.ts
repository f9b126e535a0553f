import { randomUUID } from 'node:crypto';
import type { ChatMessage, ChatRequest, ContentPart, FunctionTool, ResponseFormat, ToolChoice } from '../../core/chat-types.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { ParsedRequest } from '../../http/endpoint.js';
import {
  describeType,
  isPlainObject,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalNumber,
  optionalObject,
  optionalString,
  optionalStringRecord,
  requireString,
} from '../../http/validation.js';
import { parseRoutingHints, parseRoutingOverride, parseSvcOptions } from '../chat/parse-svc-fields.js';
import { parseChatRequest, parseJsonSchemaSpec } from '../chat/parse-chat-request.js';
import type { ResponsesRequestFacts } from './responses-types.js';

const knownFields = new Set([
  'model', 'input', 'instructions', 'stream', 'temperature', 'top_p', 'max_output_tokens', 'tools', 'tool_choice', 'parallel_tool_calls',
  'text', 'user', 'metadata', 'service_tier', 'reasoning', 'store', 'previous_response_id', 'svc', 'routing_hints', 'routing_override',
  'include', 'truncation', 'stream_options', 'prompt_cache_key', 'safety_identifier',
]);

export interface ResponsesParseContext {
  /** The conversation stored with an earlier response of this org, or undefined when there is none. */
  earlierConversation(responseId: string): Promise<ChatMessage[] | undefined>;
}

/**
 * POST /v1/responses (spec 4.3) → a chat request: `instructions` becomes a system message, input items become
 * messages (function calls and their outputs included), flat function tools become chat tools, `text.format`
 * becomes `response_format`, `reasoning.effort` becomes `reasoning_effort`. With `previous_response_id`, the
 * stored conversation of that response (same org only) comes first.
 */
export async function parseResponsesRequest(body: unknown, context: ResponsesParseContext): Promise<ParsedRequest<'chat', ResponsesRequestFacts>> {
  if (!isPlainObject(body)) throw new GatewayError('validation_error', `request body must be a JSON object (got ${describeType(body)})`, { param: null });
  const model = requireString(body.model, 'model');
  if (model.trim() === '') throw new GatewayError('validation_error', 'model must not be empty', { param: 'model' });
  const instructions = optionalString(body.instructions, 'instructions');
  const previousResponseId = optionalString(body.previous_response_id, 'previous_response_id');
  const earlier = previousResponseId === undefined ? [] : await context.earlierConversation(previousResponseId);
  if (earlier === undefined) {
    throw new GatewayError('resource_not_found', `previous_response_id ${JSON.stringify(previousResponseId)} is not a stored response of this org`, { param: 'previous_response_id' });
  }
  // Instructions are not carried over from an earlier response (as with OpenAI): each request states its own.
  const conversation: ChatMessage[] = [...earlier, ...parseInput(body.input)];
  const messages: ChatMessage[] = instructions ? [{ role: 'system', content: instructions }, ...conversation] : conversation;

  const tools = parseTools(body.tools);
  const text = optionalObject(body.text, 'text');
  const reasoning = optionalObject(body.reasoning, 'reasoning');
  const chatBody: Record<string, unknown> = {
    model,
    messages,
    stream: optionalBoolean(body.stream, 'stream'),
    temperature: optionalNumber(body.temperature, 'temperature', { min: 0, max: 2 }),
    top_p: optionalNumber(body.top_p, 'top_p', { min: 0, max: 1 }),
    max_tokens: optionalInteger(body.max_output_tokens, 'max_output_tokens', { min: 1, max: Number.MAX_SAFE_INTEGER }),
    tools,
    tool_choice: parseToolChoice(body.tool_choice),
    parallel_tool_calls: optionalBoolean(body.parallel_tool_calls, 'parallel_tool_calls'),
    response_format: parseTextFormat(text?.format),
    reasoning_effort: reasoning ? optionalEnum(reasoning.effort, 'reasoning.effort', ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const) : undefined,
    user: optionalString(body.user, 'user'),
    metadata: optionalStringRecord(body.metadata, 'metadata'),
    service_tier: optionalString(body.service_tier, 'service_tier'),
  };
  for (const key of Object.keys(chatBody)) if (chatBody[key] === undefined) delete chatBody[key];
  // The chat parser validates what the translation produced (messages, tools, ranges) as it does for chat callers.
  const chat: ChatRequest = parseChatRequest(chatBody).request;

  const warnings = Object.keys(body)
    .filter((key) => !knownFields.has(key))
    .map((key) => `${key} is not a Responses field svc knows; it was not forwarded`);
  const facts: ResponsesRequestFacts = {
    responseId: `resp_${randomUUID().replace(/-/g, '')}`,
    createdAt: Math.floor(Date.now() / 1000),
    model,
    instructions: instructions ?? null,
    previousResponseId: previousResponseId ?? null,
    store: optionalBoolean(body.store, 'store') ?? true,
    conversation,
    echo: {
      temperature: chat.temperature ?? null,
      top_p: chat.top_p ?? null,
      max_output_tokens: chat.max_tokens ?? null,
      tool_choice: body.tool_choice ?? 'auto',
      tools: Array.isArray(body.tools) ? body.tools : [],
      parallel_tool_calls: chat.parallel_tool_calls ?? true,
      text: text ?? { format: { type: 'text' } },
      reasoning: reasoning ?? { effort: null, summary: null },
      metadata: chat.metadata ?? {},
      user: chat.user ?? null,
      service_tier: chat.service_tier ?? null,
    },
  };
  return {
    request: chat,
    requestedModel: model,
    options: { svc: parseSvcOptions(body.svc), routingHints: parseRoutingHints(body.routing_hints), routingOverride: parseRoutingOverride(body.routing_override), metadata: chat.metadata },
    warnings,
    extra: facts,
  };
}

/** `input`: a string (one user message), one item, or an array of items; never empty. */
function parseInput(input: unknown): ChatMessage[] {
  if (input === undefined || input === null) throw new GatewayError('validation_error', 'input is required', { param: 'input' });
  if (typeof input === 'string') {
    if (input === '') throw new GatewayError('validation_error', 'input must not be empty', { param: 'input' });
    return [{ role: 'user', content: input }];
  }
  const items = Array.isArray(input) ? input : [input];
  if (items.length === 0) throw new GatewayError('validation_error', 'input must not be an empty array', { param: 'input' });
  const messages: ChatMessage[] = [];
  items.forEach((item, index) => {
    const param = Array.isArray(input) ? `input[${index}]` : 'input';
    if (!isPlainObject(item)) throw new GatewayError('validation_error', `${param} must be an input item object (got ${describeType(item)})`, { param });
    const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
    if (type === 'message') messages.push(parseMessageItem(item, param));
    else if (type === 'function_call') {
      const call = {
        id: requireString(item.call_id, `${param}.call_id`),
        type: 'function' as const,
        function: { name: requireString(item.name, `${param}.name`), arguments: optionalString(item.arguments, `${param}.arguments`) ?? '{}' },
      };
      // Consecutive calls belong to one assistant turn, as chat has them.
      const previous = messages[messages.length - 1];
      if (previous?.role === 'assistant' && previous.tool_calls && previous.content === null) previous.tool_calls.push(call);
      else messages.push({ role: 'assistant', content: null, tool_calls: [call] });
    } else if (type === 'function_call_output') {
      const output = item.output;
      const content = typeof output === 'string' ? output : Array.isArray(output) ? textOfParts(output, `${param}.output`) : undefined;
      if (content === undefined) throw new GatewayError('validation_error', `${param}.output must be a string or an array of input_text parts`, { param: `${param}.output` });
      messages.push({ role: 'tool', tool_call_id: requireString(item.call_id, `${param}.call_id`), content });
    } else if (type === 'reasoning') {
      // Reasoning items of an earlier turn carry nothing a chat upstream can take back.
    } else {
      throw new GatewayError('validation_error', `${param}.type ${JSON.stringify(type)} is not supported; input items are messages, function_call and function_call_output`, { param: `${param}.type` });
    }
  });
  if (messages.length === 0) throw new GatewayError('validation_error', 'input holds no message', { param: 'input' });
  return messages;
}

const roles = ['system', 'developer', 'user', 'assistant'] as const;

function parseMessageItem(item: Record<string, unknown>, param: string): ChatMessage {
  const role = optionalEnum(item.role, `${param}.role`, roles);
  if (role === undefined) throw new GatewayError('validation_error', `${param}.role is required`, { param: `${param}.role` });
  const content = item.content;
  if (typeof content === 'string') return { role, content };
  if (!Array.isArray(content)) throw new GatewayError('validation_error', `${param}.content must be a string or an array of content parts`, { param: `${param}.content` });
  if (role !== 'user') return { role, content: textOfParts(content, `${param}.content`) };
  return { role, content: content.map((part, index) => userPart(part, `${param}.content[${index}]`)) };
}

/** User parts: input_text and input_image (a URL or data URL). */
function userPart(part: unknown, param: string): ContentPart {
  if (!isPlainObject(part)) throw new GatewayError('validation_error', `${param} must be a content part object`, { param });
  if (part.type === 'input_text') return { type: 'text', text: requireString(part.text, `${param}.text`) };
  if (part.type === 'input_image') {
    const url = optionalString(part.image_url, `${param}.image_url`);
    if (url === undefined) throw new GatewayError('validation_error', `${param}.image_url is required (file_id images are not supported)`, { param: `${param}.image_url` });
    const detail = optionalEnum(part.detail, `${param}.detail`, ['auto', 'low', 'high'] as const);
    return { type: 'image_url', image_url: detail ? { url, detail } : { url } };
  }
  throw new GatewayError('validation_error', `${param}.type ${JSON.stringify(part.type)} is not a supported content part; use input_text or input_image`, { param: `${param}.type` });
}

/** The text of system, developer, assistant or tool-output parts (input_text, output_text, text). */
function textOfParts(parts: unknown[], param: string): string {
  return parts
    .map((part, index) => {
      if (!isPlainObject(part) || !['input_text', 'output_text', 'text'].includes(part.type as string)) {
        throw new GatewayError('validation_error', `${param}[${index}] must be a text part (input_text or output_text)`, { param: `${param}[${index}]` });
      }
      return requireString(part.text, `${param}[${index}].text`);
    })
    .join('');
}

/** Flat Responses function tools → chat tools; any other tool type is refused, naming it. */
function parseTools(value: unknown): FunctionTool[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new GatewayError('validation_error', `tools must be an array (got ${describeType(value)})`, { param: 'tools' });
  return value.map((tool, index) => {
    const param = `tools[${index}]`;
    if (!isPlainObject(tool)) throw new GatewayError('validation_error', `${param} must be an object`, { param });
    if (tool.type !== 'function') {
      throw new GatewayError('validation_error', `${param}.type ${JSON.stringify(tool.type)} is not supported: only function tools are`, { param: `${param}.type` });
    }
    const fn: FunctionTool['function'] = { name: requireString(tool.name, `${param}.name`) };
    const description = optionalString(tool.description, `${param}.description`);
    if (description !== undefined) fn.description = description;
    const parameters = optionalObject(tool.parameters, `${param}.parameters`);
    if (parameters) fn.parameters = parameters;
    const strict = optionalBoolean(tool.strict, `${param}.strict`);
    if (strict !== undefined) fn.strict = strict;
    return { type: 'function', function: fn };
  });
}

function parseToolChoice(value: unknown): ToolChoice | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'none' || value === 'auto' || value === 'required') return value;
  if (isPlainObject(value) && value.type === 'function' && typeof value.name === 'string') return { type: 'function', function: { name: value.name } };
  throw new GatewayError('validation_error', 'tool_choice must be none, auto, required or {type: function, name}', { param: 'tool_choice' });
}

/** `text.format` → `response_format` (the Responses schema format is flat). */
function parseTextFormat(value: unknown): ResponseFormat | undefined {
  const format = optionalObject(value, 'text.format');
  if (!format) return undefined;
  if (format.type === 'text' || format.type === 'json_object') return { type: format.type };
  if (format.type === 'json_schema') return { type: 'json_schema', json_schema: parseJsonSchemaSpec(format, 'text.format') };
  throw new GatewayError('validation_error', `text.format.type must be one of text, json_object, json_schema (got ${JSON.stringify(format.type)})`, { param: 'text.format.type' });
}

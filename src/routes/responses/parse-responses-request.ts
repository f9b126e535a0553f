import type { ChatMessage, ChatRequest, ContentPart, FunctionTool } from '../../core/chat-types.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { timeOrderedHex } from '../../shared/time-ordered-id.js';
import { toolImagesTurn } from '../../core/tool-images.js';
import type { ParsedRequest } from '../../http/endpoint.js';
import { describeType, withoutNulls } from '../../http/request-body/fields.js';
import { notAppliedWarnings } from '../../http/request-body/not-applied.js';
import { parseBody, unknownFields } from '../../http/request-body/parse-body.js';
import { toRoutingHints, toRoutingOverride, toSvcOptions } from '../../http/request-body/svc-fields.js';
import { parseChatRequest, toResponseFormat, toToolChoice } from '../chat/parse-chat-request.js';
import {
  functionCallItemSchema,
  functionCallOutputItemSchema,
  messageItemSchema,
  responsesFields,
  responsesRequestSchema,
  textPartsSchema,
  assistantPartsSchema,
  userPartSchema,
  type ResponsesBody,
} from './responses-request-schema.js';
import type { ResponsesRequestFacts } from './responses-types.js';

export interface ResponsesParseContext {
  /** The conversation stored with an earlier response of this org, or undefined when there is none. */
  earlierConversation(responseId: string): Promise<ChatMessage[] | undefined>;
}

/**
 * POST /v1/responses (spec 4.3, declared in responses-request-schema.ts) → a chat request: `instructions` becomes
 * a system message, input items become messages (function calls and their outputs included), flat function tools
 * become chat tools, `text.format` becomes `response_format`, `reasoning.effort` becomes `reasoning_effort`. With
 * `previous_response_id`, the stored conversation of that response (same org only) comes first.
 */
export async function parseResponsesRequest(body: unknown, context: ResponsesParseContext): Promise<ParsedRequest<'chat', ResponsesRequestFacts>> {
  const parsed = parseBody(responsesRequestSchema, body);
  const instructions = parsed.instructions ?? undefined;
  const previousResponseId = parsed.previous_response_id ?? undefined;
  const earlier = previousResponseId === undefined ? [] : await context.earlierConversation(previousResponseId);
  if (earlier === undefined) {
    // As OpenAI answers: 400 previous_response_not_found (another org's response is not found either).
    throw new GatewayError('previous_response_not_found', `Previous response with id ${JSON.stringify(previousResponseId)} not found.`, { param: 'previous_response_id' });
  }
  // Instructions are not carried over from an earlier response (as with OpenAI): each request states its own.
  const conversation: ChatMessage[] = [...earlier, ...toMessages(parsed.input)];
  const messages: ChatMessage[] = instructions ? [{ role: 'system', content: instructions }, ...conversation] : conversation;

  const chatBody = withoutNulls({
    model: parsed.model,
    messages,
    stream: parsed.stream,
    temperature: parsed.temperature,
    top_p: parsed.top_p,
    max_tokens: parsed.max_output_tokens,
    tools: parsed.tools?.map(toChatTool),
    tool_choice: toToolChoice(parsed.tool_choice),
    parallel_tool_calls: parsed.parallel_tool_calls,
    reasoning_effort: parsed.reasoning?.effort,
    user: parsed.user,
    metadata: parsed.metadata,
    service_tier: parsed.service_tier,
  });
  // The chat parser validates what the translation produced (messages, tools, ranges) as it does for chat callers.
  const chat: ChatRequest = parseChatRequest(chatBody).request;
  const format = parsed.text?.format;
  if (format) chat.response_format = toResponseFormat(format.type, format);

  const warnings = unknownFields(body as object, responsesFields).map((key) => `${key} is not a Responses field svc knows; it was not forwarded`);
  notAppliedWarnings('responses', body as Record<string, unknown>, warnings);
  const raw = body as Record<string, unknown>;
  const facts: ResponsesRequestFacts = {
    // Time-ordered, as OpenAI's are: the stored responses' key index is appended to, not written at random pages.
    responseId: `resp_${timeOrderedHex()}`,
    createdAt: Math.floor(Date.now() / 1000),
    model: parsed.model,
    instructions: instructions ?? null,
    previousResponseId: previousResponseId ?? null,
    store: parsed.store ?? true,
    conversation,
    echo: {
      temperature: chat.temperature ?? null,
      top_p: chat.top_p ?? null,
      max_output_tokens: chat.max_tokens ?? null,
      tool_choice: raw.tool_choice ?? 'auto',
      tools: Array.isArray(raw.tools) ? raw.tools : [],
      parallel_tool_calls: chat.parallel_tool_calls ?? true,
      text: raw.text ?? { format: { type: 'text' } },
      reasoning: raw.reasoning ?? { effort: null, summary: null },
      metadata: chat.metadata ?? {},
      user: chat.user ?? null,
      service_tier: chat.service_tier ?? null,
    },
  };
  return {
    request: chat,
    requestedModel: parsed.model,
    options: { svc: toSvcOptions(parsed.svc), routingHints: toRoutingHints(parsed.routing_hints), routingOverride: toRoutingOverride(parsed.routing_override), metadata: chat.metadata },
    warnings,
    extra: facts,
  };
}

/** `input`: a string (one user message), one item, or an array of items. */
function toMessages(input: ResponsesBody['input']): ChatMessage[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  const items = Array.isArray(input) ? input : [input];
  const messages: ChatMessage[] = [];
  // Images a tool returned: chat tool messages carry text only, so they follow the tool messages as a user turn.
  let toolImages: ContentPart[] = [];
  const flushToolImages = () => {
    if (toolImages.length === 0) return;
    messages.push(toolImagesTurn(toolImages));
    toolImages = [];
  };
  items.forEach((item, index) => {
    const param = Array.isArray(input) ? `input[${index}]` : 'input';
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new GatewayError('validation_error', `${param} must be an input item object (got ${describeType(item)})`, { param });
    }
    const fields = item as Record<string, unknown>;
    const type = fields.type ?? (fields.role !== undefined ? 'message' : undefined);
    if (type !== 'function_call_output') flushToolImages();
    if (type === 'message') messages.push(toMessage(parseBody(messageItemSchema, item, param), param));
    else if (type === 'function_call') {
      const callItem = parseBody(functionCallItemSchema, item, param);
      const call = { id: callItem.call_id, type: 'function' as const, function: { name: callItem.name, arguments: callItem.arguments ?? '{}' } };
      // Consecutive calls belong to one assistant turn, as chat has them.
      const previous = messages[messages.length - 1];
      if (previous?.role === 'assistant' && previous.tool_calls && previous.content === null) previous.tool_calls.push(call);
      else messages.push({ role: 'assistant', content: null, tool_calls: [call] });
    } else if (type === 'function_call_output') {
      const output = parseBody(functionCallOutputItemSchema, item, param);
      if (typeof output.output === 'string') {
        messages.push({ role: 'tool', tool_call_id: output.call_id, content: output.output });
      } else {
        const parts = output.output.map((part, partIndex) => toUserPart(parseBody(userPartSchema, part, `${param}.output[${partIndex}]`)));
        const text = parts.flatMap((part) => (part.type === 'text' ? [(part as { text: string }).text] : [])).join('');
        const images = parts.filter((part) => part.type === 'image_url');
        messages.push({ role: 'tool', tool_call_id: output.call_id, content: text !== '' ? text : images.length > 0 ? '(the output is the image that follows)' : '' });
        toolImages.push(...images);
      }
    } else if (type === 'reasoning') {
      // Reasoning items of an earlier turn carry nothing a chat upstream can take back.
    } else {
      throw new GatewayError('validation_error', `${param}.type ${JSON.stringify(type)} is not supported; input items are messages, function_call and function_call_output`, { param: `${param}.type` });
    }
  });
  flushToolImages();
  if (messages.length === 0) throw new GatewayError('validation_error', 'input holds no message', { param: 'input' });
  return messages;
}

function toMessage(item: ReturnType<typeof messageItemSchema.parse>, param: string): ChatMessage {
  const { role, content } = item;
  if (typeof content === 'string') return { role, content };
  if (role === 'assistant') {
    // An earlier output replayed as input: text parts and refusal parts (the chat message's `refusal`).
    const parts = parseBody(assistantPartsSchema, content, `${param}.content`);
    if (!parts.some((part) => part.type === 'refusal')) return { role, content: parts.map((part) => ('text' in part ? part.text : '')).join('') };
    // Chat takes refusal parts in an assistant message's content as they are; each adapter maps them.
    return { role, content: parts.map((part) => ('refusal' in part ? { type: 'refusal', refusal: part.refusal } : { type: 'text', text: part.text })) };
  }
  if (role !== 'user') return { role, content: parseBody(textPartsSchema, content, `${param}.content`).map((part) => part.text).join('') };
  return { role, content: content.map((part, index) => toUserPart(parseBody(userPartSchema, part, `${param}.content[${index}]`))) };
}

function toUserPart(part: ReturnType<typeof userPartSchema.parse>): ContentPart {
  if (part.type === 'input_text') return { type: 'text', text: part.text! };
  return { type: 'image_url', image_url: part.detail ? { url: part.image_url!, detail: part.detail } : { url: part.image_url! } };
}

function toChatTool(tool: NonNullable<ResponsesBody['tools']>[number]): FunctionTool {
  return { type: 'function', function: withoutNulls({ name: tool.name, description: tool.description, parameters: tool.parameters, strict: tool.strict }) };
}


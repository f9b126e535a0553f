import type { ChatMessage, ChatRequest, ContentPart, FunctionTool, ReasoningEffort, ThinkingBlock, ToolCall, ToolChoice } from '../../core/chat-types.js';
import { effortOfBudget } from '../../core/thinking-budgets.js';
import { toolImagesTurn } from '../../core/tool-images.js';
import type { ParsedRequest } from '../../http/endpoint.js';
import { withoutNulls } from '../../http/request-body/fields.js';
import { parseBody, unknownFields } from '../../http/request-body/parse-body.js';
import { toRoutingHints, toRoutingOverride, toSvcOptions } from '../../http/request-body/svc-fields.js';
import { parseChatRequest } from '../chat/parse-chat-request.js';
import { countTokensRequestSchema, messagesFields, messagesRequestSchema, type ContentBlock, type MessageParam, type MessagesBody } from './messages-request-schema.js';

/**
 * POST /v1/messages (the Anthropic Messages API) → a chat request, so any catalog model can serve it:
 * `system` becomes a system message, text, image and PDF blocks become content parts (with their
 * `cache_control` breakpoints), `tool_use` blocks become tool calls and `tool_result` blocks tool
 * messages, `tool_choice` and `thinking` their chat equivalents. The chat parser then validates the
 * result as it does for chat callers.
 */
export function parseMessagesRequest(body: unknown): ParsedRequest<'chat'> {
  const parsed = parseBody(messagesRequestSchema, body);
  const warnings: string[] = [];
  const messages = toChatMessages(parsed.system, parsed.messages);
  const chatBody = withoutNulls({
    model: parsed.model,
    messages,
    stream: parsed.stream,
    stream_options: parsed.stream ? { include_usage: true } : undefined,
    max_tokens: parsed.max_tokens,
    temperature: parsed.temperature,
    top_p: parsed.top_p,
    top_k: parsed.top_k,
    stop: parsed.stop_sequences && parsed.stop_sequences.length > 0 ? parsed.stop_sequences : undefined,
    tools: parsed.tools?.map(toChatTool),
    tool_choice: toChatToolChoice(parsed.tool_choice),
    parallel_tool_calls: parsed.tool_choice?.type !== 'none' && parsed.tool_choice?.disable_parallel_tool_use ? false : undefined,
    reasoning_effort: effortOf(parsed.thinking),
    user: parsed.metadata?.user_id ?? undefined,
  });
  const chat: ChatRequest = parseChatRequest(chatBody).request;
  // The thinking of earlier assistant turns rides beside the chat fields (no chat caller sends it): message for message.
  messages.forEach((message, index) => {
    if (message.thinking_blocks) chat.messages[index].thinking_blocks = message.thinking_blocks;
  });
  if (parsed.thinking?.type === 'enabled') chat.thinking_budget = parsed.thinking.budget_tokens;
  for (const key of unknownFields(body as object, messagesFields)) warnings.push(`${key} is not a Messages field svc knows; it was not forwarded`);
  return {
    request: chat,
    requestedModel: parsed.model,
    options: { svc: toSvcOptions(parsed.svc), routingHints: toRoutingHints(parsed.routing_hints), routingOverride: toRoutingOverride(parsed.routing_override), metadata: {} },
    warnings,
  };
}

/** POST /v1/messages/count_tokens → the chat request whose prompt is counted. */
export function parseCountTokensRequest(body: unknown): ChatRequest {
  const parsed = parseBody(countTokensRequestSchema, body);
  return {
    model: parsed.model,
    messages: toChatMessages(parsed.system, parsed.messages),
    ...(parsed.tools ? { tools: parsed.tools.map(toChatTool) } : {}),
  };
}

function toChatMessages(system: string | Array<Extract<ContentBlock, { type: 'text' }>> | null | undefined, messages: MessageParam[]): ChatMessage[] {
  const chat: ChatMessage[] = [];
  if (typeof system === 'string') chat.push({ role: 'system', content: system });
  else if (system && system.length > 0) chat.push({ role: 'system', content: system.map(textPart) });
  for (const message of messages) {
    if (typeof message.content === 'string') chat.push({ role: message.role, content: message.content });
    else if (message.role === 'user') chat.push(...userTurn(message.content));
    else chat.push(assistantTurn(message.content));
  }
  return chat;
}

/** A user turn: its tool results first (chat tool messages answer the calls before them), then what the user says. */
function userTurn(blocks: ContentBlock[]): ChatMessage[] {
  const turn: ChatMessage[] = [];
  const parts: ContentPart[] = [];
  for (const block of blocks) {
    if (block.type === 'tool_result') turn.push(...toolResult(block));
    else if (block.type === 'text' || block.type === 'image' || block.type === 'document') parts.push(contentPart(block));
  }
  if (parts.length > 0) turn.push({ role: 'user', content: parts });
  return turn;
}

/** A tool result: a tool message with its text; images it returned follow as a user turn (chat tool messages carry text). */
function toolResult(block: Extract<ContentBlock, { type: 'tool_result' }>): ChatMessage[] {
  const content = block.content ?? '';
  const blocks = typeof content === 'string' ? [] : content;
  const text = typeof content === 'string' ? content : blocks.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  const message: ChatMessage = { role: 'tool', tool_call_id: block.tool_use_id, content: block.is_error ? `Error: ${text}` : text };
  const images = blocks.filter((part) => part.type === 'image');
  return images.length > 0 ? [message, toolImagesTurn(images.map(contentPart))] : [message];
}

/** An assistant turn: its text, its tool calls, and its thinking blocks exactly as the model signed them. */
function assistantTurn(blocks: ContentBlock[]): ChatMessage {
  const texts: ContentPart[] = [];
  const calls: ToolCall[] = [];
  const thinking: ThinkingBlock[] = [];
  for (const block of blocks) {
    if (block.type === 'text') texts.push(textPart(block));
    else if (block.type === 'tool_use') calls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input) } });
    else if (block.type === 'thinking') thinking.push({ type: 'thinking', thinking: block.thinking, signature: block.signature });
    else if (block.type === 'redacted_thinking') thinking.push({ type: 'redacted_thinking', data: block.data });
  }
  const plain = texts.every((part) => !('cache_control' in part));
  // A turn of thinking alone still has (empty) content: a chat assistant message needs content or calls.
  const content = texts.length === 0 ? (calls.length === 0 ? '' : null) : plain ? texts.map((part) => (part as { text: string }).text).join('') : texts;
  return { role: 'assistant', content, ...(calls.length > 0 ? { tool_calls: calls } : {}), ...(thinking.length > 0 ? { thinking_blocks: thinking } : {}) };
}

function textPart(block: Extract<ContentBlock, { type: 'text' }>): ContentPart {
  return block.cache_control ? { type: 'text', text: block.text, cache_control: block.cache_control } : { type: 'text', text: block.text };
}

function contentPart(block: Extract<ContentBlock, { type: 'text' | 'image' | 'document' }>): ContentPart {
  const cacheControl = block.cache_control ? { cache_control: block.cache_control } : {};
  switch (block.type) {
    case 'text':
      return textPart(block);
    case 'image': {
      const url = block.source.type === 'base64' ? `data:${block.source.media_type};base64,${block.source.data}` : block.source.url;
      return { type: 'image_url', image_url: { url }, ...cacheControl };
    }
    case 'document':
      return { type: 'file', file: { file_data: `data:application/pdf;base64,${block.source.data}`, ...(block.title ? { filename: block.title } : {}) }, ...cacheControl };
  }
}

function toChatTool(tool: NonNullable<MessagesBody['tools']>[number]): FunctionTool {
  const chat: FunctionTool = { type: 'function', function: { name: tool.name, parameters: tool.input_schema, ...(tool.description ? { description: tool.description } : {}) } };
  if (tool.cache_control) chat.cache_control = tool.cache_control.ttl ? { type: 'ephemeral', ttl: tool.cache_control.ttl } : { type: 'ephemeral' };
  return chat;
}

function toChatToolChoice(choice: MessagesBody['tool_choice']): ToolChoice | undefined {
  switch (choice?.type) {
    case undefined:
      return undefined;
    case 'auto':
      return 'auto';
    case 'any':
      return 'required';
    case 'none':
      return 'none';
    case 'tool':
      return { type: 'function', function: { name: choice.name } };
  }
}

/** `thinking` → a reasoning effort for every wire (the exact budget travels beside it, for Anthropic's). */
function effortOf(thinking: MessagesBody['thinking']): ReasoningEffort | undefined {
  if (!thinking || thinking.type === 'disabled') return undefined;
  return thinking.type === 'adaptive' ? 'medium' : effortOfBudget(thinking.budget_tokens);
}

import type { FastifyInstance } from 'fastify';
import { estimateChatPromptTokens, loadTokenizer } from '../../billing/token-estimator.js';
import { collectChatStream, replayAsStream } from '../../core/chat-stream.js';
import type { ChatCompletionChunk } from '../../core/chat-types.js';
import { registerEndpoint, type Endpoint, type EndpointAnswer } from '../../http/endpoint.js';
import { streamSse, type SseRendering } from '../../http/sse-stream.js';
import { buildSvcMetadata, nonStreamHeaders, streamHeaders } from '../../http/svc-metadata.js';
import type { RequestContext } from '../../pipeline/request-context.js';
import type { GatewayServices } from '../../services.js';
import { anthropicDialect } from './anthropic-dialect.js';
import { messageObject } from './message-object.js';
import { MessagesStreamEncoder } from './messages-stream.js';
import { parseCountTokensRequest, parseMessagesRequest } from './parse-messages-request.js';

/**
 * POST /v1/messages: the Anthropic Messages API (for Claude Code and the Anthropic SDKs), an edge
 * translator over the chat operation, so any catalog model can answer it; JSON or Anthropic's named events.
 */
export const messagesEndpoint: Endpoint<'chat'> = {
  method: 'POST',
  path: '/v1/messages',
  // Chat in Anthropic's shape: the chat scope opens it and chat's error rows apply, in Anthropic's body.
  family: 'chat',
  dialect: anthropicDialect,
  name: 'messages',
  operation: 'chat',
  parse: (body) => parseMessagesRequest(body),
  render: renderMessages,
};

async function renderMessages(answer: EndpointAnswer<'chat'>): Promise<void> {
  const { request, reply, context, outcome, services } = answer;
  if (context.request.stream) {
    const chunks = outcome.kind === 'stream' ? outcome.chunks : replayAsStream(outcome.result);
    // message_start says the prompt's tokens: counted with the tokenizer (loaded on the first need).
    await loadTokenizer();
    return streamSse(request, reply, context, chunks, messagesSse(context), services.streamObserver);
  }
  const completion = outcome.kind === 'complete' ? outcome.result : await collectChatStream(outcome.chunks);
  reply.headers(nonStreamHeaders(context));
  reply.send({ ...messageObject(completion, context.requestedModel), svc_metadata: buildSvcMetadata(context) });
}

function messagesSse(context: RequestContext<'chat'>): SseRendering<ChatCompletionChunk> {
  const served = context.target?.model ?? context.route?.model;
  const encoder = new MessagesStreamEncoder(served?.upstream_model ?? context.requestedModel, estimateChatPromptTokens(context.request));
  return {
    headers: streamHeaders(context),
    eventsOf: (chunk) => encoder.events(chunk),
    closingEvents: () => encoder.closing(),
    errorEvents: (error) => encoder.failure(error),
  };
}

export function registerMessagesRoutes(app: FastifyInstance, services: GatewayServices): void {
  registerEndpoint(app, services, messagesEndpoint);
  // The prompt's tokens as svc's tokenizer counts them (an estimate for models of other tokenizers); nothing is called upstream.
  app.post('/v1/messages/count_tokens', { config: { family: 'chat', dialect: anthropicDialect } }, async (request, reply) => {
    const chat = parseCountTokensRequest(request.body);
    reply.header('x-svc-request-id', request.requestId);
    await loadTokenizer();
    return { input_tokens: estimateChatPromptTokens(chat) };
  });
}

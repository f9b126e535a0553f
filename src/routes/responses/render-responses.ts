import { collectChatStream, replayAsStream } from '../../core/chat-stream.js';
import type { ChatCompletionChunk } from '../../core/chat-types.js';
import type { EndpointAnswer } from '../../http/endpoint.js';
import { streamSse, type SseRendering } from '../../http/sse-stream.js';
import { buildSvcMetadata, JSON_CONTENT_TYPE, nonStreamHeaders, streamHeaders } from '../../http/svc-metadata.js';
import type { RequestContext } from '../../pipeline/request-context.js';
import type { ResponseArchive } from '../../archive/response-archive.js';
import { assistantMessageOf, outputItemsOf, responseObject, responseUsageOf, statusOf } from './response-object.js';
import { ResponsesStreamEncoder } from './responses-stream.js';
import type { ResponseOutputItem, ResponsesRequestFacts } from './responses-types.js';

/** The chat outcome as a response object (spec 2.5) or as the Responses event stream (spec 6). */
export function responsesRenderer(archive: ResponseArchive) {
  return async function renderResponses(answer: EndpointAnswer<'chat', ResponsesRequestFacts>): Promise<void> {
    const { request, reply, context, outcome, services, extra: facts } = answer;
    if (context.request.stream) {
      const chunks = outcome.kind === 'stream' ? outcome.chunks : replayAsStream(outcome.result);
      return streamSse(request, reply, context, chunks, responsesSse(context, facts, archive), services.streamObserver);
    }
    const completion = outcome.kind === 'complete' ? outcome.result : await collectChatStream(outcome.chunks);
    const output = outputItemsOf(completion);
    const response = responseObject(facts, completion.model, statusOf(completion.choices[0]?.finish_reason), output, responseUsageOf(completion.usage), completion.service_tier);
    // Serialized once: the caller's body is this JSON with svc_metadata appended, and the archive keeps it as sent.
    const responseJson = JSON.stringify(response);
    keep(archive, context, facts, response, output, responseJson);
    reply.headers(nonStreamHeaders(context));
    reply.type(JSON_CONTENT_TYPE);
    reply.send(`${responseJson.slice(0, -1)},"svc_metadata":${JSON.stringify(buildSvcMetadata(context))}}`);
  };
}

/** Named events as the chunks arrive; `response.completed` (with usage and svc_metadata) or `response.failed` at the end. */
function responsesSse(context: RequestContext<'chat'>, facts: ResponsesRequestFacts, archive: ResponseArchive): SseRendering<ChatCompletionChunk> {
  const encoder = new ResponsesStreamEncoder(facts);
  return {
    headers: streamHeaders(context),
    openingEvents: () => encoder.opening(),
    eventsOf: (chunk) => encoder.events(chunk),
    closingEvents() {
      const { events, response } = encoder.closing(buildSvcMetadata(context));
      keep(archive, context, facts, response, encoder.outputItems);
      return events;
    },
    errorEvents: (error) => encoder.failure(error),
  };
}

function keep(archive: ResponseArchive, context: RequestContext<'chat'>, facts: ResponsesRequestFacts, response: Record<string, unknown>, output: ResponseOutputItem[], responseJson?: string): void {
  if (!facts.store) return;
  const reply = assistantMessageOf(output);
  archive.keep(context.principal.orgId, { response, conversation: reply ? [...facts.conversation, reply] : facts.conversation }, responseJson);
}

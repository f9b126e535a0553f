import type { ChatCompletion, ChatCompletionChunk } from '../../core/chat-types.js';
import { collectChatStream, replayAsStream } from '../../core/chat-stream.js';
import type { EndpointAnswer } from '../../http/endpoint.js';
import { streamSse, type SseRendering } from '../../http/sse-stream.js';
import type { SseEvent } from '../../http/sse-writer.js';
import { buildSvcMetadata, nonStreamHeaders, streamHeaders } from '../../http/svc-metadata.js';
import type { RequestContext } from '../../pipeline/request-context.js';

const DONE: SseEvent[] = [{ data: '[DONE]' }];

/** The chat answer in the form the caller asked for, whatever form the chain produced. */
export async function renderChatAnswer(answer: EndpointAnswer<'chat'>): Promise<void> {
  const { request, reply, context, outcome, services } = answer;
  if (context.request.stream) {
    const chunks = outcome.kind === 'stream' ? outcome.chunks : replayAsStream(outcome.result);
    return streamSse(request, reply, context, chunks, chatSse(context), services.streamObserver);
  }
  const completion = outcome.kind === 'complete' ? outcome.result : await collectChatStream(outcome.chunks);
  reply.headers(nonStreamHeaders(context));
  reply.send({ ...withRequestedChoices(completion, context.request.n ?? 1), svc_metadata: buildSvcMetadata(context) });
}

/** When n asks for more choices than the upstream returned, the first is replicated (spec 2.2). */
export function withRequestedChoices(completion: ChatCompletion, n: number): ChatCompletion {
  if (completion.choices.length >= n || completion.choices.length === 0) return completion;
  const choices = [...completion.choices];
  while (choices.length < n) choices.push({ ...structuredClone(completion.choices[0]), index: choices.length });
  return { ...completion, choices };
}

/** chat.completion.chunk events, then `[DONE]`; a failure ends with an error event and no `[DONE]`. */
function chatSse(context: RequestContext<'chat'>): SseRendering<ChatCompletionChunk> {
  const includeUsage = context.request.stream_options?.include_usage === true;
  return {
    headers: streamHeaders(context),
    eventsOf(chunk) {
      if (chunk.choices.length === 0 && chunk.usage) {
        // svc always asks for usage upstream; callers see the usage chunk only when they asked for it.
        if (!includeUsage) return undefined;
        // The usage chunk is the one moment a stream knows its cost (the runner priced it as it passed): svc_metadata rides on it.
        return { data: JSON.stringify({ ...chunk, svc_metadata: buildSvcMetadata(context) }) };
      }
      if (!includeUsage && chunk.usage) delete chunk.usage;
      return { data: JSON.stringify(chunk) };
    },
    closingEvents: () => DONE,
    errorEvents: (error) => [{ data: JSON.stringify({ ...error.toEnvelope(), svc_request_id: context.requestId }) }],
  };
}

import type { ChatCompletion, ChatCompletionChunk } from '../../core/chat-types.js';
import { collectChatStream, replayAsStream } from '../../core/chat-stream.js';
import type { EndpointAnswer } from '../../http/endpoint.js';
import { streamSse, type SseRendering } from '../../http/sse-stream.js';
import type { SseEvent } from '../../http/sse-writer.js';
import { buildSvcMetadata, nonStreamHeaders, streamHeaders } from '../../http/svc-metadata.js';
import type { RequestContext } from '../../pipeline/request-context.js';
import { withoutKey } from '../../shared/json-values.js';
import { changedInPlace, verbatimOf } from '../../core/verbatim-chunk.js';

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
  // Object.assign, not `{ ...answer, svc_metadata }`: in V8 11 a spread plus a new key gives every answer a hidden class of its own.
  reply.send(Object.assign({}, withoutThinking(withRequestedChoices(completion, context.request.n ?? 1)), { svc_metadata: buildSvcMetadata(context) }));
}

/** OpenAI's chat answers carry no model thinking: an Anthropic model's thinking blocks stay inside svc (the Messages API shows them). */
function withoutThinking(completion: ChatCompletion): ChatCompletion {
  if (!completion.choices.some((choice) => choice.message.thinking_blocks)) return completion;
  return { ...completion, choices: completion.choices.map((choice) => (choice.message.thinking_blocks ? { ...choice, message: withoutKey(choice.message, 'thinking_blocks') } : choice)) };
}

/** Whether a chunk carries nothing but thinking (it is not sent to an OpenAI-shaped stream). */
function stripThinking(chunk: ChatCompletionChunk): boolean {
  let onlyThinking = chunk.choices.length > 0 && !chunk.usage;
  for (const choice of chunk.choices) {
    const delta = choice.delta;
    if (delta.thinking === undefined && delta.thinking_signature === undefined && delta.redacted_thinking === undefined) {
      onlyThinking = false;
      continue;
    }
    delete delta.thinking;
    delete delta.thinking_signature;
    delete delta.redacted_thinking;
    changedInPlace(chunk);
    if (Object.keys(delta).length > 0 || choice.finish_reason !== null) onlyThinking = false;
  }
  return onlyThinking;
}

/** When n asks for more choices than the upstream returned, the first is replicated (spec 2.2). */
export function withRequestedChoices(completion: ChatCompletion, n: number): ChatCompletion {
  if (completion.choices.length >= n || completion.choices.length === 0) return completion;
  const choices = [...completion.choices];
  while (choices.length < n) choices.push({ ...structuredClone(completion.choices[0]), index: choices.length });
  return { ...completion, choices };
}

/** chat.completion.chunk events, then `[DONE]`; a failure ends with an error event and no `[DONE]`. Exported for its tests. */
export function chatSse(context: RequestContext<'chat'>): SseRendering<ChatCompletionChunk> {
  const includeUsage = context.request.stream_options?.include_usage === true;
  return {
    headers: streamHeaders(context),
    eventsOf(chunk) {
      if (chunk.choices.length === 0 && chunk.usage) {
        // svc always asks for usage upstream; callers see the usage chunk only when they asked for it.
        if (!includeUsage) return undefined;
        // The usage chunk is the one moment a stream knows its cost (the runner priced it as it passed): svc_metadata rides on it.
        return { data: JSON.stringify(Object.assign({}, chunk, { svc_metadata: buildSvcMetadata(context) })) };
      }
      if (!includeUsage && chunk.usage) {
        delete chunk.usage;
        changedInPlace(chunk);
      }
      if (stripThinking(chunk)) return undefined;
      // An upstream chunk passed on unchanged goes out as the upstream wrote it (verbatim-chunk.ts): not serialized again.
      return { data: verbatimOf(chunk) ?? JSON.stringify(chunk) };
    },
    closingEvents: () => DONE,
    errorEvents: (error) => [{ data: JSON.stringify({ ...error.toEnvelope(), svc_request_id: context.requestId }) }],
  };
}

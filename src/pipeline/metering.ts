import { meterChatUsage } from '../core/chat-usage.js';
import { emptyUsage, type MeteredUsage } from '../core/metered-usage.js';
import type { ChunkOf, Operation, RequestOf, ResultOf } from '../core/operations.js';

interface Meter<O extends Operation> {
  /** Usage of a whole result; undefined when the upstream reported none. */
  result(result: ResultOf<O>, request: RequestOf<O>): MeteredUsage | undefined;
  /** Usage carried by a streamed chunk (the last one, usually). */
  chunk?(chunk: ChunkOf<O>): MeteredUsage | undefined;
}

/** How each operation's own usage becomes svc's billing units (tokens, seconds, characters). */
export const meters: { [O in Operation]: Meter<O> } = {
  chat: {
    result: (result) => (result.usage ? meterChatUsage(result.usage) : undefined),
    chunk: (chunk) => (chunk.usage ? meterChatUsage(chunk.usage) : undefined),
  },
  embeddings: {
    result: (result) => ({ ...emptyUsage(), inputTokens: result.usage.prompt_tokens }),
  },
  // Moderation is free at every provider of the catalog, and reports no usage.
  moderation: { result: () => undefined },
  transcription: {
    result: (result) => (result.durationSeconds === undefined ? undefined : { ...emptyUsage(), audioSeconds: result.durationSeconds }),
  },
  speech: {
    result: (_result, request) => ({ ...emptyUsage(), characters: request.input.length }),
  },
};

import type { SpeechRequest, SpeechResult, TranscriptionRequest, TranscriptionResult } from './audio-types.js';
import type { ChatCompletion, ChatCompletionChunk, ChatRequest } from './chat-types.js';
import type { EmbeddingsRequest, EmbeddingsResult } from './embeddings-types.js';
import type { ModerationRequest, ModerationResult } from './moderation-types.js';

/**
 * The canonical operations. Every HTTP endpoint parses into one of them; legacy completions, the
 * Responses API and voice chat are translators over `chat`.
 */
export interface OperationShapes {
  chat: { request: ChatRequest; result: ChatCompletion; chunk: ChatCompletionChunk };
  embeddings: { request: EmbeddingsRequest; result: EmbeddingsResult; chunk: never };
  moderation: { request: ModerationRequest; result: ModerationResult; chunk: never };
  transcription: { request: TranscriptionRequest; result: TranscriptionResult; chunk: never };
  speech: { request: SpeechRequest; result: SpeechResult; chunk: never };
}

export type Operation = keyof OperationShapes;
export const operations = ['chat', 'embeddings', 'moderation', 'transcription', 'speech'] as const satisfies readonly Operation[];

export type RequestOf<O extends Operation> = OperationShapes[O]['request'];
export type ResultOf<O extends Operation> = OperationShapes[O]['result'];
export type ChunkOf<O extends Operation> = OperationShapes[O]['chunk'];

/**
 * What a stage chain produces: a whole result, or a live stream of canonical chunks that settles when
 * it is iterated to its end or cut (breaking out of the loop stops the upstream).
 */
export type Outcome<O extends Operation> = { kind: 'complete'; result: ResultOf<O> } | { kind: 'stream'; chunks: AsyncIterable<ChunkOf<O>> };

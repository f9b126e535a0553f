import type { CallerSignal } from '../core/caller-signal.js';
import type { MeteredUsage } from '../core/metered-usage.js';
import type { CatalogModel, WireFormat } from '../catalog/catalog-types.js';
import type { SpeechFormat, SpeechRequest, TranscriptFormat, TranscriptionRequest, TranscriptionResult } from '../core/audio-types.js';
import type { ChatCompletion, ChatCompletionChunk, ChatRequest } from '../core/chat-types.js';
import type { EmbeddingsRequest, EmbeddingsResult } from '../core/embeddings-types.js';
import type { ModerationRequest, ModerationResult } from '../core/moderation-types.js';
import type { ChunkOf, Operation, Outcome, RequestOf } from '../core/operations.js';
import type { JsonHttpRequest, RealtimeClientOptions, StreamTranslator, UpstreamHttpRequest, UpstreamTarget } from './provider-types.js';
import type { UpstreamErrorInit } from '../errors/upstream-error.js';
import type { JsonSource } from '../shared/json-reuse.js';

/**
 * What an adapter offers for each operation: pure converters from the canonical request to an upstream
 * HTTP request and from the upstream answer back. The HTTP call itself is shared (upstream-call.ts).
 * `warnings` collects parameters an adapter clamped or dropped.
 */
export interface ChatCapability {
  /** `source`: the caller's JSON of the request, when it has the canonical shape (CallOptions.bodySource). */
  buildRequest(request: ChatRequest, target: UpstreamTarget, warnings: string[], source?: JsonSource): JsonHttpRequest;
  /** A successful JSON body → the canonical completion (throws UpstreamError for a malformed one). */
  parseResponse(body: unknown, target: UpstreamTarget, request?: ChatRequest): ChatCompletion;
  /** A fresh translator for one streamed answer. */
  createStreamTranslator(target: UpstreamTarget, request?: ChatRequest): StreamTranslator<ChatCompletionChunk>;
}

export interface EmbeddingsCapability {
  /** Whether the wire takes inputs as token arrays (OpenAI's) or text only (Gemini's). */
  acceptsTokenArrays: boolean;
  /** `source`: the caller's JSON of the request, as for chat (CallOptions.bodySource). */
  buildRequest(request: EmbeddingsRequest, target: UpstreamTarget, warnings: string[], source?: JsonSource): JsonHttpRequest;
  parseResponse(body: unknown, request: EmbeddingsRequest, target: UpstreamTarget): EmbeddingsResult;
}

export interface ModerationCapability {
  buildRequest(request: ModerationRequest, target: UpstreamTarget, warnings: string[]): JsonHttpRequest;
  parseResponse(body: unknown, request: ModerationRequest, target: UpstreamTarget): ModerationResult;
}

export interface TranscriptionCapability {
  /**
   * The response formats this wire delivers for a model, when not every one: routing refuses (or skips) a model that
   * cannot answer in the asked format. Absent: all of them (svc builds SRT, WebVTT and verbose JSON from word timings).
   */
  formatsOf?(model: CatalogModel): readonly TranscriptFormat[];
  /** A multipart upload. */
  buildRequest(request: TranscriptionRequest, target: UpstreamTarget, warnings: string[]): UpstreamHttpRequest;
  /** The answer's text and content type → the canonical result. */
  parseResponse(answer: { text: string; contentType: string }, request: TranscriptionRequest, target: UpstreamTarget): TranscriptionResult;
}

export interface SpeechCapability {
  /** The response formats this wire can produce; routing refuses (or skips) a model whose wire cannot. */
  outputFormats: readonly SpeechFormat[];
  /** The answer is a byte stream of audio; its content type comes from the upstream. */
  buildRequest(request: SpeechRequest, target: UpstreamTarget, warnings: string[]): JsonHttpRequest;
}

/** A realtime session over a websocket (not an operation of the runner: the gateway bridges frames). */
export interface RealtimeCapability {
  /** The URL and client options of a session of `target`. */
  connection(target: UpstreamTarget, connectMs: number): { url: string; options: RealtimeClientOptions };
  /** The usage of a finished response's event; undefined when it carries none. */
  usageOf(event: unknown): MeteredUsage | undefined;
  /** A new session's meter: svc's own count of what its responses consumed, for one whose usage never came or cannot be read. */
  meter(): RealtimeMeter;
}

/** Follows a realtime session's events both ways to count, as the wire's provider bills, what each response consumed. */
export interface RealtimeMeter {
  /** A text frame the client sent. */
  client(text: string): void;
  /** A text frame the upstream sent. */
  upstream(text: string): void;
  /** What a response consumed so far by svc's count (the conversation read, the output relayed), marked estimated. */
  estimate(responseId: string): MeteredUsage;
  /** A response is settled with this usage (the upstream's, or the estimate): the conversation grows by its output. */
  finished(responseId: string, usage: MeteredUsage): void;
}

export interface AdapterCapabilities {
  chat: ChatCapability;
  embeddings: EmbeddingsCapability;
  moderation: ModerationCapability;
  transcription: TranscriptionCapability;
  speech: SpeechCapability;
}

/** What every call of an operation is given besides the request, over HTTP or in process. */
export interface CallOptions<C = unknown> {
  /** Fires when the caller goes away: the call stops. */
  signal?: CallerSignal;
  /** Collects parameters the adapter clamped or dropped on this attempt. */
  warnings: string[];
  /** Sees each streamed chunk as it passes (usage metering). */
  observeChunk?: (chunk: C) => void;
  /** W3C trace headers (`traceparent`) that make the upstream's spans children of this call's: sent when tracing is on. */
  traceHeaders?: Record<string, string>;
  /** The caller's JSON of the request (RequestContext.bodySource): a chat adapter may reuse its unchanged parts. */
  bodySource?: JsonSource;
}

/** An operation answered inside svc, with no HTTP call (the built-in demo wire). */
export type InProcessCall<O extends Operation> = (target: UpstreamTarget, request: RequestOf<O>, options: CallOptions<ChunkOf<O>>) => Promise<Outcome<O>>;

/** One adapter per wire format: the operations it can carry, and how its error bodies read. */
export type WireAdapter = Partial<AdapterCapabilities> & {
  wire: WireFormat;
  realtime?: RealtimeCapability;
  /** Operations this wire carries itself rather than by the shared request/answer shapes: in process (the demo), or a call whose answer is not the operation's usual body (music: audio for a chat request). */
  inProcess?: { [O in Operation]?: InProcessCall<O> };
  /** A non-2xx answer → typed error: the shared status table refined by what the body says. */
  mapError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string): UpstreamErrorInit;
};

/** Whether an adapter can carry an operation at all (over HTTP or in process). */
export function servesOperation(adapter: WireAdapter | undefined, operation: Operation): adapter is WireAdapter {
  return adapter !== undefined && (adapter[operation] !== undefined || adapter.inProcess?.[operation] !== undefined);
}

/** The capability of an adapter for an operation, if it has one. */
export function capabilityOf<O extends Operation>(adapter: WireAdapter | undefined, operation: O): AdapterCapabilities[O] | undefined {
  return adapter?.[operation] as AdapterCapabilities[O] | undefined;
}

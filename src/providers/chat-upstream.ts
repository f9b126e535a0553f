import type { ChatCompletion, ChatCompletionChunk, ChatRequest } from '../core/chat-types.js';
import { UpstreamError, type ChatWireAdapter, type StreamTranslator, type UpstreamTarget } from './provider-types.js';
import { isAbortError, readBodyText, sendUpstream, toTransportError, type UpstreamBody, type UpstreamResponse } from './shared/http-client.js';
import { SseParser } from './shared/sse-parser.js';

/**
 * Calls one upstream target for a chat request, in whichever wire format its adapter speaks. Every
 * failure is an UpstreamError (the gateway may fail over on it) or, when the caller's signal fired, an
 * AbortError (the client left: nothing to fail over).
 */

export interface ChatCallOptions {
  /** Fires when the client disconnects: the upstream request is aborted with it. */
  signal?: AbortSignal;
  /** Collects parameters the adapter clamped or dropped. */
  warnings: string[];
}

/** A streamed answer: iterate it once; breaking out early or calling abort() stops the upstream. */
export interface ChatStream extends AsyncIterable<ChatCompletionChunk> {
  abort(): void;
}

export async function completeChat(adapter: ChatWireAdapter, target: UpstreamTarget, request: ChatRequest, options: ChatCallOptions): Promise<ChatCompletion> {
  const providerId = target.provider.id;
  const upstreamRequest = adapter.buildChatRequest(request.stream ? { ...request, stream: false, stream_options: undefined } : request, target, options.warnings);
  const response = await sendUpstream(upstreamRequest, { signal: options.signal, timeouts: target.provider.timeouts, providerId });
  if (!isSuccess(response.status)) throw await upstreamStatusError(adapter, target, response, options.signal);

  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw toTransportError(error, providerId, options.signal);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new UpstreamError(providerId, { kind: 'server_error', message: `upstream answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}` }, { cause: error });
  }
  return adapter.parseChatResponse(body, request, target);
}

/**
 * Starts a streamed call. Resolves once the first translated chunk is in hand, so that every failure
 * before the first token (status, connection, time-out, in-band error) rejects here and can fail over.
 */
export async function streamChat(adapter: ChatWireAdapter, target: UpstreamTarget, request: ChatRequest, options: ChatCallOptions): Promise<ChatStream> {
  const providerId = target.provider.id;
  const streamRequest = request.stream ? request : { ...request, stream: true };
  const upstreamRequest = adapter.buildChatRequest(streamRequest, target, options.warnings);

  // Our own controller: aborted by the caller's signal, by abort(), or by leaving the loop early.
  const controller = new AbortController();
  const callerSignal = options.signal;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const detach = () => callerSignal?.removeEventListener('abort', onCallerAbort);

  try {
    const response = await sendUpstream(upstreamRequest, { signal: controller.signal, timeouts: target.provider.timeouts, providerId });
    if (!isSuccess(response.status)) throw await upstreamStatusError(adapter, target, response, controller.signal);
    const reader = new ChunkReader(response.body, adapter.createStreamTranslator(streamRequest, target), providerId, controller, detach);
    const firstChunks = await reader.read();
    if (firstChunks === undefined) throw new UpstreamError(providerId, { kind: 'server_error', message: 'upstream stream ended before its first chunk' });
    return new UpstreamChatStream(reader, firstChunks);
  } catch (error) {
    detach();
    controller.abort(); // frees the socket of a half-read answer; a no-op once the body has ended
    throw error;
  }
}

class UpstreamChatStream implements ChatStream {
  private iterated = false;

  constructor(
    private readonly reader: ChunkReader,
    private readonly firstChunks: ChatCompletionChunk[],
  ) {}

  abort(): void {
    this.reader.close();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<ChatCompletionChunk> {
    if (this.iterated) throw new Error('a chat stream can be iterated only once');
    this.iterated = true;
    try {
      yield* this.firstChunks;
      // Pull one body read at a time: the upstream is read no faster than the consumer takes chunks.
      for (let chunks = await this.reader.read(); chunks !== undefined; chunks = await this.reader.read()) yield* chunks;
    } finally {
      // Runs on completion, on error and when the consumer breaks out: the latter aborts the upstream.
      this.reader.close();
    }
  }
}

const NO_CHUNKS = Object.freeze([]) as unknown as ChatCompletionChunk[];

/** Turns body bytes into translated chunks, one body read at a time, and owns the upstream's lifetime. */
class ChunkReader {
  private readonly parser = new SseParser();
  private readonly bodyIterator: AsyncIterator<Buffer>;
  private ended = false;
  private closed = false;
  private chunkCount = 0;
  private pendingError: Error | undefined;

  constructor(
    private readonly body: UpstreamBody,
    private readonly translator: StreamTranslator,
    private readonly providerId: string,
    private readonly controller: AbortController,
    private readonly detach: () => void,
  ) {
    this.bodyIterator = (body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  /** The next non-empty batch of chunks, or undefined once the stream has properly ended (or was closed by us). */
  async read(): Promise<ChatCompletionChunk[] | undefined> {
    while (this.pendingError === undefined && !this.ended && !this.closed) {
      let step: IteratorResult<Buffer>;
      try {
        step = await this.bodyIterator.next();
      } catch (error) {
        if (this.closed) return undefined; // our own abort() / break: not a failure
        throw this.fail(this.readFailure(error));
      }
      const chunks = this.translateRead(step);
      if (chunks.length > 0) {
        this.chunkCount += chunks.length;
        return chunks;
      }
    }
    const error = this.pendingError;
    this.pendingError = undefined;
    if (error) throw error;
    return undefined;
  }

  /** Stops the upstream if it is still sending; idempotent. */
  close(): void {
    this.detach();
    if (this.ended || this.closed) return;
    this.closed = true;
    this.controller.abort();
    this.body.destroy();
  }

  /**
   * Translates one body read. When the translator fails after chunks of the same read (an error event
   * right behind content), those chunks are still delivered and the error is thrown by the next read().
   */
  private translateRead(step: IteratorResult<Buffer>): ChatCompletionChunk[] {
    const events = step.done ? this.parser.finish() : this.parser.push(step.value);
    if (step.done) {
      this.ended = true;
      this.detach();
    }
    let chunks = NO_CHUNKS;
    try {
      for (const event of events) chunks = concatenate(chunks, this.translator.push(event));
      if (step.done) chunks = concatenate(chunks, this.translator.finish());
    } catch (error) {
      const failure = error instanceof UpstreamError ? error : new UpstreamError(this.providerId, { kind: 'server_error', message: `could not translate the upstream stream: ${String(error)}` }, { cause: error });
      this.pendingError = this.fail(failure);
    }
    return chunks;
  }

  /** A drop once chunks have gone out is an interrupted stream; before that it is a plain connection failure. */
  private readFailure(error: unknown): Error {
    const translated = toTransportError(error, this.providerId, this.controller.signal);
    if (isAbortError(translated) || !(translated instanceof UpstreamError) || translated.kind !== 'connection' || this.chunkCount === 0) return translated;
    return new UpstreamError(this.providerId, { kind: 'stream_interrupted', message: `upstream stream broke off after ${this.chunkCount} chunks: ${translated.message}` }, { cause: error });
  }

  private fail(error: Error): Error {
    this.ended = true;
    this.detach();
    this.controller.abort();
    return error;
  }
}

/** Joins two chunk lists without copying in the usual case of one event per read. */
function concatenate(first: ChatCompletionChunk[], second: ChatCompletionChunk[]): ChatCompletionChunk[] {
  if (second.length === 0) return first;
  if (first.length === 0) return second;
  return [...first, ...second];
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

async function upstreamStatusError(adapter: ChatWireAdapter, target: UpstreamTarget, response: UpstreamResponse, signal: AbortSignal | undefined): Promise<Error> {
  let bodyText = '';
  try {
    bodyText = await readBodyText(response.body);
  } catch (error) {
    // A truncated error body still leaves the status to go by, unless the caller is gone.
    if (signal?.aborted) return toTransportError(error, target.provider.id, signal);
  }
  return new UpstreamError(target.provider.id, adapter.mapError(response.status, response.headers, bodyText, target));
}

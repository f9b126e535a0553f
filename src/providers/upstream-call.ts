import { ConnectionSignal, type CallerSignal } from '../core/caller-signal.js';
import type { UpstreamHttpRequest, StreamTranslator, UpstreamTarget } from './provider-types.js';
import { isAbortError, MAX_ERROR_BODY_BYTES, readBodyText, sendUpstream, sendUpstreamForText, sendUpstreamStreaming, toTransportError, type SendOptions, type UpstreamResponse } from './shared/http-client.js';
import type { StreamedBody, StreamedResponse } from './shared/streamed-body.js';
import { SseParser } from './shared/sse-parser.js';
import { UpstreamError } from '../errors/upstream-error.js';
import type { WireAdapter } from './wire-adapter.js';

/**
 * The shared ways of calling an upstream, whatever the operation: a JSON answer, an SSE stream translated
 * into canonical chunks, text, or raw bytes. Every failure is an UpstreamError (the executor may fail over
 * on it) or, when the caller's signal fired, an AbortError (the client left: nothing to fail over).
 */

export interface UpstreamCall {
  adapter: WireAdapter;
  target: UpstreamTarget;
  /** Fires when the client disconnects: the upstream request is aborted with it. */
  signal?: CallerSignal;
  /** Time-outs of this call when not the provider's (audio: spec 4.6's 120 s). */
  timeouts?: UpstreamTarget['provider']['timeouts'];
  /** W3C trace headers added to the request (tracing on). */
  traceHeaders?: Record<string, string>;
}

/** Sends the request and parses a 2xx JSON answer. */
export async function requestJson(call: UpstreamCall, httpRequest: UpstreamHttpRequest): Promise<unknown> {
  const { text, status } = await requestText(call, httpRequest);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UpstreamError(call.target.provider.id, { kind: 'server_error', message: `upstream answered ${status} with a body that is not JSON: ${text.slice(0, 200)}` }, { cause: error });
  }
}

/** Sends the request and reads a 2xx answer as text (JSON bodies; transcripts in text, srt or vtt form). */
export async function requestText(call: UpstreamCall, httpRequest: UpstreamHttpRequest): Promise<{ text: string; status: number; contentType: string }> {
  const { target, adapter } = call;
  if (call.traceHeaders) Object.assign(httpRequest.headers, call.traceHeaders);
  const answer = await sendUpstreamForText(httpRequest, sendOptionsOf(call, call.signal));
  if (answer.status >= 200 && answer.status < 300) return { text: answer.text, status: answer.status, contentType: headerText(answer.headers['content-type']) };
  throw new UpstreamError(target.provider.id, adapter.mapError(answer.status, answer.headers, answer.text), { secrets: [target.apiKey] });
}

/** Sends the request and hands over a 2xx answer's body as bytes (audio), read with backpressure. */
export async function requestBytes(call: UpstreamCall, httpRequest: UpstreamHttpRequest): Promise<{ contentType: string; body: AsyncIterable<Uint8Array> }> {
  const response = await send(call, httpRequest, call.signal);
  const providerId = call.target.provider.id;
  const signal = call.signal;
  async function* bytes(): AsyncGenerator<Uint8Array> {
    try {
      for await (const part of response.body as AsyncIterable<Buffer>) yield part;
    } catch (error) {
      throw toTransportError(error, providerId, signal);
    } finally {
      response.body.destroy();
    }
  }
  return { contentType: headerText(response.headers['content-type']) || 'application/octet-stream', body: bytes() };
}

/**
 * Starts a streamed call. Resolves once the first translated chunk is in hand, so that every failure
 * before the first token (status, connection, time-out, in-band error) rejects here and can fail over.
 */
export async function requestStream<C>(
  call: UpstreamCall,
  httpRequest: UpstreamHttpRequest,
  translator: StreamTranslator<C>,
  /** Sees each chunk as it is handed out (usage metering): cheaper than wrapping the stream in another iterator. */
  observe?: (chunk: C) => void,
): Promise<AsyncIterable<C>> {
  const providerId = call.target.provider.id;
  // Our own signal: aborted by the caller's, by return() on the iterator, or by a failure. A ConnectionSignal, not an
  // AbortController: Node builds an EventTarget for each AbortSignal (~4 µs a stream, 1.7 % of a streamed request's CPU).
  const ownSignal = new ConnectionSignal();
  const callerSignal = call.signal;
  const onCallerAbort = () => ownSignal.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const detach = () => callerSignal?.removeEventListener('abort', onCallerAbort);

  try {
    const response = await sendStreaming(call, httpRequest, ownSignal);
    const reader = new ChunkReader<C>(response.body, translator, providerId, ownSignal, detach, call.target.apiKey);
    const firstChunks = await reader.read();
    if (firstChunks === undefined) throw new UpstreamError(providerId, { kind: 'server_error', message: 'upstream stream ended before its first chunk' });
    return new UpstreamStream(reader, firstChunks, observe);
  } catch (error) {
    detach();
    ownSignal.abort(); // frees the socket of a half-read answer; a no-op once the body has ended
    throw error;
  }
}

async function send(call: UpstreamCall, httpRequest: UpstreamHttpRequest, signal: CallerSignal | undefined): Promise<UpstreamResponse> {
  if (call.traceHeaders) Object.assign(httpRequest.headers, call.traceHeaders);
  const response = await sendUpstream(httpRequest, sendOptionsOf(call, signal));
  if (response.status >= 200 && response.status < 300) return response;
  return upstreamFailure(call, response, () => readBodyText(response.body), signal);
}

/** send() for a streamed answer: its body is pulled chunk by chunk (StreamedBody). */
async function sendStreaming(call: UpstreamCall, httpRequest: UpstreamHttpRequest, signal: CallerSignal): Promise<StreamedResponse> {
  if (call.traceHeaders) Object.assign(httpRequest.headers, call.traceHeaders);
  const response = await sendUpstreamStreaming(httpRequest, sendOptionsOf(call, signal));
  if (response.status >= 200 && response.status < 300) return response;
  return upstreamFailure(call, response, () => response.body.text(MAX_ERROR_BODY_BYTES), signal);
}

/** A non-2xx answer as its typed error, mapped from the status, headers and body the adapter reads. */
async function upstreamFailure(call: UpstreamCall, response: Pick<UpstreamResponse, 'status' | 'headers'>, readBody: () => Promise<string>, signal: CallerSignal | undefined): Promise<never> {
  const { target, adapter } = call;
  let bodyText = '';
  try {
    bodyText = await readBody();
  } catch (error) {
    // A truncated error body still leaves the status to go by, unless the caller is gone.
    if (signal?.aborted) throw toTransportError(error, target.provider.id, signal);
  }
  throw new UpstreamError(target.provider.id, adapter.mapError(response.status, response.headers, bodyText), { secrets: [target.apiKey] });
}

function sendOptionsOf(call: UpstreamCall, signal: CallerSignal | undefined): SendOptions {
  return { signal, timeouts: call.timeouts ?? call.target.provider.timeouts, providerId: call.target.provider.id, publicOnly: call.target.publicOnly };
}

function headerText(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * A streamed answer, read once. Its iterator is written by hand rather than as a generator so that
 * return() stops the upstream even when iteration never started (a generator that has not started
 * would skip its finally block).
 */
class UpstreamStream<C> implements AsyncIterable<C>, AsyncIterator<C> {
  private buffered: C[];
  private position = 0;

  constructor(
    private readonly reader: ChunkReader<C>,
    firstChunks: C[],
    private readonly observe: ((chunk: C) => void) | undefined,
  ) {
    this.buffered = firstChunks;
  }

  [Symbol.asyncIterator](): AsyncIterator<C> {
    return this;
  }

  async next(): Promise<IteratorResult<C>> {
    while (this.position >= this.buffered.length) {
      let chunks: C[] | undefined;
      try {
        // Pull one body read at a time: the upstream is read no faster than the consumer takes chunks.
        chunks = await this.reader.read();
      } catch (error) {
        this.reader.close();
        throw error;
      }
      if (chunks === undefined) {
        this.reader.close();
        return { done: true, value: undefined };
      }
      this.buffered = chunks;
      this.position = 0;
    }
    const value = this.buffered[this.position++];
    this.observe?.(value);
    return { done: false, value };
  }

  async return(): Promise<IteratorResult<C>> {
    this.reader.close();
    this.buffered = [];
    this.position = 0;
    return { done: true, value: undefined };
  }
}

/** Turns body bytes into translated chunks, one body read at a time, and owns the upstream's lifetime. */
class ChunkReader<C> {
  private readonly parser = new SseParser();
  private ended = false;
  private closed = false;
  private chunkCount = 0;
  private pendingError: Error | undefined;

  constructor(
    private readonly body: StreamedBody,
    private readonly translator: StreamTranslator<C>,
    private readonly providerId: string,
    /** The call's own signal (requestStream's): aborting it stops the upstream. */
    private readonly signal: ConnectionSignal,
    private readonly detach: () => void,
    /** Removed from in-band error messages (an upstream may echo the key it was sent). */
    private readonly apiKey: string,
  ) {}

  /** The next non-empty batch of chunks, or undefined once the stream has properly ended (or was closed by us). */
  async read(): Promise<C[] | undefined> {
    while (this.pendingError === undefined && !this.ended && !this.closed) {
      let step: IteratorResult<Buffer>;
      try {
        step = await this.body.next();
      } catch (error) {
        if (this.closed) return undefined; // our own return() / break: not a failure
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
    this.signal.abort();
    this.body.destroy();
  }

  /**
   * Translates one body read. When the translator fails after chunks of the same read (an error event
   * right behind content), those chunks are still delivered and the error is thrown by the next read().
   */
  private translateRead(step: IteratorResult<Buffer>): C[] {
    if (step.done) {
      this.ended = true;
      this.detach();
    }
    let chunks = NO_CHUNKS as unknown as C[];
    try {
      // The parser refuses a line or an event past its bound: a failure of the stream like a translator's.
      const events = step.done ? this.parser.finish() : this.parser.push(step.value);
      for (const event of events) chunks = concatenate(chunks, this.translator.push(event));
      if (step.done) chunks = concatenate(chunks, this.translator.finish());
    } catch (error) {
      const failure =
        error instanceof UpstreamError
          ? error.withoutSecrets([this.apiKey])
          : new UpstreamError(this.providerId, { kind: 'server_error', message: `could not translate the upstream stream: ${String(error)}` }, { cause: error, secrets: [this.apiKey] });
      this.pendingError = this.fail(failure);
    }
    return chunks;
  }

  /** A drop once chunks have gone out is an interrupted stream; before that it is a plain connection failure. */
  private readFailure(error: unknown): Error {
    const translated = toTransportError(error, this.providerId, this.signal);
    if (isAbortError(translated) || !(translated instanceof UpstreamError) || translated.kind !== 'connection' || this.chunkCount === 0) return translated;
    return new UpstreamError(this.providerId, { kind: 'stream_interrupted', message: `upstream stream broke off after ${this.chunkCount} chunks: ${translated.message}` }, { cause: error });
  }

  private fail(error: Error): Error {
    this.ended = true;
    this.detach();
    this.signal.abort();
    return error;
  }
}

const NO_CHUNKS: readonly never[] = Object.freeze([]);

/** Joins two chunk lists without copying in the usual case of one event per read. */
function concatenate<C>(first: C[], second: C[]): C[] {
  if (second.length === 0) return first;
  if (first.length === 0) return second;
  return [...first, ...second];
}

/** Stops a stream that will not be read to its end (its upstream is aborted); safe on any iterable. */
export async function cancelStream(chunks: AsyncIterable<unknown>): Promise<void> {
  await chunks[Symbol.asyncIterator]().return?.();
}

import type { Dispatcher } from 'undici';
import type { CallerSignal } from '../../core/caller-signal.js';

/** Status and headers of a streamed answer (lower-cased names), and its body. */
export interface StreamedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: StreamedBody;
}

/** Chunks held before the upstream is paused, and how few let it go on: a slow caller slows the upstream. */
const PAUSE_AT = 16;
const RESUME_AT = 4;
const DONE: IteratorResult<Buffer> = Object.freeze({ done: true, value: undefined });

/**
 * An undici dispatch handler that hands a streamed answer's body over chunk by chunk, pulled with next():
 * a queue of Buffers with pause and resume, instead of request()'s Readable body and its async iterator
 * (a promise, listeners and stream bookkeeping per chunk). Its signal aborts the call, before or after the
 * connection; destroy() stops a body that will not be read to its end.
 */
export class StreamedBody implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private readonly queue: Buffer[] = [];
  private paused = false;
  private ended = false;
  private failure: Error | undefined;
  private waiting: { resolve: (step: IteratorResult<Buffer>) => void; reject: (error: Error) => void } | undefined;
  private headersIn = false;
  private pendingAbort: Error | undefined;
  private readonly onAbort = () => this.destroy(this.signal!.reason);

  constructor(
    private readonly signal: CallerSignal | undefined,
    private readonly deliverHeaders: (status: number, headers: StreamedResponse['headers']) => void,
    private readonly failBeforeHeaders: (error: Error) => void,
  ) {
    if (signal?.aborted) this.destroy(signal.reason);
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.pendingAbort) controller.abort(this.pendingAbort);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: StreamedResponse['headers']): void {
    this.headersIn = true;
    this.deliverHeaders(statusCode, headers);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting.resolve({ done: false, value: chunk });
      return;
    }
    this.queue.push(chunk);
    if (!this.paused && this.queue.length >= PAUSE_AT) {
      this.paused = true;
      controller.pause();
    }
  }

  onResponseEnd(): void {
    this.ended = true;
    this.detach();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(DONE);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.detach();
    if (!this.headersIn) {
      this.headersIn = true;
      this.failBeforeHeaders(error);
      return;
    }
    this.failure ??= error;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }

  /** The next chunk of the body, or done once it has ended; rejects with what broke it off. */
  next(): Promise<IteratorResult<Buffer>> {
    const chunk = this.queue.shift();
    if (chunk !== undefined) {
      if (this.paused && this.queue.length <= RESUME_AT) {
        this.paused = false;
        this.controller?.resume();
      }
      return Promise.resolve({ done: false, value: chunk });
    }
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** Reads an error answer's body as text, keeping at most `maxBytes`; the rest is not read. */
  async text(maxBytes: number): Promise<string> {
    const parts: Buffer[] = [];
    let length = 0;
    try {
      for (let step = await this.next(); !step.done && length < maxBytes; step = await this.next()) {
        parts.push(step.value);
        length += step.value.length;
      }
    } finally {
      this.destroy();
    }
    return Buffer.concat(parts, length).toString('utf8', 0, Math.min(length, maxBytes));
  }

  /** Stops the call if it is still running (a no-op once the body has ended or failed). */
  destroy(reason?: unknown): void {
    if (this.ended || this.failure) return;
    const error = reason instanceof Error ? reason : new Error('the upstream request was aborted', { cause: reason });
    if (this.controller) this.controller.abort(error);
    else if (!this.pendingAbort) {
      // Not connected yet: refused now, aborted as soon as undici hands over its controller.
      this.pendingAbort = error;
      this.onResponseError(undefined as never, error);
    }
  }

  private detach(): void {
    this.signal?.removeEventListener('abort', this.onAbort);
  }
}

import type { Dispatcher } from 'undici';
import type { CallerSignal } from '../../core/caller-signal.js';

/** An answer read whole: status, headers (lower-cased names) and body text. */
export interface UpstreamTextAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * The largest answer read whole, in bytes: an upstream that never ends its body (a tenant's own base URL, a broken
 * proxy) would otherwise fill the process's memory. The largest real answers (embeddings of 2,048 inputs of 3,072
 * dimensions as JSON numbers, ~75 MB) fit.
 */
export const MAX_ANSWER_BYTES = 128 * 1024 * 1024;

/**
 * An undici dispatch handler that collects an answer whole, for the calls whose answer is read as one text
 * (every JSON call). It spares what `request()` + `body.text()` build per call — a request handler, a
 * Readable body and its consumer — about 25 µs of CPU per call here (the request path's single largest
 * saving; see bench/HISTORY.md, 2026-11-27).
 *
 * The caller's signal aborts it, before or after the connection. An error answer's body is kept up to
 * `maxErrorBytes` (a gateway's HTML page can be large), then reading stops; if an error body breaks off,
 * what arrived is kept, since the status still tells what happened — unless the caller left.
 */
export class WholeAnswerHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private status = 0;
  private headers: UpstreamTextAnswer['headers'] = {};
  private chunks: Buffer[] = [];
  private length = 0;
  private settled = false;
  /** An abort that came before the connection: applied once undici hands over its controller. */
  private pendingAbort: Error | undefined;
  private readonly onAbort = () => this.abort(this.signal!.reason);

  constructor(
    private readonly resolve: (answer: UpstreamTextAnswer) => void,
    private readonly reject: (error: unknown) => void,
    private readonly signal: CallerSignal | undefined,
    /** Called when the status and headers are in (a first-byte timer stops there). */
    private readonly headersArrived: () => void,
    private readonly maxErrorBytes: number,
    private readonly maxAnswerBytes = MAX_ANSWER_BYTES,
  ) {
    if (signal?.aborted) this.abort(signal.reason);
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.pendingAbort) controller.abort(this.pendingAbort);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: UpstreamTextAnswer['headers']): void {
    this.status = statusCode;
    this.headers = headers;
    this.chunks = [];
    this.length = 0;
    this.headersArrived();
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
    if (this.isErrorAnswer() && this.length >= this.maxErrorBytes) {
      this.succeed();
      controller.abort(new Error('error body longer than kept: the rest is not read'));
    } else if (this.length > this.maxAnswerBytes) {
      const error = Object.assign(new Error(`the upstream answer is larger than ${this.maxAnswerBytes} bytes: the rest is not read`), { code: ANSWER_TOO_LARGE });
      failedMidAnswer.add(error);
      this.chunks = [];
      this.fail(error);
      controller.abort(error);
    }
  }

  onResponseEnd(): void {
    this.succeed();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.status !== 0 && this.isErrorAnswer() && !this.signal?.aborted) this.succeed();
    else {
      // Once the answer began, the upstream took the request: a failure now is never one to send again.
      if (this.status !== 0) failedMidAnswer.add(error);
      this.fail(error);
    }
  }

  private isErrorAnswer(): boolean {
    return this.status < 200 || this.status >= 300;
  }

  private abort(reason: unknown): void {
    const error = reason instanceof Error ? reason : new Error('the upstream request was aborted', { cause: reason });
    if (this.controller) this.controller.abort(error);
    else {
      this.pendingAbort = error;
      this.fail(error);
    }
  }

  private succeed(): void {
    if (this.settled) return;
    this.settle();
    this.resolve({ status: this.status, headers: this.headers, text: this.text() });
  }

  private fail(error: unknown): void {
    if (this.settled) return;
    this.settle();
    this.reject(error);
  }

  private settle(): void {
    this.settled = true;
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  private text(): string {
    const end = this.isErrorAnswer() ? Math.min(this.length, this.maxErrorBytes) : this.length;
    const bytes = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.length);
    this.chunks = [];
    const text = bytes.toString('utf8', 0, end);
    // As undici's body.text() does: a byte-order mark is not part of the text (JSON.parse would refuse it).
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}

/** The code of the failure when an answer passes MAX_ANSWER_BYTES (http-client reads it as the upstream's fault). */
export const ANSWER_TOO_LARGE = 'SVC_ANSWER_TOO_LARGE';

/** Failures that came after the answer's status and headers (the request was taken): never sent again (http-client's isStaleConnection). */
const failedMidAnswer = new WeakSet<Error>();

/** Whether a failure came after the upstream began its answer. */
export function failedAfterAnswerBegan(error: unknown): boolean {
  return error instanceof Error && failedMidAnswer.has(error);
}

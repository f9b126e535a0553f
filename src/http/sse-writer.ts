import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

/** One server-sent event: `data` and, for named events (the Responses stream), `event`. */
export interface SseEvent {
  event?: string;
  data: string;
}

/** Silence after which a comment line keeps proxies and clients from timing the stream out. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

/**
 * Writes server-sent events to a raw response, honouring backpressure. Events written in the same tick
 * (the chunks translated from one upstream read) leave in one socket write: the response is corked on the
 * first write of a tick and uncorked on the next. While nothing is written for `heartbeatMs` (a long
 * upstream silence: a reasoning model thinking), a `: keep-alive` comment goes out.
 */
export class SseWriter {
  private closed = false;
  private corked = false;
  private wroteSinceBeat = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly uncork = () => {
    this.corked = false;
    this.response.uncork();
  };

  constructor(
    private readonly response: ServerResponse,
    private readonly heartbeatMs = DEFAULT_HEARTBEAT_MS,
  ) {
    response.once('close', () => {
      this.closed = true;
      this.stopHeartbeat();
    });
  }

  get isClosed(): boolean {
    return this.closed || this.response.destroyed;
  }

  /** Sets the status and headers; they go out with the first event (it is always ready by then). */
  open(headers: Record<string, string>): void {
    this.response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...headers,
    });
    if (this.heartbeatMs > 0) {
      this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  /** Sends one event; waits for the socket to drain when its buffer is full. */
  async send(event: SseEvent): Promise<void> {
    if (this.isClosed) return;
    this.wroteSinceBeat = true;
    const text = event.event === undefined ? `data: ${event.data}\n\n` : `event: ${event.event}\ndata: ${event.data}\n\n`;
    if (!this.write(text)) await Promise.race([once(this.response, 'drain'), once(this.response, 'close')]);
  }

  end(): void {
    this.stopHeartbeat();
    if (!this.isClosed) this.response.end();
  }

  private write(text: string): boolean {
    if (!this.corked) {
      this.corked = true;
      this.response.cork();
      process.nextTick(this.uncork);
    }
    return this.response.write(text);
  }

  private beat(): void {
    if (this.isClosed) return this.stopHeartbeat();
    if (!this.wroteSinceBeat) this.write(': keep-alive\n\n');
    this.wroteSinceBeat = false;
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

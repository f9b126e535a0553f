import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

/**
 * Writes server-sent events to a raw response, honouring backpressure. Events written in the same
 * tick (the chunks translated from one upstream read) leave in one socket write: the response is
 * corked on the first write of a tick and uncorked on the next, so nothing waits longer than that.
 */
export class SseWriter {
  private closed = false;
  private corked = false;
  private readonly uncork = () => {
    this.corked = false;
    this.response.uncork();
  };

  constructor(private readonly response: ServerResponse) {
    response.once('close', () => {
      this.closed = true;
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
  }

  /** Sends one `data:` event; waits for the socket to drain when its buffer is full. */
  async send(data: string): Promise<void> {
    if (this.isClosed) return;
    if (!this.corked) {
      this.corked = true;
      this.response.cork();
      process.nextTick(this.uncork);
    }
    if (!this.response.write(`data: ${data}\n\n`)) {
      await Promise.race([once(this.response, 'drain'), once(this.response, 'close')]);
    }
  }

  end(): void {
    if (!this.isClosed) this.response.end();
  }
}

import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

/** Writes server-sent events to a raw response, honouring backpressure. */
export class SseWriter {
  private closed = false;

  constructor(private readonly response: ServerResponse) {
    response.once('close', () => {
      this.closed = true;
    });
  }

  get isClosed(): boolean {
    return this.closed || this.response.destroyed;
  }

  open(headers: Record<string, string>): void {
    this.response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...headers,
    });
    this.response.flushHeaders();
  }

  /** Sends one `data:` event; waits for the socket to drain when its buffer is full. */
  async send(data: string): Promise<void> {
    if (this.isClosed) return;
    if (!this.response.write(`data: ${data}\n\n`)) {
      await Promise.race([once(this.response, 'drain'), once(this.response, 'close')]);
    }
  }

  end(): void {
    if (!this.isClosed) this.response.end();
  }
}

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
  /** Set by every write, cleared by every heartbeat tick: a tick that finds it clear sends a comment. */
  wroteSinceBeat = false;
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
      heartbeats.remove(this, this.heartbeatMs);
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
    if (this.heartbeatMs > 0) heartbeats.add(this, this.heartbeatMs);
  }

  /**
   * Sends one event. Returns a promise only when the socket's buffer is full (wait for it to drain), so
   * the usual case costs no promise.
   */
  send(event: SseEvent): Promise<void> | undefined {
    if (this.isClosed) return undefined;
    this.wroteSinceBeat = true;
    const text = event.event === undefined ? `data: ${event.data}\n\n` : `event: ${event.event}\ndata: ${event.data}\n\n`;
    if (this.write(text)) return undefined;
    return Promise.race([once(this.response, 'drain'), once(this.response, 'close')]).then(() => undefined);
  }

  end(): void {
    heartbeats.remove(this, this.heartbeatMs);
    if (!this.isClosed) this.response.end();
  }

  /** Called by the heartbeat clock. */
  beat(): void {
    if (this.isClosed) return;
    if (!this.wroteSinceBeat) this.write(': keep-alive\n\n');
    this.wroteSinceBeat = false;
  }

  private write(text: string): boolean {
    if (!this.corked) {
      this.corked = true;
      this.response.cork();
      process.nextTick(this.uncork);
    }
    return this.response.write(text);
  }
}

/** One timer per heartbeat period for every open stream, rather than a timer per stream. */
class HeartbeatClock {
  private readonly groups = new Map<number, { timer: NodeJS.Timeout; writers: Set<SseWriter> }>();

  add(writer: SseWriter, periodMs: number): void {
    let group = this.groups.get(periodMs);
    if (!group) {
      const writers = new Set<SseWriter>();
      const timer = setInterval(() => {
        for (const member of writers) member.beat();
      }, periodMs);
      timer.unref();
      group = { timer, writers };
      this.groups.set(periodMs, group);
    }
    group.writers.add(writer);
  }

  remove(writer: SseWriter, periodMs: number): void {
    const group = this.groups.get(periodMs);
    if (!group || !group.writers.delete(writer) || group.writers.size > 0) return;
    clearInterval(group.timer);
    this.groups.delete(periodMs);
  }
}

const heartbeats = new HeartbeatClock();

import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

/** One server-sent event: `data` and, for named events (the Responses stream), `event`. */
export interface SseEvent {
  event?: string;
  data: string;
}

/** Silence after which a comment line keeps proxies and clients from timing the stream out. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

/** Text gathered past this goes to the response at once (a cached answer replayed in one turn), so backpressure still holds. */
const MAX_GATHERED_CHARS = 64 * 1024;

/**
 * Writes server-sent events to a raw response, honouring backpressure. Events written while one upstream read
 * is handled (the chunks translated from it, and the closing events when the read held the stream's end) are
 * gathered into one text and written once when the event loop has finished the read's callbacks (see
 * `writersToFlush`): one chunk of the chunked encoding and one socket write, where a write per event cost Node's
 * HTTP layer four socket writes (size, CRLF, data, CRLF) each. While nothing is written for `heartbeatMs` (a long
 * upstream silence: a reasoning model thinking), a `: keep-alive` comment goes out.
 */
export class SseWriter {
  private closed = false;
  /** Events written in this turn of the event loop, not yet given to the response. */
  private gathered = '';
  /** Set by every write, cleared by every heartbeat tick: a tick that finds it clear sends a comment. */
  wroteSinceBeat = false;

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
    this.write(event.event === undefined ? `data: ${event.data}\n\n` : `event: ${event.event}\ndata: ${event.data}\n\n`);
    if (this.gathered.length >= MAX_GATHERED_CHARS) this.flush();
    if (!this.response.writableNeedDrain) return undefined;
    return Promise.race([once(this.response, 'drain'), once(this.response, 'close')]).then(() => undefined);
  }

  /** Ends the response, with what was gathered in this turn as its last chunk (one write with the terminator). */
  end(): void {
    heartbeats.remove(this, this.heartbeatMs);
    const text = this.gathered;
    this.gathered = '';
    if (this.isClosed) return;
    if (text === '') this.response.end();
    else {
      // Corked, so that the headers (when nothing went out yet), the chunk and the terminator leave in one write.
      this.response.cork();
      this.response.end(text);
    }
  }

  /** Called by the heartbeat clock. */
  beat(): void {
    if (this.isClosed) return;
    if (!this.wroteSinceBeat) this.write(': keep-alive\n\n');
    this.wroteSinceBeat = false;
  }

  private write(text: string): void {
    if (this.gathered === '') writersToFlush.add(this);
    this.gathered += text;
  }

  /** Writes what was gathered since the last flush (called once per turn of the event loop, or when much was gathered). */
  flush(): void {
    const text = this.gathered;
    if (text === '') return;
    this.gathered = '';
    if (this.isClosed || this.response.writableEnded) return;
    // Corked around the write: the headers (first write), the chunk's size, the text and its CRLF are one socket write.
    this.response.cork();
    this.response.write(text);
    this.response.uncork();
  }
}

/**
 * The writers that gathered events in this turn of the event loop, flushed together by one `setImmediate` queued on
 * the next tick: after the end-of-turn work queued while the upstream's read was handled, such as the journal's
 * group write that a stream's closing events wait for (`UsageJournal.whenWritten`). The closing events then join
 * the gathered text, and `end()` sends it all (strace of a mock stream: one writev where flushing on the next tick
 * sent two, the events and then `data: [DONE]` with the chunked terminator).
 */
class WritersToFlush {
  private writers: SseWriter[] = [];
  private readonly scheduleFlush = () => setImmediate(this.flushAll);
  private readonly flushAll = () => {
    const writers = this.writers;
    this.writers = [];
    for (const writer of writers) writer.flush();
  };

  add(writer: SseWriter): void {
    if (this.writers.length === 0) process.nextTick(this.scheduleFlush);
    this.writers.push(writer);
  }
}

const writersToFlush = new WritersToFlush();

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

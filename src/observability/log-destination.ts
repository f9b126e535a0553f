import { writeSync } from 'node:fs';

/**
 * Where svc's log lines go (pino's destination): the lines logged in one turn of the event loop are written to the
 * file descriptor together, in one synchronous write at the end of that turn (setImmediate), as the usage journal
 * writes its records (a group longer than a pipe's atomic write goes in pieces of whole lines). Under load a turn
 * settles several requests, and their access lines cost one write() between them; pino's asynchronous destination handed
 * each write to libuv's thread pool and woke the event loop for its completion (`bench:ab` at log level info: ×0.887 CPU
 * a request against it, ×0.915 for one synchronous write a line).
 *
 * A blocking stdout (a file, the pipe a container runtime reads) takes the write whole, as Node's own console does. A
 * non-blocking one that is full (EAGAIN) keeps the rest for a retry a few milliseconds later; lines past
 * MAX_PENDING_CHARS are dropped, never held without bound, and counted in a warning once writing resumes. A stdout that
 * is gone (EPIPE) drops the lines. Lines still waiting when the process exits are written then.
 */
export class TurnBatchedDestination {
  /** Lines logged since the last write. */
  private pending = '';
  /** What a short or refused write left over: written before `pending`. */
  private backlog: Buffer | undefined;
  private scheduled = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private dropped = 0;

  constructor(
    private readonly fd: number,
    /** The write itself (tests give one that refuses or takes part of what it is given). */
    private readonly writeToDescriptor: (fd: number, data: string | Buffer) => number = writeToFd,
  ) {}

  /** Called by pino with one serialized line (its newline included). */
  write(line: string): boolean {
    if (this.pending.length + (this.backlog?.length ?? 0) >= MAX_PENDING_CHARS) {
      this.dropped++;
      return true;
    }
    this.pending += line;
    if (!this.scheduled && this.retryTimer === undefined) {
      this.scheduled = true;
      waiting.add(this);
      setImmediate(this.writeGroup);
    }
    return true;
  }

  /** Writes what waits now (pino's `logger.flush(cb)`: svc's shutdown calls it). */
  flush(callback?: (error?: Error) => void): void {
    this.writeNow();
    callback?.();
  }

  /** Writes everything waiting; what the descriptor refuses for now stays, for a retry. Never throws. */
  writeNow(): void {
    this.scheduled = false;
    if (this.retryTimer !== undefined) {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    }
    // After the lines held when the dropping began, before any logged from now on.
    if (this.dropped > 0) {
      this.pending += droppedNotice(this.dropped);
      this.dropped = 0;
    }
    try {
      while (this.backlog !== undefined || this.pending !== '') {
        if (this.backlog === undefined) {
          const text = this.pending;
          const bytes = Buffer.byteLength(text);
          if (bytes > ATOMIC_WRITE_BYTES) {
            this.backlog = Buffer.from(text);
            this.pending = '';
            continue;
          }
          // The common case: the turn's lines, taken whole by one write. A refused write throws before `pending` is cleared.
          const written = this.writeToDescriptor(this.fd, text);
          this.pending = '';
          if (written !== bytes) this.backlog = Buffer.from(text).subarray(written);
        } else {
          const written = this.writeToDescriptor(this.fd, wholeLinesOf(this.backlog));
          if (written === 0) return this.retryLater();
          this.backlog = written < this.backlog.length ? this.backlog.subarray(written) : undefined;
        }
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // The reader is behind: what was not written waits (bounded by write()) and is tried again shortly.
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return this.retryLater();
      // stdout is gone (EPIPE, EBADF): nobody reads these lines.
      this.pending = '';
      this.backlog = undefined;
    }
    waiting.delete(this);
  }

  private retryLater(): void {
    this.retryTimer = setTimeout(this.retry, RETRY_MS);
  }

  private readonly writeGroup = (): void => {
    if (this.scheduled) this.writeNow();
  };

  private readonly retry = (): void => {
    this.retryTimer = undefined;
    this.writeNow();
  };
}

/** fs.writeSync for a string or bytes (two calls, one per overload: TypeScript takes no union for either). */
function writeToFd(fd: number, data: string | Buffer): number {
  return typeof data === 'string' ? writeSync(fd, data) : writeSync(fd, data);
}

/**
 * A pipe's writes of at most this many bytes (PIPE_BUF) are never interleaved with another process's: the workers of
 * a multi-worker svc share their stdout, so a longer group goes out in pieces of whole lines within it.
 */
export const ATOMIC_WRITE_BYTES = 4096;

/** The start of `data` up to ATOMIC_WRITE_BYTES, cut after a line's end (a longer line alone, whole). */
function wholeLinesOf(data: Buffer): Buffer {
  if (data.length <= ATOMIC_WRITE_BYTES) return data;
  const lastEnd = data.lastIndexOf(NEWLINE, ATOMIC_WRITE_BYTES - 1);
  if (lastEnd !== -1) return data.subarray(0, lastEnd + 1);
  const lineEnd = data.indexOf(NEWLINE, ATOMIC_WRITE_BYTES);
  return lineEnd === -1 ? data : data.subarray(0, lineEnd + 1);
}

const NEWLINE = 0x0a;

/** Characters of log lines held for a descriptor that takes none: past them, lines are dropped. */
export const MAX_PENDING_CHARS = 4 * 1024 * 1024;
/** How soon a refused write (EAGAIN) is tried again. */
const RETRY_MS = 10;

/** pino's line for the lines dropped while stdout's reader was behind. */
function droppedNotice(count: number): string {
  return `{"level":40,"time":${Date.now()},"dropped":${count},"msg":"log lines dropped: stdout's reader fell behind"}\n`;
}

/** Destinations holding lines not yet written: written when the process exits (an exit in the turn that logged them). */
const waiting = new Set<TurnBatchedDestination>();
process.on('exit', () => {
  for (const destination of waiting) destination.writeNow();
});

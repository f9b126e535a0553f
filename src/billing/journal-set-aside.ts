import { open, type FileHandle } from 'node:fs/promises';
import { JOURNAL_LINE_END, type UsageRecord } from '../core/storage-interfaces.js';

/**
 * The records of a journal segment that the ledger's queue had no room for (a database down for longer than the queue
 * holds): they are in the segment's file only, and are read back from it once the queue has room again — not left for
 * the next start. Kept as ranges of line numbers: an outage sets aside long runs of consecutive lines, so a few numbers
 * stand for hundreds of thousands of records, where the records themselves would have held the heap. A journal claimed
 * from a process that is gone is set aside whole before anyone has counted its lines: a range open at its end.
 */
export class SetAsideLines {
  /** Flat [from, to) pairs, ascending; the last `to` may be Infinity (every line from `from` on). */
  private readonly ranges: number[] = [];

  /** How many line numbers are set aside, the open range's not counted (unknown until its file is read to its end). */
  get size(): number {
    let count = 0;
    for (let index = 0; index < this.ranges.length; index += 2) if (Number.isFinite(this.ranges[index + 1])) count += this.ranges[index + 1] - this.ranges[index];
    return count;
  }

  get isEmpty(): boolean {
    return this.ranges.length === 0;
  }

  /** The first line number set aside (Infinity when none is). */
  get first(): number {
    return this.ranges.length > 0 ? this.ranges[0] : Infinity;
  }

  add(line: number): void {
    const last = this.ranges.length - 1;
    if (last > 0 && this.ranges[last] === line) this.ranges[last] = line + 1;
    else if (last > 0 && line < this.ranges[last]) this.insert(line);
    else this.ranges.push(line, line + 1);
  }

  /** Sets aside every line from `from` on (a claimed journal's, all of them). */
  addFrom(from: number): void {
    this.ranges.push(from, Infinity);
  }

  /** Takes `line` out (the first one set aside, as a reader reaches it). */
  takeFirst(): number {
    const line = this.ranges[0];
    if (line + 1 >= this.ranges[1]) this.ranges.splice(0, 2);
    else this.ranges[0] = line + 1;
    return line;
  }

  /** Takes out every line number from `end` on (the file ends there), and returns how many finite ones that was. */
  endAt(end: number): number {
    let removed = 0;
    for (let index = this.ranges.length - 2; index >= 0; index -= 2) {
      const [from, to] = [this.ranges[index], this.ranges[index + 1]];
      if (to <= end) break;
      if (Number.isFinite(to)) removed += to - Math.max(from, end);
      if (from >= end) this.ranges.splice(index, 2);
      else this.ranges[index + 1] = end;
    }
    return removed;
  }

  /** A line out of order (set aside again after it was read back: the queue filled meanwhile). */
  private insert(line: number): void {
    for (let index = 0; index < this.ranges.length; index += 2) {
      if (line < this.ranges[index]) {
        this.ranges.splice(index, 0, line, line + 1);
        return;
      }
    }
    this.ranges.push(line, line + 1);
  }
}

/** A line of a segment file as SegmentReader finds it: its bytes are valid until the next call to `next()`. */
export interface SegmentLine {
  number: number;
  bytes: Buffer;
  /** False for a last line without its newline: a write cut short (a crash, a full disk). */
  whole: boolean;
}

const READ_BYTES = 256 * 1024;

/**
 * Reads a segment file's lines forward, a buffer at a time, from where it stopped: a set-aside chunk is read without
 * holding the file (a segment of 10,000 audited records can be hundreds of MB), and the next chunk goes on from there.
 */
export class SegmentReader {
  /** Number of the next line to hand out. */
  nextLine = 0;
  private handle: FileHandle | undefined;
  private buffer = Buffer.allocUnsafe(READ_BYTES);
  /** The unread bytes are buffer[start, end), from file offset `offset` on. */
  private start = 0;
  private end = 0;
  private offset = 0;

  constructor(private readonly file: string) {}

  /** The next line, or undefined at the end of the file (a file that is gone reads as empty). */
  async next(): Promise<SegmentLine | undefined> {
    for (;;) {
      const newline = this.buffer.indexOf(JOURNAL_LINE_END, this.start);
      if (newline !== -1 && newline < this.end) {
        const bytes = this.buffer.subarray(this.start, newline);
        this.start = newline + 1;
        return { number: this.nextLine++, bytes, whole: true };
      }
      if (!(await this.fill())) {
        if (this.start === this.end) return undefined;
        const bytes = this.buffer.subarray(this.start, this.end);
        // Not consumed: a later read may find the rest of it (a line still being written is never asked for, see settled).
        return { number: this.nextLine, bytes, whole: false };
      }
    }
  }

  /** Starts over from the file's first line (a line before the reader's position was set aside again). */
  async rewind(): Promise<void> {
    await this.close();
    this.nextLine = 0;
    this.start = this.end = this.offset = 0;
  }

  /** Passes over the cut last line next() handed out as not whole. */
  passCutLine(): void {
    this.start = this.end;
    this.nextLine++;
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close().catch(() => undefined);
  }

  /** Reads more of the file behind the unread bytes; false when there is no more. */
  private async fill(): Promise<boolean> {
    if (this.start > 0) {
      this.buffer.copy(this.buffer, 0, this.start, this.end);
      this.offset += this.start;
      this.end -= this.start;
      this.start = 0;
    }
    // A line longer than the buffer: the buffer grows to hold it.
    if (this.end === this.buffer.length) this.buffer = Buffer.concat([this.buffer, Buffer.allocUnsafe(this.buffer.length)]);
    try {
      this.handle ??= await open(this.file, 'r');
    } catch (error) {
      // A file that is gone reads as empty (its records with it); any other failure (too many open files) is retried later.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    const { bytesRead } = await this.handle.read(this.buffer, this.end, this.buffer.length - this.end, this.offset + this.end);
    this.end += bytesRead;
    if (bytesRead === 0) return false;
    return true;
  }
}

/** A record read back from its line: the record (a store that takes records) or the line, checked to be one. */
export interface ReadBackRecord {
  index: number;
  record?: UsageRecord;
  line?: string;
}

/** What reading one segment's set-aside lines back found; filled in as it goes, so a read that fails keeps what it found. */
export interface ReadBack {
  found: ReadBackRecord[];
  /** Set-aside lines the file does not hold (cut short, or never written): done with, never to be written. */
  missing: number;
  bytes: number;
  /** How many lines the file holds, once a sealed one was read to its end. */
  lineCount?: number;
}

/**
 * Reads `setAside`'s lines from `reader`, in order, until `budget` (records and bytes) is spent. `settled`: every line
 * below it is whole in the file — Infinity for a sealed segment, whose file holds all it ever will, so that a wanted
 * line past its end is missing; below an open segment's count, a read that ends early is tried again later.
 */
export async function readSetAside(setAside: SetAsideLines, reader: SegmentReader, settled: number, budget: { records: number; bytes: number }, keepLine: boolean, into: ReadBack): Promise<void> {
  while (into.found.length < budget.records && into.bytes < budget.bytes && setAside.first < settled) {
    const wanted = setAside.first;
    // A line before the reader's position was set aside meanwhile (the queue filled again): read from the start.
    if (wanted < reader.nextLine) await reader.rewind();
    let line = await reader.next();
    while (line?.whole && line.number < wanted) line = await reader.next();
    if (line?.whole) {
      setAside.takeFirst();
      into.bytes += line.bytes.length;
      const taken = recoveredRecord(line.bytes.toString('utf8'), keepLine);
      if (taken) into.found.push({ index: wanted, ...taken });
      else into.missing++;
      continue;
    }
    // The file ends before the wanted line: at a line cut short (a crash's last line, a write that failed half-way), or after the last whole one.
    if (settled !== Infinity) return;
    if (line) {
      if (line.number === wanted) {
        setAside.takeFirst();
        into.missing++;
      }
      reader.passCutLine();
    }
    into.missing += setAside.endAt(reader.nextLine);
    into.lineCount = reader.nextLine;
    return;
  }
}

/**
 * A set-aside line as the ledger's queue takes it: the record (a store that takes records) or the line itself, checked
 * to be one (a store that takes lines). Undefined for a line that is not a record: a write that failed half-way (a full
 * disk) left it cut short.
 */
function recoveredRecord(line: string, keepLine: boolean): { record?: UsageRecord; line?: string } | undefined {
  if (!line) return undefined;
  try {
    const record = JSON.parse(line) as UsageRecord;
    if (typeof record !== 'object' || record === null || typeof record.request_id !== 'string') return undefined;
    return keepLine ? { line } : { record };
  } catch {
    return undefined;
  }
}

import { readFile } from 'node:fs/promises';
import type { UsageRecord } from '../core/storage-interfaces.js';

/**
 * The records of a journal segment that the ledger's queue had no room for (a database down for longer than the queue
 * holds): they are in the segment's file only, and are read back from it once the queue has room again — not left for
 * the next start. Kept as ranges of line numbers: an outage sets aside long runs of consecutive lines, so a few numbers
 * stand for hundreds of thousands of records, where the records themselves would have held the heap.
 */
export class SetAsideLines {
  /** Flat [from, to) pairs, ascending. */
  private readonly ranges: number[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(line: number): void {
    const last = this.ranges.length - 1;
    if (last > 0 && this.ranges[last] === line) this.ranges[last] = line + 1;
    else if (last > 0 && line < this.ranges[last]) this.insert(line);
    else this.ranges.push(line, line + 1);
    this.count++;
  }

  /** Sets aside the lines [from, to) (a claimed journal's, all of them). */
  addRange(from: number, to: number): void {
    if (to <= from) return;
    this.ranges.push(from, to);
    this.count += to - from;
  }

  /** Removes and returns the first `limit` line numbers below `below`, ascending. */
  take(limit: number, below: number): number[] {
    const taken: number[] = [];
    while (taken.length < limit && this.ranges.length > 0 && this.ranges[0] < below) {
      const end = Math.min(this.ranges[1], below, this.ranges[0] + (limit - taken.length));
      for (let line = this.ranges[0]; line < end; line++) taken.push(line);
      if (end === this.ranges[1]) this.ranges.splice(0, 2);
      else this.ranges[0] = end;
    }
    this.count -= taken.length;
    return taken;
  }

  /** The first line number set aside (Infinity when none is). */
  get first(): number {
    return this.ranges.length > 0 ? this.ranges[0] : Infinity;
  }

  /** A line out of order (a replayed segment's entries come in order; kept general all the same). */
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

/** A segment file's lines as read for a recovery: those before `complete` were whole when read. */
export interface SegmentLines {
  lines: string[];
  complete: number;
}

/** Reads a segment file's lines: every line but the last is whole (the last is the empty string after the final newline, or a line cut short). */
export async function readSegmentLines(file: string): Promise<SegmentLines> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  return { lines, complete: lines.length - 1 };
}

/**
 * A set-aside line as the ledger's queue takes it: the record (a store that takes records) or the line itself, checked
 * to be one (a store that takes lines). Undefined for a line that is not a record: a write that failed half-way (a full
 * disk) left it cut short.
 */
export function recoveredRecord(line: string | undefined, keepLine: boolean): { record?: UsageRecord; line?: string } | undefined {
  if (!line) return undefined;
  try {
    const record = JSON.parse(line) as UsageRecord;
    if (typeof record !== 'object' || record === null || typeof record.request_id !== 'string') return undefined;
    return keepLine ? { line } : { record };
  } catch {
    return undefined;
  }
}

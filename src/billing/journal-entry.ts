import { JOURNAL_LINE_END, type UsageRecord } from '../core/storage-interfaces.js';
import type { SetAsideLines } from './journal-set-aside.js';

/** A segment file of the journal, as its entries refer to it. */
export interface Segment {
  file: string;
  /** Open while records are appended to it; undefined once sealed (everything it will hold is in the file). */
  fd: number | undefined;
  appended: number;
  written: number;
  /** Its records the ledger's queue had no room for: read back from the file (takeSetAside). */
  setAside?: SetAsideLines;
  /** A segment of a process that is gone, claimed whole: every line set aside, a line cut short by its crash skipped. */
  claimed?: boolean;
}

/**
 * A record on its way to the database: the record itself, or its line in the segment (its JSON) for a store that takes
 * lines (UsageStore.insertJournaledUsage). Not both: an entry waits in the ledger's queue for up to a second, through
 * the young generation's collections, and each object it holds is copied at each of them (at one request at a time the
 * queued records were most of what a scavenge copied, and a scavenge is the tail of svc's latency there).
 *
 * The line is a string only until its group is written: from then on it is a range of the group's UTF-8 bytes (`bytes`,
 * `start`, `end`, its newline included), which live outside the JavaScript heap — a collection copies the small entry,
 * not its ~750-byte text. At one exact-cache hit at a time, a scavenge then promoted 40 KB instead of 171 KB and paused
 * 0.55–0.6 ms at the median instead of 0.8 (p90 0.7–0.8 against 1.1–1.9): bench/HISTORY.md, fifty-fifth session.
 */
export interface JournalEntry {
  record?: UsageRecord;
  /** The segment holding it, to account for it once it is in the database. */
  segment: Segment;
  /** Its line's number in the segment file (from 0). */
  index: number;
  line?: string;
  /** The written group's bytes holding the line, from `start` to `end` (see above). */
  bytes?: Buffer;
  start: number;
  end: number;
}

/** A new entry holding its record or its line (the one its store takes); every entry has the same fields, in the same order. */
export function journalEntry(segment: Segment, index: number, record: UsageRecord | undefined, line: string | undefined): JournalEntry {
  return { record, segment, index, line, bytes: undefined, start: 0, end: 0 };
}

/** The entry's record, read back from its line when only the line was kept (the ledger's rare row-by-row path). */
export function recordOf(entry: JournalEntry): UsageRecord {
  return entry.record ?? (JSON.parse(entry.line ?? entry.bytes!.toString('utf8', entry.start, entry.end)) as UsageRecord);
}

/**
 * The entries' lines as one run of UTF-8 bytes, a newline after each, in a buffer of its own (UsageStore.insertJournaledUsage
 * may move it to another thread); undefined when an entry kept its record instead of its line.
 */
export function journaledBytes(entries: readonly JournalEntry[]): Buffer | undefined {
  let length = 0;
  for (const entry of entries) {
    if (entry.bytes) length += entry.end - entry.start;
    else if (entry.line !== undefined) length += Buffer.byteLength(entry.line) + 1;
    else return undefined;
  }
  // Never from Buffer's shared pool: the whole ArrayBuffer is this batch's, so that it can be transferred.
  const joined = Buffer.allocUnsafeSlow(length);
  let offset = 0;
  for (const entry of entries) {
    if (entry.bytes) offset += entry.bytes.copy(joined, offset, entry.start, entry.end);
    else {
      offset += joined.write(entry.line!, offset);
      joined[offset++] = JOURNAL_LINE_END;
    }
  }
  return joined;
}

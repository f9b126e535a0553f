import { closeSync, openSync, readdirSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync, writeSync, mkdirSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { JOURNAL_LINE_END, type UsageRecord } from '../core/storage-interfaces.js';
import { readSetAside, SegmentReader, SetAsideLines, type ReadBack } from './journal-set-aside.js';
import { journalEntry, type JournalEntry, type Segment } from './journal-entry.js';

/**
 * The ledger's write-ahead journal. Before an answer's last byte leaves, its usage record is appended
 * to a local file (no fsync: a process crash loses nothing the kernel has; a power cut may lose the last
 * moments). Appends are grouped: the lines of the requests settled in one turn of the event loop go out in
 * one write() at its end (`whenWritten`), which the answers wait for; `writeNow` writes at once (a stream's
 * closing events, an error). Records are also queued in memory and written to the database in batches;
 * a segment file is deleted once every record in it is in the database. At start-up the segments of a
 * process that is gone are replayed (the database ignores request ids it already has).
 *
 * Files: `<dir>/<host>-<pid>-<start ms>-<instance>-<segment>.ndjson`, one JSON record per line, and
 * `<…instance>-alive`, a heartbeat touched every few seconds. Each journal writes its own files only, so
 * several workers, gateways in one process (tests) or containers sharing a volume can share the folder.
 * A journal is gone when its host is this one and its process is not running (or is this process, a
 * restart), or, from another host (two containers both running as pid 1), when its heartbeat is stale.
 * An orphan segment is claimed by renaming it (atomic: two replaying instances never both take it).
 */

/** This machine (container), as the journals' file names carry it. */
const thisHost = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
const HEARTBEAT_MS = 5_000;
/** A heartbeat older than this is a journal whose process is gone. */
export const HEARTBEAT_STALE_MS = 30_000;

/** Journals open in this process: never replayed by another journal of the same process. */
const liveJournals = new Set<string>();

/** A segment is closed for appends after this many records; it is deleted when all are written. */
const RECORDS_PER_SEGMENT = 10_000;
/** Bytes of set-aside records read back at a time (audited records run to ~33 KB a line). */
const RECOVERY_BYTES = 8 * 1024 * 1024;

export class UsageJournal {
  private current: Segment | undefined;
  private sequence = 0;
  /** Lines appended in this turn of the event loop, not yet in the file. */
  private unwritten = '';
  /** The entries of those lines, in order: given their bytes once the group is written. */
  private unwrittenEntries: JournalEntry[] = [];
  private group: Promise<void> | undefined;
  private groupDone: (() => void) | undefined;
  /** Callers of whenWritten in this turn of the event loop, and whether the last turn that had any had more than one. */
  private waitingInThisTurn = 0;
  private busy = false;
  private readonly endTurn = (): void => {
    this.busy = this.waitingInThisTurn > 1;
    this.waitingInThisTurn = 0;
  };
  private readonly prefix: string;
  private readonly heartbeatFile: string;
  private readonly heartbeat: NodeJS.Timeout;
  /** Segments with records set aside, oldest first. */
  private readonly withSetAside = new Set<Segment>();
  /** The segment being read back, and where its reading stopped (kept between two takeSetAside() calls). */
  private recovering: { segment: Segment; reader: SegmentReader } | undefined;

  /**
   * `onWriteError`: told when a group could not be written (a full disk): its records still go to the database
   * from the ledger's queue, only their copy for a crash is missing. Answers never wait on a failed write.
   */
  constructor(
    private readonly dir: string,
    private readonly onWriteError: (error: unknown, records: number) => void = () => undefined,
    private readonly startedAt = Date.now(),
  ) {
    mkdirSync(dir, { recursive: true });
    this.prefix = `${thisHost}-${process.pid}-${this.startedAt}-${randomBytes(4).toString('hex')}-`;
    liveJournals.add(this.prefix);
    this.heartbeatFile = join(dir, `${this.prefix}alive`);
    writeFileSync(this.heartbeatFile, '');
    this.heartbeat = setInterval(() => {
      const now = new Date();
      try {
        utimesSync(this.heartbeatFile, now, now);
      } catch {
        // The folder was cleaned under us: the next beat recreates nothing; replays then go by pid.
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Appends one record to the group written at the end of this turn of the event loop. Returns the entry to
   * hand to the ledger's queue: with the record's line instead of the record when `keepLine` asks for it.
   */
  append(record: UsageRecord, keepLine = false): JournalEntry {
    const segment = this.openSegment();
    // The first line since the last write schedules the group's write (one already scheduled then writes nothing).
    const opensGroup = this.unwritten === '';
    const line = JSON.stringify(record);
    this.unwritten += `${line}\n`;
    const index = segment.appended++;
    const entry = keepLine ? journalEntry(segment, index, undefined, line) : journalEntry(segment, index, record, undefined);
    this.unwrittenEntries.push(entry);
    if (segment.appended >= RECORDS_PER_SEGMENT) this.seal(segment);
    else if (opensGroup) setImmediate(this.writeGroup);
    return entry;
  }

  /**
   * Resolves once every record appended so far is in the file; undefined when nothing waits to be written. Under
   * load the answers settled in one turn of the event loop share one write() at the turn's end (a write each cost
   * ~6 µs of CPU a request). When the last turn with answers waiting had one at most (a few requests at a time), the
   * turn's first is written at once instead: its group would hold nobody else, and the turn's end comes only after whatever
   * else the loop picked up (another request's parse and routing: at 1,000 requests/s a tenth of a millisecond at the p90).
   */
  whenWritten(): Promise<void> | undefined {
    if (this.unwritten === '') return undefined;
    const waiting = this.waitingInThisTurn++;
    if (waiting === 0) setImmediate(this.endTurn);
    if (waiting === 0 && !this.busy) {
      this.writeNow();
      return undefined;
    }
    return (this.group ??= new Promise((resolve) => (this.groupDone = resolve)));
  }

  /** Writes the records appended so far now (synchronously: in the kernel when this returns). Never throws. */
  writeNow(): void {
    if (this.unwritten === '') return;
    const bytes = Buffer.from(this.unwritten);
    this.unwritten = '';
    this.giveBytes(bytes);
    const done = this.groupDone;
    this.group = undefined;
    this.groupDone = undefined;
    try {
      // Everything unwritten belongs to the current segment: a segment is written out before it is sealed.
      writeSync(this.current!.fd!, bytes);
    } catch (error) {
      this.onWriteError(error, countLines(bytes));
      // The next lines go to a new file: appended here they could continue a line the failed write cut short.
      this.seal(this.current!);
    } finally {
      done?.();
    }
  }

  private readonly writeGroup = (): void => this.writeNow();

  /** The group's entries that kept their line hold it as a range of the group's bytes from now on (see JournalEntry). */
  private giveBytes(bytes: Buffer): void {
    const entries = this.unwrittenEntries;
    let start = 0;
    for (let index = 0; index < entries.length; index++) {
      const end = bytes.indexOf(JOURNAL_LINE_END, start) + 1;
      const entry = entries[index];
      if (entry.line !== undefined) {
        entry.bytes = bytes;
        entry.start = start;
        entry.end = end;
        entry.line = undefined;
      }
      start = end;
    }
    entries.length = 0;
  }

  /** The ledger's queue had no room for this entry: its record stays in the segment file only, until takeSetAside() reads it back. */
  setAside(entry: JournalEntry): void {
    (entry.segment.setAside ??= new SetAsideLines()).add(entry.index);
    this.withSetAside.add(entry.segment);
  }

  /** Whether records wait in the journal only (set aside, or in journals claimed from processes that are gone). */
  get hasSetAside(): boolean {
    return this.withSetAside.size > 0;
  }

  /** Records set aside and not read back yet (a claimed journal's count once it is read). */
  get setAsideCount(): number {
    let count = 0;
    for (const segment of this.withSetAside) count += segment.setAside?.size ?? 0;
    return count;
  }

  /**
   * Up to `limit` set-aside records (and about RECOVERY_BYTES of them) read back from their segment files, the oldest
   * first, as entries for the ledger's queue (with their line instead of the record when `keepLine`). `lost` counts
   * set-aside records their file does not hold (its write failed: a full disk); they are accounted as done so that the
   * segment can go. `finished`: segments with nothing left set aside. `failure`: a file that could not be read, after
   * which the entries read so far are returned (never thrown away). One call at a time.
   */
  async takeSetAside(limit: number, keepLine: boolean): Promise<{ entries: JournalEntry[]; lost: number; finished: number; failure?: unknown }> {
    const entries: JournalEntry[] = [];
    let lost = 0;
    let finished = 0;
    let bytes = 0;
    let failure: unknown;
    for (const segment of this.withSetAside) {
      if (entries.length >= limit || bytes >= RECOVERY_BYTES) break;
      const setAside = segment.setAside!;
      if (segment === this.current) this.writeNow();
      // Every line appended so far is whole in the file, unless its write failed (which seals the segment); a line
      // appended while the file is read may still be on its way.
      const settled = segment.fd === undefined ? Infinity : segment.appended;
      const read: ReadBack = { found: [], missing: 0, bytes: 0 };
      try {
        await readSetAside(setAside, await this.readerFor(segment), settled, { records: limit - entries.length, bytes: RECOVERY_BYTES - bytes }, keepLine, read);
      } catch (error) {
        // The file could not be read (too many open files, an I/O error): what was read so far is handed over, the rest tried later.
        failure = error;
        this.stopReading(segment);
      }
      for (const { index, record, line } of read.found) entries.push(journalEntry(segment, index, record, line));
      bytes += read.bytes;
      if (segment.claimed && read.lineCount !== undefined) segment.appended = read.lineCount;
      // A claimed journal's unreadable line is the one its process's crash cut short: that request never got its answer's last byte either.
      if (!segment.claimed) lost += read.missing;
      segment.written += read.missing;
      if (setAside.isEmpty) {
        finished++;
        this.withSetAside.delete(segment);
        this.stopReading(segment);
      }
      this.deleteIfDone(segment);
      if (failure !== undefined) break;
    }
    return { entries, lost, finished, failure };
  }

  /** The reader of `segment`'s file, going on from where the last chunk stopped (readSetAside starts it over when it must). */
  private async readerFor(segment: Segment): Promise<SegmentReader> {
    if (this.recovering?.segment === segment) return this.recovering.reader;
    await this.recovering?.reader.close();
    const reader = new SegmentReader(segment.file);
    this.recovering = { segment, reader };
    return reader;
  }

  private stopReading(segment: Segment): void {
    if (this.recovering?.segment !== segment) return;
    void this.recovering.reader.close();
    this.recovering = undefined;
  }

  /** Records of `entries` are in the database: a sealed segment whose records are all written is deleted. */
  markWritten(entries: readonly JournalEntry[]): void {
    for (const entry of entries) entry.segment.written++;
    for (const segment of new Set(entries.map((entry) => entry.segment))) this.deleteIfDone(segment);
  }

  /**
   * Claims the journals left by processes that are gone (a crash, a kill -9): each segment becomes one of this journal's,
   * all its records set aside, read back by takeSetAside() a chunk at a time — a crash after a long outage can leave far
   * more records than memory holds. Returns the number of segments claimed. Lines cut short by the crash are skipped.
   */
  claimOrphans(): number {
    let claimed = 0;
    for (const name of readdirSync(this.dir)) {
      // Journals written before host names were in them (`<pid>-<start>-<instance>-`) are this host's.
      const match = /^((?:([0-9a-f]{8})-)?(\d+)-\d+-[0-9a-f]+-)\d+\.ndjson$/.exec(name);
      if (!match || liveJournals.has(match[1]) || this.isLive(match[1], match[2] ?? thisHost, Number(match[3]))) continue;
      // Claimed by renaming it to a segment of this journal: another instance replaying at once gets ENOENT.
      const file = join(this.dir, `${this.prefix}${this.sequence++}.ndjson`);
      try {
        renameSync(join(this.dir, name), file);
      } catch {
        continue;
      }
      try {
        unlinkSync(join(this.dir, `${match[1]}alive`));
      } catch {
        // Gone already, or never written (an older journal).
      }
      // How many records it holds is known once it is read to its end: until then it is never done.
      const segment: Segment = { file, fd: undefined, appended: Infinity, written: 0, claimed: true, setAside: new SetAsideLines() };
      segment.setAside!.addFrom(0);
      this.withSetAside.add(segment);
      claimed++;
    }
    return claimed;
  }

  /** Closes the current segment; it is deleted once written (close() of the ledger writes everything first). */
  close(): void {
    if (this.recovering) this.stopReading(this.recovering.segment);
    if (this.current) this.seal(this.current);
    clearInterval(this.heartbeat);
    liveJournals.delete(this.prefix);
    try {
      unlinkSync(this.heartbeatFile);
    } catch {
      // Already gone.
    }
  }

  /** Whether the journal named by `prefix` still has a process writing it (see the file comment). */
  private isLive(prefix: string, host: string, pid: number): boolean {
    const beat = heartbeatAge(join(this.dir, `${prefix}alive`));
    if (host === thisHost) return isAlive(pid) && (beat === undefined || beat < HEARTBEAT_STALE_MS);
    return beat !== undefined && beat < HEARTBEAT_STALE_MS;
  }

  private openSegment(): Segment {
    if (this.current) return this.current;
    const file = join(this.dir, `${this.prefix}${this.sequence++}.ndjson`);
    this.current = { file, fd: openSync(file, 'a'), appended: 0, written: 0 };
    return this.current;
  }

  private seal(segment: Segment): void {
    if (segment === this.current) this.writeNow();
    if (segment.fd !== undefined) closeSync(segment.fd);
    segment.fd = undefined;
    if (this.current === segment) this.current = undefined;
    this.deleteIfDone(segment);
  }

  private deleteIfDone(segment: Segment): void {
    if (segment.fd !== undefined || segment.written < segment.appended) return;
    try {
      unlinkSync(segment.file);
    } catch {
      // Already gone.
    }
  }
}

function countLines(bytes: Buffer): number {
  let lines = 0;
  for (let index = bytes.indexOf(JOURNAL_LINE_END); index >= 0; index = bytes.indexOf(JOURNAL_LINE_END, index + 1)) lines++;
  return lines;
}

/** Milliseconds since a heartbeat file was touched; undefined when there is none. */
function heartbeatAge(file: string): number | undefined {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that wrote a journal still runs. Our own pid with a journal not open in this
 * process is an earlier run (a container restart reuses pids): gone.
 */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

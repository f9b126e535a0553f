/** Milliseconds a connection waits for another's lock (gateway workers share the file) before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * KiB of pages each connection keeps in its own cache: 2 MB, SQLite's own default. better-sqlite3 builds SQLite with
 * 16 MB (`SQLITE_DEFAULT_CACHE_SIZE=-16000`), and the writer thread's connection, touching the ledger's indexes
 * batch after batch, filled it: one malloc arena of ~20 MB in svc's RSS (bench:soak, 3 minutes: peak 309 → 294 MB).
 * A page past the cache is read again from the operating system's file cache, not from the disk; and in WAL mode the
 * main connection's cache is dropped whenever the writer commits, so a large one bought it little.
 */
const PAGE_CACHE_KIB = 2048;

/** The pragmas every svc connection to the file runs first, in order (the writer thread's included). */
export function connectionPragmas(busyTimeoutMs: number = BUSY_TIMEOUT_MS): string[] {
  return [
    `busy_timeout = ${busyTimeoutMs}`,
    // NORMAL sync is crash-safe under WAL (the main connection sets WAL, once, for the file).
    'synchronous = NORMAL',
    `cache_size = -${PAGE_CACHE_KIB}`,
  ];
}

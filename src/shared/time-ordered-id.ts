import { randomText } from './random-pool.js';

/**
 * 32 hex characters ordered by time, like a UUIDv7: 12 hex of the millisecond clock, then 80 random bits. Ids that
 * are a table's primary key (request ids in the usage ledger, response ids in the stored responses) then go to the
 * end of the key's index instead of a random page of it: 500-row batches into a SQLite ledger of 100k rows cost
 * 27–28 µs of CPU per row against 44–46 with random ids (`npm run bench:ledger-keys`), and the gap widens as the
 * table grows (PostgreSQL's B-tree alike). The random bits come from a pool (random-pool.ts), and the clock's hex is
 * reused within its millisecond: an id costs one string build.
 */
export function timeOrderedHex(): string {
  const now = Date.now();
  if (now !== clockMs) {
    clockMs = now;
    clockHex = now.toString(16).padStart(12, '0');
  }
  return clockHex + randomText(RANDOM_BYTES, 'hex');
}

const RANDOM_BYTES = 10;
let clockMs = -1;
let clockHex = '';

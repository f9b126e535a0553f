import { randomText } from '../shared/random-pool.js';

/**
 * `req_` + 32 hex characters: the id in logs, `x-svc-request-id` and `svc_metadata.request_id`, and the
 * usage ledger's primary key. Time-ordered, like a UUIDv7: 12 hex of the millisecond clock, then 80 random
 * bits. Ledger rows then go to the end of the key's index instead of a random page of it: 500-row batches
 * into a SQLite ledger of 100k rows cost 27–28 µs of CPU per row against 44–46 with random ids
 * (`npm run bench:ledger-keys`), and the gap widens as the ledger grows (PostgreSQL's B-tree alike).
 * The random bits come from a pool (random-pool.ts), and the clock's hex is reused within its millisecond: an
 * id costs one string build.
 */
export function newRequestId(): string {
  const now = Date.now();
  if (now !== clockMs) {
    clockMs = now;
    clockHex = now.toString(16).padStart(12, '0');
  }
  return `req_${clockHex}${randomText(RANDOM_BYTES, 'hex')}`;
}

const RANDOM_BYTES = 10;
let clockMs = -1;
let clockHex = '';

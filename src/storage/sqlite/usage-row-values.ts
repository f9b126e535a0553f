import { JOURNAL_LINE_END, type UsageRecord } from '../../core/storage-interfaces.js';
import { toUsageRow } from '../kysely/record-rows.js';

/**
 * A ledger record as the values of its SQLite row. A module of its own, importing nothing at run time but the
 * record-to-row conversion: the SQLite writer thread imports it to make rows from the records it is sent as text.
 */

/** The ledger table's columns, in the order toUsageRow lists them. */
export const usageColumns: readonly string[] = Object.keys(
  toUsageRow({
    request_id: '', org_id: '', key_id: null, created_at: new Date(0).toISOString(), endpoint: '', requested_model: '', model: null, provider: null, status: 0,
    prompt_tokens: 0, completion_tokens: 0, cached_tokens: 0, reasoning_tokens: 0, cache_write_tokens: 0, audio_input_tokens: 0, audio_output_tokens: 0,
    estimated: false, cost_usd: 0, baseline_cost_usd: 0, cost_attribution: 'svc',
    intelligence_mode: '', cache_hit: false, latency_ms: 0, audit: { served_model: null, routing_decision: null },
  }),
);

/**
 * A ledger row's values in the INSERT's column order: toUsageRow's own order, which usageColumns is read from (every
 * key always set, none numeric), so its values need no lookup by name: 1.7–1.9 µs a row with the line's parse, against
 * 1.8–2.2 by name (a stand-alone measure).
 */
export function usageValues(record: UsageRecord): unknown[] {
  return Object.values(toUsageRow(record));
}

/**
 * The rows of records given as the usage journal wrote them — JSON lines, each ending in a newline, in UTF-8: what the
 * writer thread runs. (JSON.stringify escapes a newline inside a string, so every newline ends a record.)
 */
export function usageValuesOfJournal(journaled: Uint8Array): unknown[][] {
  // Line by line: the batch decoded as one text (~150 KB for 200 records) would be a large object each time, which
  // only the thread's full collections reclaim.
  const bytes = Buffer.from(journaled.buffer, journaled.byteOffset, journaled.byteLength);
  const rows: unknown[][] = [];
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(JOURNAL_LINE_END, start);
    if (end === -1) end = bytes.length;
    rows.push(usageValues(JSON.parse(bytes.toString('utf8', start, end)) as UsageRecord));
    start = end + 1;
  }
  return rows;
}

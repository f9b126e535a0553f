/**
 * `npx tsx bench/journal.ts [--records N]`: the cost the write-ahead usage journal adds to a request —
 * one JSON line, written (no fsync) with the others of its turn of the event loop in one write() — measured per
 * record with groups of 1 (a request alone) and of 8, with the JSON encoding alone beside them so the cost of the
 * write itself shows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageJournal } from '../src/billing/usage-journal.js';
import type { UsageRecord } from '../src/core/storage-interfaces.js';

const { values } = parseArgs({ options: { records: { type: 'string', default: '200000' } } });
const records = Number(values.records);

function record(index: number): UsageRecord {
  return {
    request_id: `req_${index.toString(16).padStart(32, '0')}`, org_id: 'org_0123456789abcdef0123', key_id: 'key_0123456789abcdef0123', created_at: new Date().toISOString(),
    endpoint: 'chat.completions', requested_model: 'gpt-4o-mini', model: 'openai/gpt-4o-mini', provider: 'openai', status: 200,
    prompt_tokens: 1234, completion_tokens: 567, cached_tokens: 0, reasoning_tokens: 0, cache_write_tokens: 0, audio_input_tokens: 0,
    audio_output_tokens: 0, estimated: false, cost_usd: 0.00052, baseline_cost_usd: 0.0087, cost_attribution: 'svc', intelligence_mode: 'proxy',
    cache_hit: false, latency_ms: 12,
  };
}

function perRecordMicroseconds(run: (index: number) => void): number {
  for (let index = 0; index < 10_000; index++) run(index); // warm-up
  const started = process.hrtime.bigint();
  for (let index = 0; index < records; index++) run(index);
  return Number(process.hrtime.bigint() - started) / 1000 / records;
}

const dir = await mkdtemp(join(tmpdir(), 'svc-journal-bench-'));
try {
  const journal = new UsageJournal(dir);
  let sink = 0;
  const encodeOnly = perRecordMicroseconds((index) => (sink += JSON.stringify(record(index)).length));
  const alone = perRecordMicroseconds((index) => {
    journal.append(record(index));
    journal.writeNow();
  });
  const grouped = perRecordMicroseconds((index) => {
    journal.append(record(index));
    if (index % 8 === 7) journal.writeNow();
  });
  journal.close();
  process.stdout.write(
    `usage journal, ${records} records (node ${process.version}):\n` +
      `  build + JSON encode only           ${encodeOnly.toFixed(2)} µs/record\n` +
      `  + append, a write per record       ${alone.toFixed(2)} µs/record  (the write: ${(alone - encodeOnly).toFixed(2)} µs)\n` +
      `  + append, a write per 8 records    ${grouped.toFixed(2)} µs/record  (the write: ${(grouped - encodeOnly).toFixed(2)} µs)\n` +
      `  target: ≤ 20 µs per request → ${alone <= 20 ? 'met' : 'NOT met'}\n`,
  );
  if (sink < 0) process.stdout.write('');
} finally {
  await rm(dir, { recursive: true, force: true });
}

/**
 * `npm run bench:ledger-keys [-- --rows 100000 --batches 100]`: what the usage ledger's primary key costs
 * the SQLite writer. The same 500-row batches as the ledger writes go through svc's SQLite store (its schema,
 * its writer thread) into a ledger already holding `--rows` rows, once with random request ids (as svc made
 * them before: a random UUID's 32 hex) and once with svc's time-ordered ids (newRequestId). Prints the CPU
 * time of the whole process (both threads) per row written. Random keys land on a random page of the key's
 * index, so each batch dirties hundreds of pages; ordered keys append to its last ones.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { UsageRecord } from '../src/core/storage-interfaces.js';
import { newRequestId } from '../src/http/request-id.js';
import { SqliteRecordStore } from '../src/storage/sqlite/sqlite-record-store.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, batches: { type: 'string', default: '100' } } });
const BATCH = 500;
const prefillBatches = Math.ceil(Number(values.rows) / BATCH);
const measuredBatches = Number(values.batches);

const schemes: Record<string, () => string> = {
  'random ids': () => `req_${randomUUID().replace(/-/g, '')}`,
  'time-ordered ids': newRequestId,
};

function record(requestId: string): UsageRecord {
  return {
    request_id: requestId, org_id: 'org_bench', key_id: 'key_bench', created_at: new Date().toISOString(),
    endpoint: 'chat.completions', requested_model: 'gpt-4o-mini', model: 'openai/gpt-4o-mini', provider: 'openai', status: 200,
    prompt_tokens: 1234, completion_tokens: 567, cached_tokens: 0, reasoning_tokens: 0, cache_write_tokens: 0, audio_input_tokens: 0,
    audio_output_tokens: 0, estimated: false, cost_usd: 0.00052, baseline_cost_usd: 0.0087, cost_attribution: 'svc', intelligence_mode: 'proxy',
    cache_hit: false, latency_ms: 12,
  };
}

async function measure(name: string, nextId: () => string): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-bench-ledger-keys-'));
  const store = new SqliteRecordStore({ dataDir });
  try {
    await store.migrate();
    const batch = () => Array.from({ length: BATCH }, () => record(nextId()));
    for (let index = 0; index < prefillBatches; index++) await store.usage.insertUsage(batch());
    const before = process.cpuUsage();
    const started = process.hrtime.bigint();
    for (let index = 0; index < measuredBatches; index++) await store.usage.insertUsage(batch());
    const cpu = process.cpuUsage(before);
    const rows = measuredBatches * BATCH;
    const wallUs = Number(process.hrtime.bigint() - started) / 1000 / rows;
    console.log(`${name.padEnd(18)} ${((cpu.user + cpu.system) / rows).toFixed(1).padStart(6)} µs CPU per row  ${wallUs.toFixed(1).padStart(6)} µs wall per row`);
  } finally {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`usage ledger in SQLite: ${measuredBatches} batches of ${BATCH} rows into a ledger of ${prefillBatches * BATCH} rows`);
for (let round = 0; round < 2; round++) for (const [name, nextId] of Object.entries(schemes)) await measure(name, nextId);

/**
 * `npm run bench:ledger-keys [-- --rows 100000 --batches 100 --table responses]`: what the usage ledger's primary key
 * costs the SQLite writer (`--table responses`: the stored responses' key, in batches of 200 as the archive writes
 * them). The same 500-row batches as the ledger writes go through svc's SQLite store (its schema,
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
import type { StoredResponse, UsageRecord } from '../src/core/storage-interfaces.js';
import { newRequestId } from '../src/http/request-id.js';
import { timeOrderedHex } from '../src/shared/time-ordered-id.js';
import { SqliteRecordStore } from '../src/storage/sqlite/sqlite-record-store.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, batches: { type: 'string', default: '100' }, table: { type: 'string', default: 'usage' } } });
if (values.table !== 'usage' && values.table !== 'responses') throw new Error(`--table is usage or responses (got ${values.table})`);
const responses = values.table === 'responses';
const BATCH = responses ? 200 : 500;
const prefillBatches = Math.ceil(Number(values.rows) / BATCH);
const measuredBatches = Number(values.batches);

const prefix = responses ? 'resp_' : 'req_';
const schemes: Record<string, () => string> = {
  'random ids': () => `${prefix}${randomUUID().replace(/-/g, '')}`,
  'time-ordered ids': responses ? () => `resp_${timeOrderedHex()}` : newRequestId,
};

/** A short answer as the archive keeps it: the response object and the turn's conversation, as JSON. */
function storedResponse(id: string): StoredResponse {
  const createdAt = Date.now();
  const response = { id, object: 'response', created_at: Math.floor(createdAt / 1000), status: 'completed', model: 'gpt-4o-mini', output: [{ type: 'message', id: `msg_${id.slice(5)}`, role: 'assistant', content: [{ type: 'output_text', text: 'A short answer of a sentence or two.', annotations: [] }] }], usage: { input_tokens: 1234, output_tokens: 56, total_tokens: 1290 } };
  const conversation = [{ role: 'user', content: 'A question of a line.' }, { role: 'assistant', content: 'A short answer of a sentence or two.' }];
  return { id, org_id: 'org_bench', created_at: new Date(createdAt).toISOString(), expires_at: new Date(createdAt + 30 * 86_400_000).toISOString(), response: JSON.stringify(response), conversation: JSON.stringify(conversation) };
}

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
    const write = responses
      ? () => store.responses.putResponses(Array.from({ length: BATCH }, () => storedResponse(nextId())))
      : () => store.usage.insertUsage(Array.from({ length: BATCH }, () => record(nextId())));
    for (let index = 0; index < prefillBatches; index++) await write();
    const before = process.cpuUsage();
    const started = process.hrtime.bigint();
    for (let index = 0; index < measuredBatches; index++) await write();
    const cpu = process.cpuUsage(before);
    const rows = measuredBatches * BATCH;
    const wallUs = Number(process.hrtime.bigint() - started) / 1000 / rows;
    console.log(`${name.padEnd(18)} ${((cpu.user + cpu.system) / rows).toFixed(1).padStart(6)} µs CPU per row  ${wallUs.toFixed(1).padStart(6)} µs wall per row`);
  } finally {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`${responses ? 'stored responses' : 'usage ledger'} in SQLite: ${measuredBatches} batches of ${BATCH} rows into a table of ${prefillBatches * BATCH} rows`);
for (let round = 0; round < 2; round++) for (const [name, nextId] of Object.entries(schemes)) await measure(name, nextId);

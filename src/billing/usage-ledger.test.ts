import { test } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import type { UsageStore, UsageRecord } from '../storage/storage-types.js';
import { UsageLedger } from './usage-ledger.js';

const silent = pino({ level: 'silent' });

function record(index: number): UsageRecord {
  return {
    request_id: `req_${index}`, org_id: 'default', key_id: null, created_at: new Date().toISOString(), endpoint: 'chat.completions',
    requested_model: 'gpt-4o-mini', model: 'openai/gpt-4o-mini', provider: 'openai', status: 200, prompt_tokens: 1, completion_tokens: 1,
    cached_tokens: 0, reasoning_tokens: 0, cost_usd: 0, baseline_cost_usd: 0, cost_attribution: 'svc', intelligence_mode: 'proxy', cache_hit: false, latency_ms: 1,
  };
}

function fakeStore(options: { failTimes?: number } = {}) {
  const written: UsageRecord[][] = [];
  let failures = options.failTimes ?? 0;
  const store = {
    async insertUsage(batch: UsageRecord[]) {
      if (failures > 0) {
        failures--;
        throw new Error('database unavailable');
      }
      written.push([...batch]);
    },
  } as unknown as UsageStore;
  return { store, written };
}

test('records are written in batches of at most max_batch, not one by one', async () => {
  const { store, written } = fakeStore();
  const ledger = new UsageLedger(store, { flushIntervalMs: 60_000, maxBatch: 3, maxQueue: 100 }, silent);
  for (let index = 0; index < 7; index++) ledger.record(record(index));
  await ledger.close();
  assert.deepEqual(written.map((batch) => batch.length), [3, 3, 1]);
});

test('a clean stop flushes everything queued', async () => {
  const { store, written } = fakeStore();
  const ledger = new UsageLedger(store, { flushIntervalMs: 60_000, maxBatch: 500, maxQueue: 100 }, silent);
  for (let index = 0; index < 5; index++) ledger.record(record(index));
  assert.equal(written.length, 0, 'nothing is written while the caller waits');
  await ledger.close();
  assert.equal(written.flat().length, 5);
  assert.equal(ledger.pending, 0);
});

test('a failed write keeps the batch and retries it', async () => {
  const { store, written } = fakeStore({ failTimes: 1 });
  const ledger = new UsageLedger(store, { flushIntervalMs: 60_000, maxBatch: 500, maxQueue: 100 }, silent);
  ledger.record(record(1));
  await ledger.flush();
  assert.equal(ledger.pending, 1);
  await ledger.close();
  assert.equal(written.flat().length, 1);
});

test('past max_queue new records are counted as dropped, never blocking the caller', async () => {
  const { store } = fakeStore({ failTimes: 1000 });
  const ledger = new UsageLedger(store, { flushIntervalMs: 60_000, maxBatch: 1000, maxQueue: 2 }, silent);
  for (let index = 0; index < 5; index++) ledger.record(record(index));
  assert.equal(ledger.dropped, 3);
  assert.equal(ledger.pending, 2);
});

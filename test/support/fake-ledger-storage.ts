import type { UsageRecord, UsageStore } from '../../src/core/storage-interfaces.js';
import type { LedgerStorage } from '../../src/billing/usage-ledger.js';

/** A usage record of request `req_<index>`, with `overrides`. */
export function record(index: number, overrides: Partial<UsageRecord> = {}): UsageRecord {
  return {
    request_id: `req_${index}`, org_id: 'default', key_id: null, created_at: new Date().toISOString(), endpoint: 'chat.completions',
    requested_model: 'gpt-4o-mini', model: 'openai/gpt-4o-mini', provider: 'openai', status: 200, prompt_tokens: 1, completion_tokens: 1,
    cached_tokens: 0, reasoning_tokens: 0, cache_write_tokens: 0, audio_input_tokens: 0, audio_output_tokens: 0, estimated: false,
    cost_usd: 0, baseline_cost_usd: 0, cost_attribution: 'svc', intelligence_mode: 'proxy', cache_hit: false, latency_ms: 1, ...overrides,
  };
}

/** A store that refuses rows marked bad (as a database refuses a value), and can be "down". */
export function fakeStorage(state: { down?: boolean; failTimes?: number } = {}) {
  const written: UsageRecord[] = [];
  const batches: number[] = [];
  const deadLetters: Array<{ id: string; error: string }> = [];
  const usage = {
    async insertUsage(batch: UsageRecord[]) {
      if (state.down) throw new Error('connection refused');
      if ((state.failTimes ?? 0) > 0) {
        state.failTimes!--;
        throw new Error('database unavailable');
      }
      if (batch.some((row) => row.model === 'bad')) throw new Error('invalid input syntax for type bigint');
      batches.push(batch.length);
      written.push(...batch);
    },
    async insertDeadLetter(row: UsageRecord, error: string) {
      deadLetters.push({ id: row.request_id, error });
    },
  } as unknown as UsageStore;
  const storage: LedgerStorage = {
    usage,
    async ping() {
      if (state.down || (state.failTimes ?? 0) > 0) throw new Error('connection refused');
    },
  };
  return { storage, written, batches, deadLetters, state };
}

/** The fake store, taking the journal's lines as SQLite's store does (UsageStore.insertJournaledUsage); `sent` keeps what it got. */
export function journaledStorage(state: { down?: boolean } = {}) {
  const fake = fakeStorage(state);
  const sent: string[][] = [];
  fake.storage.usage.insertJournaledUsage = async (journaled: Uint8Array) => {
    const lines = Buffer.from(journaled).toString('utf8').split('\n').slice(0, -1);
    sent.push(lines);
    await fake.storage.usage.insertUsage(lines.map((line) => JSON.parse(line) as UsageRecord));
  };
  return { ...fake, sent };
}


import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { UsageRecord } from '../../src/core/storage-interfaces.js';
import { withStore, type MakeRecordStore } from './store-harness.js';

function usage(overrides: Partial<UsageRecord> = {}): UsageRecord {
  return {
    request_id: 'req_1',
    org_id: 'org_a',
    key_id: 'key_1',
    created_at: '2024-05-10T12:00:00.000Z',
    endpoint: '/v1/chat/completions',
    requested_model: 'auto',
    model: 'gpt-4o-mini',
    provider: 'openai',
    status: 200,
    prompt_tokens: 100,
    completion_tokens: 50,
    cached_tokens: 10,
    reasoning_tokens: 0,
    cache_write_tokens: 0,
    audio_input_tokens: 0,
    audio_output_tokens: 0,
    estimated: false,
    cost_usd: 0.25,
    baseline_cost_usd: 1,
    cost_attribution: 'svc',
    intelligence_mode: 'full',
    cache_hit: false,
    latency_ms: 12.5,
    ...overrides,
  };
}

function assertClose(actual: number, expected: number, message?: string): void {
  assert.equal(typeof actual, 'number', message);
  assert.ok(Math.abs(actual - expected) < 1e-9, `${message ?? 'value'}: expected ${expected}, got ${actual}`);
}

export function describeUsageStoreContract(name: string, makeStore: MakeRecordStore, options: { skip?: string } = {}): void {
  describe(`UsageStore contract: ${name}`, { skip: options.skip }, () => {
    test('usage: seconds of audio and characters are kept and summed, per endpoint too', () =>
      withStore(makeStore, async ({ usage: store }) => {
        await store.insertUsage([
          usage({ request_id: 'stt_1', endpoint: 'audio.transcriptions', prompt_tokens: 0, completion_tokens: 0, audio_seconds: 61.25 }),
          usage({ request_id: 'stt_2', endpoint: 'audio.transcriptions', prompt_tokens: 0, completion_tokens: 0, audio_seconds: 3.5 }),
          usage({ request_id: 'tts_1', endpoint: 'audio.speech', prompt_tokens: 0, completion_tokens: 0, characters: 4096 }),
          usage({ request_id: 'chat_1' }),
        ]);
        const summary = await store.summarizeUsage({ org_id: 'org_a' });
        assertClose(summary.audio_seconds, 64.75, 'audio_seconds');
        assert.equal(summary.characters, 4096);
        const byEndpoint = Object.fromEntries(summary.by_endpoint.map((row) => [row.endpoint, row]));
        assertClose(byEndpoint['audio.transcriptions'].audio_seconds, 64.75, 'transcriptions audio_seconds');
        assert.equal(byEndpoint['audio.speech'].characters, 4096);
        assert.equal(byEndpoint['/v1/chat/completions'].audio_seconds, 0);
      }));

    test('usage: batch insert, duplicate request_id ignored, totals', () =>
      withStore(makeStore, async ({ usage: store }) => {
        await store.insertUsage([
          usage({ request_id: 'req_1' }),
          usage({ request_id: 'req_2', prompt_tokens: 200, completion_tokens: 20, cached_tokens: 0, cost_usd: 0.5, baseline_cost_usd: 0.75, cache_hit: true }),
          usage({ request_id: 'req_1', prompt_tokens: 9999, cost_usd: 99 }),
        ]);
        await store.insertUsage([usage({ request_id: 'req_2', cost_usd: 99 }), usage({ request_id: 'req_3', org_id: 'org_b', prompt_tokens: 1, completion_tokens: 2, cost_usd: 0.125, baseline_cost_usd: 0.125 })]);
        await store.insertUsage([]);

        const all = await store.summarizeUsage({});
        assert.equal(all.requests, 3);
        assert.equal(all.prompt_tokens, 301);
        assert.equal(all.completion_tokens, 72);
        assert.equal(all.total_tokens, 373);
        assert.equal(all.cached_tokens, 20);
        assertClose(all.cost_usd, 0.875, 'cost_usd');
        assertClose(all.baseline_cost_usd, 1.875, 'baseline_cost_usd');
        assertClose(all.savings_usd, 1, 'savings_usd');
        assert.equal(all.cache_hits, 1, 'requests answered from a cache');
        assert.equal(all.org_id, null);
        assert.equal(all.from, null);
        assert.equal(all.to, null);

        const orgA = await store.summarizeUsage({ org_id: 'org_a' });
        assert.equal(orgA.org_id, 'org_a');
        assert.equal(orgA.requests, 2);
        assert.equal(orgA.prompt_tokens, 300);
        assertClose(orgA.cost_usd, 0.75, 'org_a cost_usd');
        assertClose(orgA.savings_usd, 1, 'org_a savings_usd');

        const nobody = await store.summarizeUsage({ org_id: 'nobody' });
        assert.deepEqual(
          { ...nobody },
          { org_id: 'nobody', from: null, to: null, requests: 0, prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, cached_tokens: 0, cost_usd: 0, baseline_cost_usd: 0, savings_usd: 0, cache_hits: 0, audio_seconds: 0, characters: 0, by_model: [], by_status: [], by_endpoint: [] },
        );
      }));

    test('usage: every billed kind of token and the estimated flag are kept; dead letters keep the row and the error', () =>
      withStore(makeStore, async ({ usage: store }) => {
        await store.insertUsage([usage({ request_id: 'detailed', cache_write_tokens: 7, audio_input_tokens: 8, audio_output_tokens: 9, reasoning_tokens: 3, estimated: true })]);
        const summary = await store.summarizeUsage({});
        assert.equal(summary.requests, 1);
        const bad = usage({ request_id: 'bad_row' });
        await store.insertDeadLetter(bad, 'invalid input syntax for type bigint: "12.5"');
        const [letter] = await store.listDeadLetters(10);
        assert.equal(letter.request_id, 'bad_row');
        assert.equal(letter.error, 'invalid input syntax for type bigint: "12.5"');
        assert.deepEqual(JSON.parse(letter.record), bad);
        // A journal replayed after a crash brings the row back, and the database refuses it again: one dead letter.
        await store.insertDeadLetter(bad, 'invalid input syntax for type bigint: "12.5"');
        assert.equal((await store.listDeadLetters(10)).length, 1);
      }));

    test('usage: a large batch is written completely', () =>
      withStore(makeStore, async ({ usage: store }) => {
        const records = Array.from({ length: 1203 }, (_, index) => usage({ request_id: `bulk_${index}`, prompt_tokens: 1 }));
        await store.insertUsage(records);
        const summary = await store.summarizeUsage({});
        assert.equal(summary.requests, 1203);
        assert.equal(summary.prompt_tokens, 1203);
      }));

    test('usage: from is inclusive, to is exclusive', () =>
      withStore(makeStore, async ({ usage: store }) => {
        await store.insertUsage([
          usage({ request_id: 'may', created_at: '2024-05-31T23:59:59.999Z' }),
          usage({ request_id: 'june_first', created_at: '2024-06-01T00:00:00.000Z' }),
          usage({ request_id: 'june_last', created_at: '2024-06-30T23:59:59.999Z' }),
          usage({ request_id: 'july_first', created_at: '2024-07-01T00:00:00.000Z' }),
        ]);
        const june = await store.summarizeUsage({ from: '2024-06-01T00:00:00.000Z', to: '2024-07-01T00:00:00.000Z' });
        assert.equal(june.requests, 2);
        assert.equal(june.from, '2024-06-01T00:00:00.000Z');
        assert.equal(june.to, '2024-07-01T00:00:00.000Z');
        // Bounds written without milliseconds compare in time, not as text.
        assert.equal((await store.summarizeUsage({ from: '2024-06-01T00:00:00Z', to: '2024-07-01T00:00:00Z' })).requests, 2);
        assert.equal((await store.summarizeUsage({ from: '2024-06-01T00:00:00.000Z' })).requests, 3);
        assert.equal((await store.summarizeUsage({ to: '2024-06-01T00:00:00.000Z' })).requests, 1);
        assert.equal((await store.summarizeUsage({ org_id: 'org_b', from: '2024-06-01T00:00:00.000Z' })).requests, 0);
      }));

    test('usage: by_model groups by model and provider with numeric totals', () =>
      withStore(makeStore, async ({ usage: store }) => {
        await store.insertUsage([
          usage({ request_id: 'r1', model: 'gpt-4o-mini', provider: 'openai', prompt_tokens: 10, completion_tokens: 5, cost_usd: 0.25, baseline_cost_usd: 0.5 }),
          usage({ request_id: 'r2', model: 'gpt-4o-mini', provider: 'openai', prompt_tokens: 20, completion_tokens: 5, cost_usd: 0.5, baseline_cost_usd: 1 }),
          usage({ request_id: 'r3', model: 'claude-3-5-haiku', provider: 'anthropic', prompt_tokens: 7, completion_tokens: 3, cost_usd: 2, baseline_cost_usd: 2 }),
          usage({ request_id: 'r4', model: null, provider: null, status: 502, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0, baseline_cost_usd: 0 }),
          usage({ request_id: 'r5', org_id: 'org_b', model: 'mistral-small', provider: 'mistral' }),
        ]);
        const summary = await store.summarizeUsage({ org_id: 'org_a' });
        assert.equal(summary.requests, 4);
        assert.equal(summary.by_model.length, 3);
        const mini = summary.by_model.find((row) => row.model === 'gpt-4o-mini');
        assert.ok(mini);
        assert.equal(mini.provider, 'openai');
        assert.equal(mini.requests, 2);
        assert.equal(mini.prompt_tokens, 30);
        assert.equal(mini.completion_tokens, 10);
        assert.equal(mini.total_tokens, 40);
        assertClose(mini.cost_usd, 0.75, 'mini cost_usd');
        assertClose(mini.baseline_cost_usd, 1.5, 'mini baseline_cost_usd');
        assertClose(mini.savings_usd, 0.75, 'mini savings_usd');
        const failed = summary.by_model.find((row) => row.model === null);
        assert.ok(failed);
        assert.equal(failed.provider, null);
        assert.equal(failed.requests, 1);
        assert.equal(summary.by_model[0]?.model, 'claude-3-5-haiku', 'most expensive model first');
        for (const row of summary.by_model) {
          for (const field of ['requests', 'prompt_tokens', 'completion_tokens', 'total_tokens', 'cached_tokens', 'cost_usd', 'baseline_cost_usd', 'savings_usd'] as const) {
            assert.equal(typeof row[field], 'number', `${field} of ${row.model} is a number`);
          }
        }
        assert.equal(summary.by_model.some((row) => row.model === 'mistral-small'), false);
        assert.deepEqual(summary.by_status, [{ status: 200, requests: 3 }, { status: 502, requests: 1 }]);
        assert.deepEqual(summary.by_endpoint.map((row) => [row.endpoint, row.requests]), [['/v1/chat/completions', 4]]);
      }));

    test('usage breakdown: per hour and per day of created_at (UTC), per model, per key; the routing columns and error codes kept', () =>
      withStore(makeStore, async ({ usage: store, audit }) => {
        await store.insertUsage([
          usage({ request_id: 'b1', created_at: '2024-05-10T12:05:00.000Z', model: 'openai/gpt-4o-mini', key_id: 'key_1', cost_usd: 0.5, baseline_cost_usd: 1, tier: 'T1', task_family: 'chat' }),
          usage({ request_id: 'b2', created_at: '2024-05-10T12:55:00.000Z', model: 'openai/gpt-4o-mini', key_id: 'key_2', cost_usd: 0.25, baseline_cost_usd: 1, tier: 'T1', task_family: 'chat' }),
          usage({ request_id: 'b3', created_at: '2024-05-10T13:00:00.000Z', model: 'anthropic/claude-sonnet-4-5', key_id: 'key_1', cost_usd: 2, baseline_cost_usd: 2, tier: 'T3', task_family: 'code' }),
          usage({ request_id: 'b4', created_at: '2024-05-11T00:00:00.000Z', model: null, provider: null, status: 429, cost_usd: 0, baseline_cost_usd: 0, prompt_tokens: 0, completion_tokens: 0, error_code: 'rate_limit_exceeded' }),
          usage({ request_id: 'b5', org_id: 'org_b', created_at: '2024-05-10T12:30:00.000Z' }),
        ]);
        const hourly = await store.usageBreakdown({ org_id: 'org_a' }, ['hour']);
        assert.deepEqual(hourly.map((row) => [row.hour, row.requests]), [['2024-05-10T12:00:00.000Z', 2], ['2024-05-10T13:00:00.000Z', 1], ['2024-05-11T00:00:00.000Z', 1]]);
        assertClose(hourly[0].cost_usd, 0.75, 'cost of the 12:00 hour');
        assertClose(hourly[0].savings_usd, 1.25, 'savings of the 12:00 hour');
        const daily = await store.usageBreakdown({ org_id: 'org_a' }, ['day', 'model']);
        assert.deepEqual(daily.map((row) => [row.day, row.model, row.requests]), [
          ['2024-05-10T00:00:00.000Z', 'anthropic/claude-sonnet-4-5', 1],
          ['2024-05-10T00:00:00.000Z', 'openai/gpt-4o-mini', 2],
          ['2024-05-11T00:00:00.000Z', null, 1],
        ]);
        const byKey = await store.usageBreakdown({ org_id: 'org_a', to: '2024-05-11T00:00:00.000Z' }, ['key']);
        assert.deepEqual(byKey.map((row) => [row.key, row.requests]), [['key_1', 2], ['key_2', 1]]);
        const routing = await store.usageBreakdown({ org_id: 'org_a' }, ['task_family', 'tier']);
        assert.deepEqual(routing.map((row) => [row.task_family, row.tier, row.requests]), [['code', 'T3', 1], ['chat', 'T1', 2], [null, null, 1]]);
        const statuses = await store.usageBreakdown({}, ['status']);
        assert.deepEqual(statuses.map((row) => [row.status, row.requests]).sort(), [[200, 4], [429, 1]]);
        const [error] = await audit.listAudit({ org_id: 'org_a', min_status: 400, limit: 10 });
        assert.equal(error.request_id, 'b4');
        assert.equal(error.error_code, 'rate_limit_exceeded');
        assert.equal((await audit.listAudit({ org_id: 'org_a', min_status: 400, limit: 10 })).length, 1);
      }));
  });
}

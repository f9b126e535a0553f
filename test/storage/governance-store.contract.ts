import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { OrgPolicy, UsageRecord } from '../../src/core/storage-interfaces.js';
import { withStore, type MakeRecordStore } from './store-harness.js';

function policy(overrides: Partial<OrgPolicy> = {}): OrgPolicy {
  return { org_id: 'org_a', rpm: 60, tpm: null, monthly_token_quota: 5_000_000_000, monthly_budget_usd: 12.5, enforce_tools: true, redact_pii: false, audit_prompts: false, semantic_cache: 'shadow', semantic_cache_note: null, updated_at: '2026-11-01T00:00:00.000Z', ...overrides };
}

/** A ledger row with audit details: the audit trail reads these rows. */
function row(overrides: Partial<UsageRecord> = {}): UsageRecord {
  return {
    request_id: 'req_1', org_id: 'org_a', key_id: 'key_1', created_at: '2026-11-01T00:00:00.000Z', endpoint: 'chat.completions', requested_model: 'gpt-4o-mini',
    model: 'openai/gpt-4o-mini', provider: 'openai', status: 200, prompt_tokens: 10, completion_tokens: 5, cached_tokens: 0, reasoning_tokens: 0, cache_write_tokens: 0,
    audio_input_tokens: 0, audio_output_tokens: 0, estimated: false, cost_usd: 0.00027, baseline_cost_usd: 0.001, cost_attribution: 'svc', intelligence_mode: 'full',
    cache_hit: false, latency_ms: 12, audit: { served_model: 'openai/gpt-4o-mini', routing_decision: 'Pinned', tool_calls: ['lookup'], redactions: { email: 2 } }, ...overrides,
  };
}

export function describeGovernanceStoreContract(name: string, makeStore: MakeRecordStore, options: { skip?: string } = {}): void {
  describe(`GovernanceStore and AuditStore contract: ${name}`, { skip: options.skip }, () => {
    test('an org policy is stored, replaced and read back (big quotas and fractional budgets kept exactly)', () =>
      withStore(makeStore, async ({ governance }) => {
        assert.equal(await governance.getPolicy('org_a'), undefined);
        assert.deepEqual(await governance.putPolicy(policy()), policy());
        assert.deepEqual(await governance.getPolicy('org_a'), policy());
        await governance.putPolicy(policy({ rpm: null, enforce_tools: false, redact_pii: true, semantic_cache: 'off', semantic_cache_note: 'measured precision 0.80 under the floor 0.95', updated_at: '2026-11-02T00:00:00.000Z' }));
        assert.deepEqual(await governance.getPolicy('org_a'), policy({ rpm: null, enforce_tools: false, redact_pii: true, semantic_cache: 'off', semantic_cache_note: 'measured precision 0.80 under the floor 0.95', updated_at: '2026-11-02T00:00:00.000Z' }));
        assert.equal(await governance.getPolicy('org_b'), undefined);
      }));

    test('tools: register, replace (keeping created_at), list per org, delete', () =>
      withStore(makeStore, async ({ governance }) => {
        const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
        await governance.putTool({ org_id: 'org_a', name: 'weather', policy: 'allow', schema, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' });
        await governance.putTool({ org_id: 'org_a', name: 'shell', policy: 'block', schema: null, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' });
        await governance.putTool({ org_id: 'org_b', name: 'weather', policy: 'block', schema: null, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' });
        const replaced = await governance.putTool({ org_id: 'org_a', name: 'weather', policy: 'block', schema: null, created_at: '2026-11-05T00:00:00.000Z', updated_at: '2026-11-05T00:00:00.000Z' });
        assert.deepEqual([replaced.policy, replaced.created_at, replaced.updated_at], ['block', '2026-11-01T00:00:00.000Z', '2026-11-05T00:00:00.000Z']);
        assert.deepEqual((await governance.listTools('org_a')).map((tool) => [tool.name, tool.policy]), [['shell', 'block'], ['weather', 'block']]);
        assert.equal(await governance.deleteTool('org_a', 'shell'), true);
        assert.equal(await governance.deleteTool('org_a', 'shell'), false);
        assert.deepEqual((await governance.listTools('org_b')).map((tool) => tool.name), ['weather']);
      }));

    test('audit: the ledger rows read as audit records (aud_<request id>), within an org, filtered, newest first', () =>
      withStore(makeStore, async ({ usage, audit: store }) => {
        await usage.insertUsage([
          row(),
          row({ request_id: 'req_2', created_at: '2026-11-02T00:00:00.000Z', status: 429, audit: { served_model: null, routing_decision: null, prompt: '[{"role":"user"}]' } }),
          row({ request_id: 'req_3', org_id: 'org_b', audit: undefined }),
        ]);
        assert.deepEqual(await store.getAudit('aud_req_1', 'org_a'), {
          id: 'aud_req_1', request_id: 'req_1', org_id: 'org_a', key_id: 'key_1', created_at: '2026-11-01T00:00:00.000Z', endpoint: 'chat.completions',
          requested_model: 'gpt-4o-mini', served_model: 'openai/gpt-4o-mini', provider: 'openai', routing_decision: 'Pinned', tool_calls: ['lookup'],
          redactions: { email: 2 }, status: 200, cost_usd: 0.00027, cache_hit: false, prompt: null, error_code: null,
        });
        assert.equal((await store.getAudit('aud_req_2'))?.prompt, '[{"role":"user"}]');
        assert.equal(await store.getAudit('aud_req_3', 'org_a'), undefined, 'another org');
        assert.deepEqual((await store.getAudit('aud_req_3'))?.tool_calls, [], 'a row without details');
        assert.equal(await store.getAudit('req_1'), undefined, 'not an audit id');
        assert.deepEqual((await store.listAudit({ org_id: 'org_a', limit: 10 })).map((record) => record.id), ['aud_req_2', 'aud_req_1']);
        assert.deepEqual((await store.listAudit({ org_id: 'org_a', status: 429, limit: 10 })).map((record) => record.id), ['aud_req_2']);
        assert.deepEqual((await store.listAudit({ from: '2026-11-01T12:00:00.000Z', limit: 10 })).map((record) => record.id), ['aud_req_2']);
        assert.equal((await store.listAudit({ limit: 2 })).length, 2);
      }));
  });
}

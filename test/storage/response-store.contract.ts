import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { StoredResponse } from '../../src/core/storage-interfaces.js';
import { withStore, type MakeRecordStore } from './store-harness.js';

function stored(overrides: Partial<StoredResponse> = {}): StoredResponse {
  return {
    id: 'resp_1',
    org_id: 'org_a',
    created_at: '2026-11-01T00:00:00.000Z',
    expires_at: '2026-12-01T00:00:00.000Z',
    response: '{"id":"resp_1","output":[]}',
    conversation: '[{"role":"user","content":"hi"}]',
    ...overrides,
  };
}

export function describeResponseStoreContract(name: string, makeStore: MakeRecordStore, options: { skip?: string } = {}): void {
  describe(`ResponseStore contract: ${name}`, { skip: options.skip }, () => {
    test('put, get by org and id; another org, an unknown id and an expired response are not found', () =>
      withStore(makeStore, async ({ responses: store }) => {
        await store.putResponses([stored(), stored({ id: 'resp_2', org_id: 'org_b' })]);
        assert.deepEqual(await store.getResponse('org_a', 'resp_1', '2026-11-15T00:00:00.000Z'), stored());
        assert.equal(await store.getResponse('org_b', 'resp_1', '2026-11-15T00:00:00.000Z'), undefined, 'another org');
        assert.equal(await store.getResponse('org_a', 'resp_9', '2026-11-15T00:00:00.000Z'), undefined);
        assert.equal(await store.getResponse('org_a', 'resp_1', '2026-12-01T00:00:00.000Z'), undefined, 'expired');
        await store.putResponses([stored({ response: '{"changed":true}' })]);
        assert.equal((await store.getResponse('org_a', 'resp_1', '2026-11-15T00:00:00.000Z'))?.response, stored().response, 'a stored id is kept');
      }));

    test('a long response (quotes, escapes, emoji and CJK text) is stored exactly as given', () =>
      withStore(makeStore, async ({ responses: store }) => {
        const text = 'Line "one"\\n\tend — 日本語のテキスト 🚀 '.repeat(400);
        const long = stored({ id: 'resp_long', response: JSON.stringify({ id: 'resp_long', output_text: text }), conversation: JSON.stringify([{ role: 'user', content: text }]) });
        await store.putResponses([long, stored({ id: 'resp_short' })]);
        assert.deepEqual(await store.getResponse('org_a', 'resp_long', '2026-11-15T00:00:00.000Z'), long);
        assert.deepEqual(await store.getResponse('org_a', 'resp_short', '2026-11-15T00:00:00.000Z'), stored({ id: 'resp_short' }));
      }));

    test('expired responses are deleted', () =>
      withStore(makeStore, async ({ responses: store }) => {
        await store.putResponses([stored(), stored({ id: 'resp_old', expires_at: '2026-11-02T00:00:00.000Z' })]);
        assert.equal(await store.deleteExpiredResponses('2026-11-10T00:00:00.000Z'), 1);
        assert.ok(await store.getResponse('org_a', 'resp_1', '2026-11-10T00:00:00.000Z'));
      }));
  });
}

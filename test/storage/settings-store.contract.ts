import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withStore, type MakeRecordStore } from './store-harness.js';

export function describeSettingsStoreContract(name: string, makeStore: MakeRecordStore, options: { skip?: string } = {}): void {
  describe(`SettingsStore contract: ${name}`, { skip: options.skip }, () => {
    test('org settings: put inserts, second put wins', () =>
      withStore(makeStore, async ({ settings: store }) => {
        assert.equal(await store.getOrgSettings('org_a'), undefined);
        const first = { org_id: 'org_a', default_intelligence_mode: 'cache' as const, updated_at: '2024-01-01T00:00:00.000Z' };
        assert.deepEqual(await store.putOrgSettings(first), first);
        assert.deepEqual(await store.getOrgSettings('org_a'), first);
        const second = { org_id: 'org_a', default_intelligence_mode: null, updated_at: '2024-02-01T00:00:00.000Z' };
        await store.putOrgSettings(second);
        assert.deepEqual(await store.getOrgSettings('org_a'), second);
        assert.equal(await store.getOrgSettings('org_b'), undefined);
      }));
  });
}

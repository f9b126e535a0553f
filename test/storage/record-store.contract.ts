import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeGovernanceStoreContract } from './governance-store.contract.js';
import { describeMemoryFactStoreContract } from './memory-fact-store.contract.js';
import { describeProviderKeyStoreContract } from './provider-key-store.contract.js';
import { describeResponseStoreContract } from './response-store.contract.js';
import { describeSettingsStoreContract } from './settings-store.contract.js';
import { withStore, type MakeRecordStore } from './store-harness.js';
import { describeTenantStoreContract } from './tenant-store.contract.js';
import { describeUsageStoreContract } from './usage-store.contract.js';

/** Every storage interface's contract suite, against one RecordStore implementation. */
export function describeRecordStoreContracts(name: string, makeStore: MakeRecordStore, options: { skip?: string } = {}): void {
  describe(`RecordStore contract: ${name}`, { skip: options.skip }, () => {
    test('ping answers and migrate can run again', () =>
      withStore(makeStore, async (store) => {
        await store.ping();
        await store.migrate();
        await store.tenants.createOrg({ id: 'org_a', name: 'A', created_at: '2024-01-01T00:00:00.000Z' });
        assert.equal((await store.tenants.listOrgs()).length, 1);
      }));
  });
  describeTenantStoreContract(name, makeStore, options);
  describeSettingsStoreContract(name, makeStore, options);
  describeUsageStoreContract(name, makeStore, options);
  describeProviderKeyStoreContract(name, makeStore, options);
  describeResponseStoreContract(name, makeStore, options);
  describeGovernanceStoreContract(name, makeStore, options);
  describeMemoryFactStoreContract(name, makeStore, options);
}

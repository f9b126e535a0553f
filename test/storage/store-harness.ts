import type { RecordStore } from '../../src/core/storage-interfaces.js';

/**
 * A fresh, migrated store per test; cleanup must close it. Each storage interface has its own contract
 * suite (tenant-store, settings-store, usage-store, provider-key-store), run against every implementation.
 */
export type MakeRecordStore = () => Promise<{ store: RecordStore; cleanup: () => Promise<void> }>;

export async function withStore(makeStore: MakeRecordStore, body: (store: RecordStore) => Promise<void>): Promise<void> {
  const { store, cleanup } = await makeStore();
  try {
    await body(store);
  } finally {
    await cleanup();
  }
}

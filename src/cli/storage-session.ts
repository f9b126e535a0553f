import { KeyIssuer } from '../auth/key-issuer.js';
import { loadCatalog, type Catalog } from '../catalog/catalog.js';
import type { GatewayConfig } from '../config/config-schema.js';
import { loadConfig } from '../config/load-config.js';
import type { RecordStore } from '../core/storage-interfaces.js';
import { openRecordStore } from '../storage/open-storage.js';

/** What an admin command works on: the configuration svc would start with and its storage (SQLite or PostgreSQL). */
export interface StorageSession {
  config: GatewayConfig;
  catalog: Catalog;
  store: RecordStore;
  issuer: KeyIssuer;
}

/** Runs `work` against the configured storage, closed afterwards whatever happens. */
export async function withStorage<T>(env: NodeJS.ProcessEnv, work: (session: StorageSession) => Promise<T>): Promise<T> {
  const catalog = await loadCatalog();
  const config = await loadConfig(env, catalog);
  const store = await openRecordStore(config.storage);
  try {
    const issuer = new KeyIssuer(store.tenants);
    await issuer.ensureDefaultOrg();
    return await work({ config, catalog, store, issuer });
  } finally {
    await store.close();
  }
}

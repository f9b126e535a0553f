import { MemorySharedState } from './memory/memory-shared-state.js';
import { PostgresRecordStore } from './postgres/postgres-record-store.js';
import { RedisSharedState } from './redis/redis-shared-state.js';
import { SqliteRecordStore } from './sqlite/sqlite-record-store.js';
import type { RecordStore, SharedState } from './storage-types.js';

/** PostgreSQL when databaseUrl is set, else SQLite under dataDir; the schema is migrated before it is returned. */
export async function openRecordStore(options: { databaseUrl?: string; dataDir: string }): Promise<RecordStore> {
  const store: RecordStore = options.databaseUrl
    ? new PostgresRecordStore({ connectionString: options.databaseUrl })
    : new SqliteRecordStore({ dataDir: options.dataDir });
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}

/**
 * Redis when redisUrl is set, else in process. Redis is not pinged here: ioredis reconnects on
 * its own, and /readyz reports an outage through ping().
 */
export async function openSharedState(options: { redisUrl?: string; keyPrefix?: string }): Promise<SharedState> {
  // Every key svc writes lives under `svc:` so a shared Redis stays readable and other tenants' keys untouched.
  return options.redisUrl ? new RedisSharedState({ url: options.redisUrl, keyPrefix: options.keyPrefix ?? 'svc:' }) : new MemorySharedState();
}

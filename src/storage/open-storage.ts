import type { Logger } from 'pino';
import { FailoverSharedState } from './failover-shared-state.js';
import { MemorySharedState } from './memory/memory-shared-state.js';
import { PostgresRecordStore } from './postgres/postgres-record-store.js';
import { RedisSharedState } from './redis/redis-shared-state.js';
import { SqliteRecordStore } from './sqlite/sqlite-record-store.js';
import type { RecordStore, SharedState } from '../core/storage-interfaces.js';

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
 * Redis when redisUrl is set, else in process. Redis is not pinged here: ioredis reconnects on its own;
 * with a logger, an outage falls back to in-process state (see FailoverSharedState) and /readyz reports it.
 */
export async function openSharedState(options: { redisUrl?: string; keyPrefix?: string; logger?: Logger }): Promise<SharedState> {
  if (!options.redisUrl) return new MemorySharedState();
  // Every key svc writes lives under `svc:` so a shared Redis stays readable and other tenants' keys untouched.
  const redis = new RedisSharedState({ url: options.redisUrl, keyPrefix: options.keyPrefix ?? 'svc:' });
  return options.logger ? new FailoverSharedState(redis, options.logger) : redis;
}

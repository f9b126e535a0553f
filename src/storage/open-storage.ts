import type { Logger } from 'pino';
import { FailoverSharedState } from './failover-shared-state.js';
import { MemorySharedState } from './memory/memory-shared-state.js';
import { SqliteRecordStore } from './sqlite/sqlite-record-store.js';
import type { RecordStore } from '../core/storage-interfaces.js';
import type { SharedState } from '../core/shared-state.js';

/*
 * The PostgreSQL and Redis drivers (pg, ioredis) are imported only when configured: loaded unused they held
 * about 13 MB of every SQLite-only instance's memory.
 */

/** PostgreSQL when databaseUrl is set, else SQLite under dataDir; the schema is migrated before it is returned. */
export async function openRecordStore(options: { databaseUrl?: string; dataDir: string; queryTimeoutMs?: number }): Promise<RecordStore> {
  const store: RecordStore = options.databaseUrl
    ? new (await import('./postgres/postgres-record-store.js')).PostgresRecordStore({ connectionString: options.databaseUrl, queryTimeoutMs: options.queryTimeoutMs })
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
  const { RedisSharedState } = await import('./redis/redis-shared-state.js');
  const redis = new RedisSharedState({ url: options.redisUrl, keyPrefix: options.keyPrefix ?? 'svc:' });
  return options.logger ? new FailoverSharedState(redis, options.logger) : redis;
}

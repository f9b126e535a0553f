import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { writeConfigFile } from './helpers.js';

/**
 * A run's own corner of the shared servers, as several gateway instances use them: a fresh PostgreSQL
 * schema and a Redis key prefix (set through a config file), given to gateways as env, removed afterwards.
 * Needs SVC_TEST_DATABASE_URL and SVC_TEST_REDIS_URL.
 */
export interface SharedStorage {
  /** SVC_DATABASE_URL (search_path = the schema), SVC_REDIS_URL and SVC_CONFIG (the key prefix). */
  env: Record<string, string>;
  schema: string;
  redisPrefix: string;
  /** A client on the database, for assertions on the rows. */
  database: pg.Client;
  cleanup(): Promise<void>;
}

export const sharedStorageSkip = process.env.SVC_TEST_DATABASE_URL && process.env.SVC_TEST_REDIS_URL ? undefined : 'SVC_TEST_DATABASE_URL and SVC_TEST_REDIS_URL are needed';

export async function prepareSharedStorage(name: string): Promise<SharedStorage> {
  const databaseUrl = process.env.SVC_TEST_DATABASE_URL!;
  const redisUrl = process.env.SVC_TEST_REDIS_URL!;
  const run = randomBytes(4).toString('hex');
  const schema = `svc_${name}_${run}`;
  const redisPrefix = `svc-${name}-${run}:`;
  const database = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await database.connect();
  await database.query(`create schema "${schema}"`);
  const configPath = await writeConfigFile(`storage:\n  redis_key_prefix: "${redisPrefix}"\n`);
  const separator = databaseUrl.includes('?') ? '&' : '?';
  return {
    env: { SVC_DATABASE_URL: `${databaseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`, SVC_REDIS_URL: redisUrl, SVC_CONFIG: configPath },
    schema,
    redisPrefix,
    database,
    async cleanup() {
      await database.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
      await database.end();
      await rm(dirname(configPath), { recursive: true, force: true });
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, retryStrategy: () => null });
      try {
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}

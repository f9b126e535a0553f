import pg from 'pg';
import { FreezingProxy } from './freezing-proxy.js';

/**
 * The test PostgreSQL (SVC_TEST_DATABASE_URL) in a schema of its own, reached through a FreezingProxy: a database the
 * test can freeze, cut or take away under a running gateway. `url` goes through the proxy; `directUrl` does not.
 */
export interface PostgresBehindProxy {
  proxy: FreezingProxy;
  url: string;
  directUrl: string;
  cleanup(): Promise<void>;
}

export async function postgresBehindProxy(databaseUrl: string, name: string): Promise<PostgresBehindProxy> {
  const schema = `svc_${name}_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema "${schema}"`);
  const proxy = await FreezingProxy.forUrl(databaseUrl, 5432);
  const inSchema = (url: string) => {
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    return withSchema.toString();
  };
  return {
    proxy,
    url: inSchema(proxy.via(databaseUrl)),
    directUrl: inSchema(databaseUrl),
    async cleanup() {
      await proxy.close();
      await admin(`drop schema if exists "${schema}" cascade`);
    },
  };
}

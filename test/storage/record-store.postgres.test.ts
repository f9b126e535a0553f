import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { openRecordStore } from '../../src/storage/open-storage.js';
import { PostgresRecordStore } from '../../src/storage/postgres/postgres-record-store.js';
import { describeRecordStoreContracts } from './record-store.contract.js';
import { FreezingProxy } from '../support/freezing-proxy.js';
import { poolDroppingTimedOutClients } from '../../src/storage/postgres/dropping-timed-out-clients.js';

/**
 * Runs against a real server from SVC_TEST_DATABASE_URL. Unset: skipped. Set but unreachable:
 * the tests fail. Every store lives in its own throw-away schema, dropped afterwards.
 */
const databaseUrl = process.env.SVC_TEST_DATABASE_URL;
const skip = databaseUrl ? undefined : 'SVC_TEST_DATABASE_URL not set';
const runSuffix = randomBytes(4).toString('hex');
const createdSchemas: string[] = [];
let storeCount = 0;

function freshSchemaName(): string {
  const schema = `svc_test_${runSuffix}_${storeCount++}`;
  createdSchemas.push(schema);
  return schema;
}

async function dropSchemas(schemas: string[]): Promise<void> {
  if (!databaseUrl || schemas.length === 0) return;
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

describeRecordStoreContracts(
  'postgres',
  async () => {
    const schema = freshSchemaName();
    const store = new PostgresRecordStore({ connectionString: databaseUrl!, schema, maxConnections: 4 });
    try {
      await store.migrate();
    } catch (error) {
      await store.close();
      throw error;
    }
    return {
      store,
      cleanup: async () => {
        await store.close();
        await dropSchemas([schema]);
      },
    };
  },
  { skip },
);

describe('PostgresRecordStore specifics', { skip }, () => {
  after(() => dropSchemas(createdSchemas));

  test('tables are created in the given schema, not in public', async () => {
    const schema = freshSchemaName();
    const store = new PostgresRecordStore({ connectionString: databaseUrl!, schema });
    try {
      await store.migrate();
      await store.tenants.createOrg({ id: 'org_a', name: 'A', created_at: '2024-01-01T00:00:00.000Z' });
    } finally {
      await store.close();
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const tables = await client.query<{ table_name: string }>(
        'select table_name from information_schema.tables where table_schema = $1 order by table_name',
        [schema],
      );
      const names = tables.rows.map((row) => row.table_name);
      for (const table of ['api_keys', 'org_settings', 'orgs', 'provider_keys', 'usage_ledger']) assert.ok(names.includes(table), `${table} in ${schema}`);
      const orgs = await client.query(`select id from "${schema}".orgs`);
      assert.deepEqual(orgs.rows, [{ id: 'org_a' }]);
    } finally {
      await client.end();
    }
  });

  test('two schemas on one server migrate independently', async () => {
    const first = new PostgresRecordStore({ connectionString: databaseUrl!, schema: freshSchemaName() });
    const second = new PostgresRecordStore({ connectionString: databaseUrl!, schema: freshSchemaName() });
    try {
      await first.migrate();
      await second.migrate();
      await first.tenants.createOrg({ id: 'only_in_first', name: 'A', created_at: '2024-01-01T00:00:00.000Z' });
      assert.equal(await second.tenants.getOrg('only_in_first'), undefined);
    } finally {
      await first.close();
      await second.close();
    }
  });

  test('openRecordStore with databaseUrl migrates into the connection\'s current schema', async () => {
    const schema = freshSchemaName();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`create schema "${schema}"`);
      // No schema option: the store must find its schema through the server's search_path.
      const separator = databaseUrl!.includes('?') ? '&' : '?';
      const store = await openRecordStore({ databaseUrl: `${databaseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`, dataDir: '/nonexistent' });
      try {
        assert.equal(store.kind, 'postgres');
        await store.tenants.createOrg({ id: 'org_a', name: 'A', created_at: '2024-01-01T00:00:00.000Z' });
      } finally {
        await store.close();
      }
      const orgs = await client.query(`select id from "${schema}".orgs`);
      assert.deepEqual(orgs.rows, [{ id: 'org_a' }]);
    } finally {
      await client.end();
    }
  });

  test('a server that stops answering fails a query after the time-out, and the store answers again once the server is back', async () => {
    const proxy = await FreezingProxy.forUrl(databaseUrl!, 5432);
    const store = new PostgresRecordStore({ connectionString: proxy.via(databaseUrl!), schema: freshSchemaName(), queryTimeoutMs: 500, maxConnections: 2 });
    try {
      await store.migrate();
      await store.tenants.createOrg({ id: 'org_a', name: 'A', created_at: '2024-01-01T00:00:00.000Z' });

      proxy.freeze();
      const startedAt = performance.now();
      await assert.rejects(store.tenants.getOrg('org_a'), /Query read timeout/);
      const waitedMs = performance.now() - startedAt;
      assert.ok(waitedMs >= 450 && waitedMs < 3000, `the query failed after ${waitedMs.toFixed(0)} ms (time-out 500 ms)`);

      // The connection that timed out is not reused (it still holds the late query): a new one answers.
      proxy.thaw();
      assert.equal((await store.tenants.getOrg('org_a'))?.name, 'A');
      assert.equal((await store.tenants.getOrg('org_a'))?.name, 'A');
    } finally {
      await store.close();
      await proxy.close();
    }
  });

  test('a connection cut under a running query fails that query without stopping the process, and the next query gets a new one', async () => {
    const proxy = await FreezingProxy.forUrl(databaseUrl!, 5432);
    const pool = poolDroppingTimedOutClients(new pg.Pool({ connectionString: proxy.via(databaseUrl!), max: 1 }));
    try {
      const client = await pool.connect();
      const running = client.query('select pg_sleep(3)', []);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // pg also emits 'error' on the client: with no listener, node:test reports an uncaught exception here.
      proxy.cut();
      await assert.rejects(running, /Connection terminated unexpectedly/);
      client.release();
      const next = await pool.connect();
      assert.deepEqual((await next.query<{ one: number }>('select 1 as one', [])).rows, [{ one: 1 }]);
      next.release();
    } finally {
      await pool.end();
      await proxy.close();
    }
  });

  test('a connection whose query timed out is not handed to the next query, which would wait behind the late one', async () => {
    const pool = poolDroppingTimedOutClients(new pg.Pool({ connectionString: databaseUrl, max: 1, query_timeout: 300 }));
    try {
      const first = await pool.connect();
      await assert.rejects(first.query('select pg_sleep(3)', []), /Query read timeout/);
      first.release();
      const startedAt = performance.now();
      const second = await pool.connect();
      assert.deepEqual((await second.query<{ one: number }>('select 1 as one', [])).rows, [{ one: 1 }]);
      second.release();
      assert.ok(performance.now() - startedAt < 1000, 'answered at once, on a new connection');
    } finally {
      await pool.end();
    }
  });

  test('an invalid schema name is refused', () => {
    assert.throws(() => new PostgresRecordStore({ connectionString: databaseUrl!, schema: 'x; drop table orgs' }), RangeError);
  });
});

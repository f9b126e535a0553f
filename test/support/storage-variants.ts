import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The two durable storages a gateway test can run on: the embedded SQLite (its data dir is the test
 * gateway's own) and PostgreSQL in a schema of its own (when SVC_TEST_DATABASE_URL is set, as in CI).
 */
export interface StorageVariant {
  name: 'sqlite' | 'postgres';
  /** Why the variant cannot run here, or undefined. */
  skip?: string;
  /** Creates the variant's database (a fresh PostgreSQL schema) and returns the gateway env that selects it. */
  prepare(): Promise<Record<string, string>>;
  /** Reads rows of the usage ledger directly from the database, bypassing svc (for assertions). */
  ledgerRows(dataDir: string, where?: { org_id?: string }): Promise<Array<Record<string, unknown>>>;
  cleanup(): Promise<void>;
}

const ledgerQuery = 'select * from usage_ledger';

export function sqliteVariant(): StorageVariant {
  return {
    name: 'sqlite',
    async prepare() {
      return {};
    },
    async ledgerRows(dataDir, where = {}) {
      const { default: Database } = await import('better-sqlite3');
      const database = new Database(`${dataDir}/svc.sqlite`, { readonly: true, fileMustExist: true });
      try {
        const rows = database.prepare(where.org_id ? `${ledgerQuery} where org_id = ?` : ledgerQuery).all(...(where.org_id ? [where.org_id] : [])) as Array<Record<string, unknown>>;
        return rows;
      } finally {
        database.close();
      }
    },
    async cleanup() {},
  };
}

function postgresVariant(): StorageVariant {
  const databaseUrl = process.env.SVC_TEST_DATABASE_URL;
  const schema = `svc_variant_${randomBytes(4).toString('hex')}`;
  const withClient = async <T>(body: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      return await body(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgres',
    skip: databaseUrl ? undefined : 'SVC_TEST_DATABASE_URL not set',
    async prepare() {
      await withClient((client) => client.query(`create schema "${schema}"`));
      const separator = databaseUrl!.includes('?') ? '&' : '?';
      return { SVC_DATABASE_URL: `${databaseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}` };
    },
    async ledgerRows(_dataDir, where = {}) {
      return withClient(async (client) => {
        const result = await client.query(where.org_id ? `select * from "${schema}".usage_ledger where org_id = $1` : `select * from "${schema}".usage_ledger`, where.org_id ? [where.org_id] : []);
        // pg gives bigint columns as strings: numbers, as SQLite gives them.
        return result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && /^-?\d+$/.test(value) && key !== 'request_id' ? Number(value) : value])));
      });
    },
    async cleanup() {
      if (databaseUrl) await withClient((client) => client.query(`drop schema if exists "${schema}" cascade`));
    },
  };
}

export function storageVariants(): StorageVariant[] {
  return [sqliteVariant(), postgresVariant()];
}

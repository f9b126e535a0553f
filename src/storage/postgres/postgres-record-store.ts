import { Kysely, PostgresDialect, sql } from 'kysely';
import { NulSafeTextPlugin } from './nul-safe-text.js';
import pg from 'pg';
import type { StorageDatabase } from '../database-schema.js';
import { KyselyRecordStore } from '../kysely/kysely-record-store.js';
import { migrateToLatest } from '../migrations/run-migrations.js';
import { poolDroppingTimedOutClients } from './dropping-timed-out-clients.js';

export interface PostgresRecordStoreOptions {
  connectionString: string;
  /** A schema of its own (created when missing), e.g. a throw-away schema per test run. */
  schema?: string;
  /** Pool size; pg's default is 10. */
  maxConnections?: number;
  /** How long a query may wait for the server's answer before it fails (QUERY_TIMEOUT_MS by default). */
  queryTimeoutMs?: number;
}

/** Lower-case unquoted identifiers only: the name is spliced into the connection's search_path option. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A dead or unreachable server makes queries fail after this long instead of waiting forever. */
const CONNECTION_TIMEOUT_MS = 5000;

/**
 * A server that stops answering (stopped, cut off by the network) fails a query after this long instead of holding it, and
 * whatever waits on it (a request's key lookup, the ledger's batch, shutdown's last flush), for ever. Long enough for the
 * slowest query svc makes (a month of a busy org's ledger summed, a migration's index).
 */
export const QUERY_TIMEOUT_MS = 60_000;

export class PostgresRecordStore extends KyselyRecordStore {
  private readonly schemaName: string | undefined;

  constructor(options: PostgresRecordStoreOptions) {
    const { connectionString, schema } = options;
    if (schema !== undefined) {
      if (!SCHEMA_NAME.test(schema)) throw new RangeError(`invalid PostgreSQL schema name: ${JSON.stringify(schema)}`);
      // pg lets the URL's own options parameter replace ours, which would silently use another schema.
      if (/[?&]options=/.test(connectionString)) {
        throw new RangeError('a schema cannot be combined with an options parameter in the connection string');
      }
    }
    const pool = new pg.Pool({
      connectionString,
      max: options.maxConnections,
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      query_timeout: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
      // TCP keep-alive: a connection whose server vanished without closing it is found dead and dropped.
      keepAlive: true,
      // Set at connection start-up by the server, so no query can ever run with another search_path.
      options: schema === undefined ? undefined : `-c search_path=${schema}`,
    });
    // An idle client whose server went away is dropped by the pool; without a listener the
    // 'error' event would crash the process. The next query reconnects, and ping() reports outages.
    pool.on('error', () => {});
    super(new Kysely<StorageDatabase>({ dialect: new PostgresDialect({ pool: poolDroppingTimedOutClients(pool) }), plugins: [new NulSafeTextPlugin()] }), 'postgres');
    this.schemaName = schema;
  }

  override async migrate(): Promise<void> {
    if (this.schemaName !== undefined) {
      await this.db.schema.createSchema(this.schemaName).ifNotExists().execute();
    }
    const schema = this.schemaName ?? (await this.currentSchema());
    await migrateToLatest(this.db, { migrationTableSchema: schema });
  }

  private async currentSchema(): Promise<string> {
    const result = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(this.db);
    const schema = result.rows[0]?.schema;
    if (!schema) throw new Error('PostgreSQL search_path names no existing schema to create the tables in');
    return schema;
  }
}

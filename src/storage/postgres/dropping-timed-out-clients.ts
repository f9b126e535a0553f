import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * pg's pool as Kysely takes it, except that a client whose query ran past pg's `query_timeout` is destroyed when it is
 * released, not handed to the next query: pg rejects the late query but leaves it running on the connection, and the
 * next query given that client would wait behind it — on a server that hangs (stopped, cut off), for ever. A new
 * connection is made in its place when one is needed.
 *
 * And a client checked out has a listener for its 'error' event: pg emits one when the connection ends under a running
 * query (a reset, a server killed, a proxy restarted) besides rejecting the query, and pg-pool listens only while the
 * client is idle — without a listener the event was an uncaught exception that stopped the process. Such a client is
 * destroyed on release too.
 */
export function poolDroppingTimedOutClients(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, TrackedClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let tracked = wrappers.get(client);
      if (!tracked) wrappers.set(client, (tracked = new TrackedClient(client)));
      tracked.unusable = undefined;
      return tracked;
    },
    end: () => pool.end(),
  };
}

class TrackedClient implements PostgresPoolClient {
  /** Why the connection must not serve another query (its query timed out, or it failed), once it is so. */
  unusable: string | undefined;

  constructor(private readonly client: pg.PoolClient) {
    // The query running when the connection failed is rejected with the same error: it is reported there.
    client.on('error', () => {
      this.unusable = 'its connection failed';
    });
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query(...args: unknown[]): unknown {
    const result = (this.client.query as (...args: unknown[]) => unknown)(...args);
    // A cursor (Kysely's streaming) is returned as it is; a query's promise notes a time-out on its way out.
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) this.unusable = 'its last query timed out';
      throw error;
    });
  }

  release(): void {
    // pg-pool destroys a client released with an error instead of keeping it.
    this.client.release(this.unusable === undefined ? undefined : new Error(this.unusable));
  }
}

/** pg's message for a query past `query_timeout` (pg/lib/client.js). */
const QUERY_READ_TIMEOUT = 'Query read timeout';

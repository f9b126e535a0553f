import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { refusedPast } from '../../src/shared/deadline.js';
import { postgresBehindProxy, type PostgresBehindProxy } from '../support/postgres-behind-proxy.js';
import { startOwnRedis, type OwnRedis } from '../support/redis-server.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { chatBody, createKey, createOrg, postChat, waitFor, writeConfigFile } from './gateway-test-helpers.js';

const databaseUrl = process.env.SVC_TEST_DATABASE_URL;

/** Past the freshness of every piece of config a request reads (API key, policy and settings 5 s, BYOK keys 10 s). */
const PAST_FRESHNESS_MS = 10_500;

/** `answer`, or a failure once `ms` have passed without it. */
const within = <T>(ms: number, answer: Promise<T>): Promise<T> => refusedPast(answer, ms, () => new Error(`no answer within ${ms} ms`));

/**
 * While PostgreSQL cannot answer, callers whose API key, org policy, settings and BYOK keys were read before keep being
 * served from what was last read: a database that hangs would otherwise hold each of their requests for the query
 * time-out (60 s) once the short caches expire, and one that is down would fail them.
 */
describe('requests while the database does not answer', { skip: databaseUrl ? undefined : 'SVC_TEST_DATABASE_URL not set' }, () => {
  let database: PostgresBehindProxy;
  let harness: TestGateway;
  let key: string;
  /** Issued before the outage, never used: svc has nothing known of it to fall back on. */
  let unseenKey: string;

  before(async () => {
    database = await postgresBehindProxy(databaseUrl!, 'outage');
    harness = await startTestGateway({ env: { SVC_DATABASE_URL: database.url } });
    const orgId = await createOrg(harness, 'Outage Org');
    key = (await createKey(harness, { org_id: orgId })).key;
    unseenKey = (await createKey(harness, { org_id: orgId })).key;
    assert.equal((await postChat(harness, chatBody(), { key })).status, 200, 'the key, policy and settings are read once');
  });
  after(async () => {
    await harness?.close();
    await database?.cleanup();
  });

  test('a known key is served from what was last read while the database hangs, then while it is gone; an unseen key gets a 503', async () => {
    database.proxy.freeze();
    const frozenAt = performance.now();
    // A key never seen cannot be checked: refused with a 503 after 5 s, not held for the query time-out (60 s).
    const unseen = await within(10_000, postChat(harness, chatBody(), { key: unseenKey }));
    const unseenMs = performance.now() - frozenAt;
    assert.equal(unseen.status, 503);
    const refusal = (await unseen.json()) as { error: { code: string; message: string } };
    assert.equal(refusal.error.code, 'service_unavailable');
    assert.match(refusal.error.message, /did not answer within 5 s: the API key could not be read/);
    assert.ok(unseenMs >= 4_500 && unseenMs < 8_000, `refused after ${unseenMs.toFixed(0)} ms`);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, PAST_FRESHNESS_MS - (performance.now() - frozenAt))));
    let startedAt = performance.now();
    const whileFrozen = await within(10_000, postChat(harness, chatBody(), { key }));
    const frozenMs = performance.now() - startedAt;
    assert.equal(whileFrozen.status, 200, await whileFrozen.clone().text());
    // Each config read is waited on for 250 ms at most: the key, then the policy and settings, then the BYOK key.
    assert.ok(frozenMs < 3_000, `answered in ${frozenMs.toFixed(0)} ms while the database hangs (its query time-out: 60 s)`);

    database.proxy.cut();
    await database.proxy.close();
    startedAt = performance.now();
    const whileGone = await within(10_000, postChat(harness, chatBody(), { key }));
    assert.equal(whileGone.status, 200, await whileGone.clone().text());

    const metrics = await (await harness.request('/metrics')).text();
    assert.match(metrics, /svc_stale_config_served_total\{what="api_key"\} [1-9]/);
    assert.match(metrics, /svc_stale_config_served_total\{what="org_policy"\} [1-9]/);
    assert.ok(harness.logLines.some((line) => line.includes('serving the API keys, policies and settings last read')), 'the outage is in the log');
  });
});

/** `storage.query_timeout_ms`: how long a query may wait for a PostgreSQL that stopped answering (60 s by default). */
describe('the query time-out is the operator\'s to set', { skip: databaseUrl ? undefined : 'SVC_TEST_DATABASE_URL not set' }, () => {
  let database: PostgresBehindProxy;
  let harness: TestGateway;

  before(async () => {
    database = await postgresBehindProxy(databaseUrl!, 'query_timeout');
    harness = await startTestGateway({ env: { SVC_DATABASE_URL: database.url, SVC_CONFIG: await writeConfigFile('storage:\n  query_timeout_ms: 500\n') } });
  });
  after(async () => {
    await harness?.close();
    await database?.cleanup();
  });

  test('an admin read of a database that hangs fails after storage.query_timeout_ms', async () => {
    // A pooled connection to freeze: the read below goes to it rather than waiting to connect.
    assert.equal((await harness.request('/v1/admin/orgs')).status, 200);
    database.proxy.freeze();
    try {
      const startedAt = performance.now();
      const response = await within(10_000, harness.request('/v1/admin/orgs'));
      const waitedMs = performance.now() - startedAt;
      assert.equal(response.status, 500, await response.clone().text());
      assert.ok(waitedMs >= 400 && waitedMs < 3_000, `failed after ${waitedMs.toFixed(0)} ms (query_timeout_ms 500)`);
    } finally {
      database.proxy.thaw();
    }
  });
});

/**
 * An outage longer than the ledger's queue holds: the records past it wait in the journal only, and every one reaches
 * the database once it answers again — read back from the journal by the running instance, not at its next start.
 */
describe('usage records past a full ledger queue', { skip: databaseUrl ? undefined : 'SVC_TEST_DATABASE_URL not set' }, () => {
  let database: PostgresBehindProxy;
  let harness: TestGateway;
  let key: string;
  let orgId: string;

  before(async () => {
    database = await postgresBehindProxy(databaseUrl!, 'ledger_backlog');
    const config = 'ledger:\n  max_queue: 6\n  max_batch: 3\n  flush_interval_ms: 50\nstorage:\n  query_timeout_ms: 1000\n';
    harness = await startTestGateway({ env: { SVC_DATABASE_URL: database.url, SVC_CONFIG: await writeConfigFile(config) } });
    orgId = await createOrg(harness, 'Backlog Org');
    key = (await createKey(harness, { org_id: orgId })).key;
  });
  after(async () => {
    await harness?.close();
    await database?.cleanup();
  });

  const requestsRecorded = async (): Promise<number> => {
    const response = await harness.request(`/v1/admin/usage?org_id=${orgId}`);
    assert.equal(response.status, 200, await response.clone().text());
    return ((await response.json()) as { requests: number }).requests;
  };

  test('all reach the database once it is back, without a restart, each once', async () => {
    assert.equal((await postChat(harness, chatBody(), { key })).status, 200, 'the key, policy and settings are read once');
    assert.equal(await requestsRecorded(), 1);
    database.proxy.freeze();
    try {
      // Within the config caches' freshness: served at once, while no ledger write can reach the database.
      const statuses = await Promise.all(Array.from({ length: 20 }, () => within(5_000, postChat(harness, chatBody(), { key })).then((response) => response.status)));
      assert.deepEqual(statuses, Array(20).fill(200));
      const metrics = await (await harness.request('/metrics')).text();
      const setAside = Number(/^svc_ledger_set_aside (\d+)$/m.exec(metrics)?.[1]);
      assert.ok(setAside >= 20 - 6, `${setAside} records wait in the journal only (the queue holds 6)`);
    } finally {
      database.proxy.thaw();
    }
    await waitFor(async () => (await requestsRecorded()) >= 21, 15_000, 100);
    assert.equal(await requestsRecorded(), 21, 'every request of the outage is in the ledger, and none twice');
    assert.match(await (await harness.request('/metrics')).text(), /^svc_ledger_set_aside 0$/m);
  });
});

/**
 * Redis restarted empty while PostgreSQL hangs: a monthly budget's counter must be seeded from the ledger again, and the
 * ledger cannot be read. The request is refused with a 503 after 5 s rather than held for the query time-out (twice:
 * the ledger's flush, then the sum), and the budget is checked again once the database answers.
 */
describe('a monthly budget to seed while the database does not answer', { skip: databaseUrl ? undefined : 'SVC_TEST_DATABASE_URL not set' }, () => {
  let database: PostgresBehindProxy;
  let redis: OwnRedis;
  let harness: TestGateway;
  let key: string;

  before(async () => {
    database = await postgresBehindProxy(databaseUrl!, 'budget_seeding');
    redis = await startOwnRedis();
    const config = 'storage:\n  query_timeout_ms: 30000\n';
    harness = await startTestGateway({ env: { SVC_DATABASE_URL: database.url, SVC_REDIS_URL: redis.url, SVC_CONFIG: await writeConfigFile(config) } });
    const orgId = await createOrg(harness, 'Seeding Org');
    key = (await createKey(harness, { org_id: orgId, monthly_budget_usd: 5 })).key;
  });
  after(async () => {
    await harness?.close();
    await redis?.stop();
    await database?.cleanup();
  });

  test('is refused with a 503 within seconds, then served once the database answers', async () => {
    assert.equal((await postChat(harness, chatBody(), { key })).status, 200, "the key's counter seeded, its config read");
    await redis.stop();
    await redis.start(); // empty: the month's counter is gone
    database.proxy.freeze();
    let refused: Response;
    const startedAt = performance.now();
    try {
      refused = await within(15_000, postChat(harness, chatBody(), { key }));
    } finally {
      database.proxy.thaw();
    }
    const waitedMs = performance.now() - startedAt;
    assert.equal(refused.status, 503, await refused.clone().text());
    const body = (await refused.json()) as { error: { code: string; message: string } };
    assert.equal(body.error.code, 'service_unavailable');
    assert.match(body.error.message, /did not answer within 5 s: this month's usage of the key \S+ could not be read to check its monthly quota or budget/);
    assert.ok(waitedMs >= 4_500 && waitedMs < 9_000, `refused after ${waitedMs.toFixed(0)} ms (query time-out 30 s)`);
    const served = await within(15_000, postChat(harness, chatBody(), { key }));
    assert.equal(served.status, 200, await served.clone().text());
  });
});

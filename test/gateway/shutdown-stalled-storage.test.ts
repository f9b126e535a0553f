import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBehindProxy, type PostgresBehindProxy } from '../support/postgres-behind-proxy.js';
import { startTestGateway } from '../support/test-gateway.js';
import { chatBody, postChat, waitFor } from './gateway-test-helpers.js';

const databaseUrl = process.env.SVC_TEST_DATABASE_URL;
const shutdownTimeoutMs = 1_000;

/**
 * A stop on SIGTERM while PostgreSQL has stopped answering (a network cut, a frozen server): svc still stops within
 * `server.shutdown_timeout_ms` and the few seconds it gives the queued records, rather than waiting on its queries'
 * 60 s time-out once per retry; the records it could not write stay in the journal, and the next start writes them.
 */
describe('shutdown while the database does not answer', { skip: databaseUrl ? undefined : 'SVC_TEST_DATABASE_URL not set' }, () => {
  let database: PostgresBehindProxy;
  let dataDir: string;
  let configFile: string;

  before(async () => {
    database = await postgresBehindProxy(databaseUrl!, 'stalled');
    dataDir = await mkdtemp(join(tmpdir(), 'svc-stalled-'));
    configFile = join(dataDir, 'svc.yaml');
    // Only the flush at the stop may write the ledger: its timer's interval is far beyond the test.
    await writeFile(configFile, `server:\n  shutdown_timeout_ms: ${shutdownTimeoutMs}\nledger:\n  flush_interval_ms: 600000\n`);
  });
  after(async () => {
    await database.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('the stop ends within its time-out and the grace for the queues; the next start writes the journaled records', async () => {
    const env = { SVC_DATA_DIR: join(dataDir, 'data'), SVC_CONFIG: configFile, SVC_ENCRYPTION_KEY: 'svc-test-encryption-key' };
    const calls = 3;
    const first = await startTestGateway({ env: { ...env, SVC_DATABASE_URL: database.url } });
    let stopMs: number;
    try {
      for (let call = 0; call < calls; call++) {
        first.mock.enqueueReply({ content: 'journaled', usage: { input: 10, output: 5 } });
        assert.equal((await postChat(first, chatBody())).status, 200);
      }
      database.proxy.freeze();
      const stopping = Date.now();
      await first.close();
      stopMs = Date.now() - stopping;
    } finally {
      // Cut, not thawed: the first gateway's late insert must never reach the server, so only the journal can bring the rows.
      await database.proxy.close();
    }
    // shutdown_timeout_ms (1 s, nothing in flight) + the queues' 5 s grace, with room for a slow machine; without the
    // bound the stop waited for the queries' 60 s time-out, five times over.
    assert.ok(stopMs < shutdownTimeoutMs + 5_000 + 3_000, `the stop took ${stopMs} ms`);
    assert.ok(first.logLines.some((line) => line.includes('stay in the journal')), 'the stop says where the records are');

    const second = await startTestGateway({ env: { ...env, SVC_DATABASE_URL: database.directUrl } });
    try {
      await second.gateway.services.ledger.flush();
      let usage: Record<string, unknown> = {};
      const written = await waitFor(async () => {
        usage = await (await second.request('/v1/admin/usage?org_id=default')).json();
        return usage.requests === calls;
      }, 10_000);
      assert.ok(written, `the journaled records are written at the next start: ${JSON.stringify(usage)}`);
      assert.equal(usage.prompt_tokens, 10 * calls);
      assert.equal(usage.completion_tokens, 5 * calls);
    } finally {
      await second.close();
    }
  });
});

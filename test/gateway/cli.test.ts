import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestGateway } from '../support/test-gateway.js';
import { chatBody, expectError, postChat } from './gateway-test-helpers.js';
import { printed, runCli } from './cli-helpers.js';

describe('the svc command line', () => {
  let dataDir: string;
  let env: Record<string, string>;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
    env = { SVC_DATA_DIR: dataDir, SVC_MASTER_KEY: 'cli-test-master-key' };
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  describe('orgs and keys against the configured storage, then served by a gateway', () => {
    let orgId: string;
    let kept: { id: string; key: string };
    let revoked: { id: string; key: string };

    test('svc orgs create Acme prints the org as JSON', async () => {
      const org = printed(await runCli(['orgs', 'create', 'Acme', '--json'], env));
      assert.equal(org.name, 'Acme');
      assert.equal(typeof org.id, 'string');
      orgId = org.id;
    });

    test('svc keys create --org ID --scopes api prints the key, with its secret, once', async () => {
      const result = await runCli(['keys', 'create', '--org', orgId, '--scopes', 'api', '--json'], env);
      kept = printed(result);
      assert.equal(typeof kept.id, 'string');
      assert.equal(typeof kept.key, 'string');
      assert.ok(kept.key.length >= 32);
      assert.deepEqual((kept as unknown as { scopes: string[] }).scopes, ['api']);
      assert.match(result.stderr, /once/i, 'the user is told the secret is shown only once');
      revoked = printed(await runCli(['keys', 'create', '--org', orgId, '--json'], env));
      assert.notEqual(revoked.key, kept.key);
    });

    test('svc keys list never prints a secret', async () => {
      const result = await runCli(['keys', 'list', '--org', orgId, '--json'], env);
      const keys = printed(result) as Array<{ id: string }>;
      assert.deepEqual(keys.map((key) => key.id).sort(), [kept.id, revoked.id].sort());
      assert.ok(!result.stdout.includes(kept.key) && !result.stdout.includes(revoked.key));
    });

    test('svc keys revoke ID revokes the key', async () => {
      const result = printed(await runCli(['keys', 'revoke', revoked.id, '--json'], env));
      assert.equal(result.id, revoked.id);
    });

    test('svc keys revoke of an unknown id fails with a message', async () => {
      const result = await runCli(['keys', 'revoke', 'key_does_not_exist'], env);
      assert.notEqual(result.code, 0);
      assert.match(result.stderr, /key_does_not_exist/);
    });

    test('a gateway on that data dir rejects the revoked key and serves the other one for its org', async () => {
      const harness = await startTestGateway({ env: { SVC_DATA_DIR: dataDir } });
      try {
        await expectError(await postChat(harness, chatBody(), { key: revoked.key }), { status: 401, type: 'authentication_error', code: 'revoked_api_key' });
        const response = await postChat(harness, chatBody(), { key: kept.key });
        assert.equal(response.status, 200, await response.text());
        const settings = await (await harness.request('/v1/settings', { key: kept.key })).json();
        assert.equal(settings.org_id, orgId);
      } finally {
        await harness.close();
      }
    });
  });

  describe('usage and errors', { concurrency: true }, () => {
    test('--help prints the usage and exits 0', async () => {
      const result = await runCli(['--help'], env);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /usage/i);
      assert.match(result.stdout, /serve/);
      assert.match(result.stdout, /keys create/);
    });

    test('an unknown command exits 2 and says so', async () => {
      const result = await runCli(['frobnicate'], env);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /unknown command/i);
      assert.match(result.stderr, /frobnicate/);
    });

    test('svc keys create without --org exits 2 with the usage', async () => {
      const result = await runCli(['keys', 'create'], env);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /--org/);
    });

    test('svc serve with a config file holding an unknown key exits non-zero naming the file and the key', async () => {
      const configFile = join(dataDir, 'bad-config.yaml');
      await writeFile(configFile, 'server:\n  port: 0\n  colour: blue\n');
      const result = await runCli(['serve'], { ...env, SVC_CONFIG: configFile, PORT: '0' }, 15_000);
      assert.equal(result.killed, false, 'svc serve must not start with an invalid config');
      assert.ok(result.code !== null && result.code !== 0, `exit code ${result.code}`);
      assert.ok(result.stderr.includes(configFile), `the message names the file: ${result.stderr}`);
      assert.match(result.stderr, /colour/);
      assert.match(result.stderr, /allowed keys: host, port\b/, 'the allowed keys are listed');
    });
  });

});

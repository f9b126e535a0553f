import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestGateway } from '../support/test-gateway.js';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server.js';
import { chatBody, postChat } from './gateway-test-helpers.js';
import { printed, runCli } from './cli-helpers.js';

// The svc command line's daily work, a file of its own beside cli.test.ts: each command starts a process, and
// together they outlast one test file's time limit on a slow machine.
describe('the svc command line, daily work', () => {
  let dataDir: string;
  let env: Record<string, string>;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'svc-cli-daily-'));
    env = { SVC_DATA_DIR: dataDir, SVC_MASTER_KEY: 'cli-test-master-key' };
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  describe('daily work: limits and scopes, usage, BYOK, config check', () => {
    let orgId: string;

    before(async () => {
      orgId = printed(await runCli(['orgs', 'create', 'Daily', '--json'], env)).id;
    });

    test('svc keys create with scopes and every limit; svc keys list shows them in a table for people', async () => {
      const created = printed(await runCli(['keys', 'create', '--org', orgId, '--name', 'ci', '--scopes', 'api,metrics', '--rpm', '60', '--tpm', '9000', '--monthly-token-quota', '1000000', '--monthly-budget-usd', '12.5', '--json'], env));
      assert.deepEqual(created.scopes, ['api', 'metrics']);
      assert.equal(created.rpm, 60);
      assert.equal(created.tpm, 9000);
      assert.equal(created.monthly_token_quota, 1_000_000);
      assert.equal(created.monthly_budget_usd, 12.5);
      const table = await runCli(['keys', 'list', '--org', orgId], env);
      assert.equal(table.code, 0, table.stderr);
      const [header, row] = table.stdout.trim().split('\n');
      assert.match(header, /^ID\s+ORG\s+NAME\s+PREFIX\s+SCOPES\s+LIMITS\s+STATE$/);
      assert.ok(row.startsWith(created.id));
      assert.match(row, /rpm 60, tpm 9000, 1000000 tokens\/month, \$12\.5\/month\s+active$/);
      assert.ok(!table.stdout.includes(created.key), 'no secret in the list');
    });

    test('a malformed or refused limit exits 2 with the reason; an unknown org exits 1', async () => {
      const notNumber = await runCli(['keys', 'create', '--org', orgId, '--rpm', 'lots'], env);
      assert.equal(notNumber.code, 2);
      assert.match(notNumber.stderr, /--rpm must be a number \(got "lots"\)/);
      const negative = await runCli(['keys', 'create', '--org', orgId, '--rpm', '-5'], env);
      assert.equal(negative.code, 2);
      assert.match(negative.stderr, /rpm/);
      const unknownOrg = await runCli(['keys', 'create', '--org', 'org_nobody'], env);
      assert.equal(unknownOrg.code, 1);
      assert.match(unknownOrg.stderr, /org_nobody does not exist/);
    });

    test('svc usage --org: the requests a gateway served for the org, priced from the catalog', async () => {
      const key = printed(await runCli(['keys', 'create', '--org', orgId, '--json'], env)).key;
      const harness = await startTestGateway({ env: { SVC_DATA_DIR: dataDir } });
      try {
        harness.mock.enqueueReply({ content: 'priced', usage: { input: 1000, output: 200 } });
        assert.equal((await postChat(harness, chatBody({ model: 'openai/gpt-4o-mini' }), { key, headers: { 'x-intelligence-mode': 'proxy' } })).status, 200);
      } finally {
        await harness.close(); // the ledger is written by then
      }
      const usage = printed(await runCli(['usage', '--org', orgId, '--json'], env));
      assert.equal(usage.requests, 1);
      assert.equal(usage.prompt_tokens, 1000);
      assert.equal(usage.completion_tokens, 200);
      // gpt-4o-mini in the catalog: 0.15 USD per million input tokens, 0.60 per million output tokens.
      assert.ok(Math.abs(usage.cost_usd - 0.00027) < 1e-12, `cost ${usage.cost_usd}`);
      assert.equal(usage.by_model[0].model, 'openai/gpt-4o-mini');
      const text = await runCli(['usage', '--org', orgId], env);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /requests 1 .*tokens 1200 \(1000 in, 200 out\)/);
      assert.match(text.stdout, /cost \$0\.000270/);
      const missing = await runCli(['usage'], env);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--org is required/);
    });

    test('svc byok set (key from stdin), list and delete: the org’s requests go out with its own key, then the platform’s again', async () => {
      const set = await runCli(['byok', 'set', '--org', orgId, '--provider', 'openai', '--key', '-', '--json'], env, 20_000, 'sk-org-own-key\n');
      assert.deepEqual(printed(set), { org_id: orgId, provider: 'openai', base_url: null, configured: true });
      const listed = await runCli(['byok', 'list', '--org', orgId, '--json'], env);
      assert.deepEqual((printed(listed) as Array<{ provider: string }>).map((row) => row.provider), ['openai']);
      assert.ok(!listed.stdout.includes('sk-org-own-key'), 'the key is never printed');
      const key = printed(await runCli(['keys', 'create', '--org', orgId, '--json'], env)).key;
      const harness = await startTestGateway({ env: { SVC_DATA_DIR: dataDir } });
      try {
        assert.equal((await postChat(harness, chatBody(), { key })).status, 200);
        assert.equal(harness.mock.requests.at(-1)!.apiKey, 'sk-org-own-key');
      } finally {
        await harness.close();
      }
      assert.equal((await runCli(['byok', 'delete', '--org', orgId, '--provider', 'openai'], env)).code, 0);
      const again = await runCli(['byok', 'delete', '--org', orgId, '--provider', 'openai'], env);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /has no openai key/);
      const unknown = await runCli(['byok', 'set', '--org', orgId, '--provider', 'nobody', '--key', 'x'], env);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /unknown provider "nobody"/);
    });

    test('svc config check FILE: a valid file says what it configures (0); an invalid one lists every problem (1)', async () => {
      const good = join(dataDir, 'good.yaml');
      await writeFile(good, 'server: { port: 9090, workers: 2 }\nproviders:\n  openai: { api_keys: [sk-a, sk-b] }\ndefaults: { intelligence_mode: cache }\n');
      const valid = printed(await runCli(['config', 'check', good, '--json'], env));
      assert.equal(valid.valid, true);
      assert.equal(valid.workers, 2);
      // Two workers without Redis: valid, with the warning that each counts the limits on its own.
      assert.equal(valid.warnings.length, 1);
      assert.match(valid.warnings[0], /server\.workers is 2 without SVC_REDIS_URL.*each worker counts rate limits, quotas and budgets on its own/);
      const shared = join(dataDir, 'shared.yaml');
      await writeFile(shared, 'server: { workers: 2 }\nstorage: { redis_url: "redis://127.0.0.1:6379" }\n');
      assert.deepEqual(printed(await runCli(['config', 'check', shared, '--json'], env)).warnings, []);
      const forPeople = await runCli(['config', 'check', join(dataDir, 'good.yaml')], env);
      assert.match(forPeople.stdout, /warning: server\.workers is 2 without SVC_REDIS_URL/);
      assert.equal(valid.default_intelligence_mode, 'cache');
      assert.deepEqual(valid.providers.map((provider: { id: string; keys: number }) => [provider.id, provider.keys]), [['openai', 2]]);
      const bad = join(dataDir, 'bad.yaml');
      await writeFile(bad, 'server: { port: 99999, colour: blue }\ndefaults: { intelligence_mode: turbo }\n');
      const invalid = await runCli(['config', 'check', bad], env);
      assert.equal(invalid.code, 1);
      assert.match(invalid.stdout, /bad\.yaml: invalid/);
      assert.match(invalid.stdout, /colour/);
      assert.match(invalid.stdout, /port/);
      assert.match(invalid.stdout, /intelligence_mode/);
      const missing = await runCli(['config', 'check', join(dataDir, 'nowhere.yaml'), '--json'], env);
      assert.equal(missing.code, 1);
      assert.equal(JSON.parse(missing.stdout).valid, false);
    });
  });

  describe('svc doctor', () => {
    let mock: MockUpstream;

    before(async () => {
      mock = await startMockUpstream();
    });
    after(() => mock.close());

    test('a broken provider key is reported clearly, the working one as accepted; exit 1', async () => {
      mock.enqueueFault({ status: 401, apiKey: 'sk-broken-key', message: 'Incorrect API key provided: sk-broke***-key.', errorType: 'invalid_api_key' });
      const result = await runCli(['doctor', '--json'], { ...env, OPENAI_API_KEY: 'sk-good-key,sk-broken-key', OPENAI_BASE_URL: `${mock.url}/v1`, ANTHROPIC_API_KEY: 'sk-ant-good', ANTHROPIC_BASE_URL: mock.url });
      assert.equal(result.code, 1, result.stderr);
      const report = JSON.parse(result.stdout);
      assert.equal(report.ok, false);
      const byName = (name: string) => report.checks.filter((check: { check: string }) => check.check === name);
      assert.equal(byName('storage')[0].status, 'ok');
      assert.equal(byName('redis')[0].status, 'skipped');
      const openai = byName('provider openai');
      assert.equal(openai.length, 2, 'every key of the pool is checked');
      const broken = openai.find((check: { detail: string; status: string }) => check.detail.includes('…-key') && check.status === 'failed');
      assert.ok(broken, JSON.stringify(openai));
      assert.match(broken.detail, /key …-key: REJECTED by the provider \(HTTP 401\): Incorrect API key provided/);
      assert.ok(openai.some((check: { status: string; detail: string }) => check.status === 'ok' && /key …-key: accepted \(HTTP 200\)/.test(check.detail)));
      assert.equal(byName('provider anthropic')[0].status, 'ok');
      assert.ok(!result.stdout.includes('sk-broken-key') && !result.stdout.includes('sk-good-key'), 'no key is printed whole');
      // The checks went to each provider's listing with its own auth header.
      assert.ok(mock.requests.some((request) => request.method === 'GET' && request.path === '/v1/models' && request.headers['x-api-key'] === 'sk-ant-good' && request.headers['anthropic-version'] !== undefined));
    });

    test('all well: exit 0 and a line per check for people; Redis down: exit 1 naming it', async () => {
      const healthy = await runCli(['doctor'], { ...env, OPENAI_API_KEY: 'sk-good-key', OPENAI_BASE_URL: `${mock.url}/v1` });
      assert.equal(healthy.code, 0, healthy.stdout + healthy.stderr);
      assert.match(healthy.stdout, /^ok\s+storage\s+SQLite in .* opens/m);
      assert.match(healthy.stdout, /^ok\s+provider openai\s+key …-key: accepted \(HTTP 200\)/m);
      assert.match(healthy.stdout, /svc is ready to serve\./);
      const redisDown = await runCli(['doctor', '--json'], { ...env, OPENAI_API_KEY: 'sk-good-key', OPENAI_BASE_URL: `${mock.url}/v1`, SVC_REDIS_URL: 'redis://127.0.0.1:1' });
      assert.equal(redisDown.code, 1);
      const redis = JSON.parse(redisDown.stdout).checks.find((check: { check: string }) => check.check === 'redis');
      assert.equal(redis.status, 'failed');
      assert.match(redis.detail, /redis:\/\/127\.0\.0\.1:1 does not answer/);
    });

    test('several workers without Redis: a warning line, and still exit 0', async () => {
      const config = join(dataDir, 'two-workers.yaml');
      await writeFile(config, 'server: { workers: 2 }\n');
      const result = await runCli(['doctor'], { ...env, SVC_CONFIG: config, OPENAI_API_KEY: 'sk-good-key', OPENAI_BASE_URL: `${mock.url}/v1` });
      assert.equal(result.code, 0, result.stdout + result.stderr);
      assert.match(result.stdout, /^WARN\s+deployment\s+server\.workers is 2 without SVC_REDIS_URL/m);
      assert.match(result.stdout, /svc is ready to serve\./);
    });
  });
});

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server.js';
import { storageVariants } from '../support/storage-variants.js';
import { waitFor } from '../support/helpers.js';

/**
 * Nothing confirmed is lost on a crash: N requests answered 200, then `kill -9`, then a restart on the
 * same data: exactly N ledger rows. The ledger's database writes are held back (flush every 10 minutes),
 * so every row has to come back from the write-ahead journal.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const masterKey = 'svc-crash-master-key';
const REQUESTS = 60;

interface RunningGateway {
  url: string;
  child: ChildProcess;
}

async function startGatewayProcess(env: Record<string, string>): Promise<RunningGateway> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], { cwd: root, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
  const listening = await waitFor(() => /"address":"(http:\/\/[^"]+)"/.test(output), 20_000, 50);
  if (!listening) {
    child.kill('SIGKILL');
    throw new Error(`the gateway did not start:\n${output}`);
  }
  return { url: /"address":"(http:\/\/[^"]+)"/.exec(output)![1], child };
}

async function kill9(gateway: RunningGateway): Promise<void> {
  const exited = new Promise((resolve) => gateway.child.once('exit', resolve));
  gateway.child.kill('SIGKILL');
  await exited;
}

for (const variant of storageVariants()) {
  describe(`a crash loses no confirmed usage (${variant.name})`, { skip: variant.skip }, () => {
    let mock: MockUpstream;
    let dataDir: string;
    let env: Record<string, string>;
    const running: RunningGateway[] = [];

    before(async () => {
      mock = await startMockUpstream();
      dataDir = await mkdtemp(join(tmpdir(), 'svc-crash-'));
      const configPath = join(dataDir, 'svc.yaml');
      await writeFile(configPath, 'ledger:\n  flush_interval_ms: 600000\n  max_batch: 100000\n');
      env = {
        ...(await variant.prepare()),
        PORT: '0',
        HOST: '127.0.0.1',
        SVC_DATA_DIR: join(dataDir, 'data'),
        SVC_CONFIG: configPath,
        SVC_MASTER_KEY: masterKey,
        SVC_LOG_LEVEL: 'info',
        OPENAI_API_KEY: 'sk-crash-test',
        OPENAI_BASE_URL: `${mock.url}/v1`,
      };
    });
    after(async () => {
      for (const gateway of running) if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
      await mock?.close();
      await rm(dataDir, { recursive: true, force: true });
      await variant.cleanup();
    });

    test(`${REQUESTS} answered requests, kill -9, restart: exactly ${REQUESTS} rows`, async () => {
      const first = await startGatewayProcess(env);
      running.push(first);
      // Half of them streamed and read to their [DONE]: a stream's closing events wait for its record's write too.
      const ask = (stream: boolean) =>
        fetch(`${first.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${masterKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'hi' }] }),
        }).then(async (response) => {
          const text = await response.text();
          if (stream) assert.ok(text.trimEnd().endsWith('data: [DONE]'), 'the stream was read to its end');
          return response.status;
        });
      const statuses: number[] = [];
      for (let batch = 0; batch < REQUESTS / 10; batch++) statuses.push(...(await Promise.all(Array.from({ length: 10 }, () => ask(batch % 2 === 1)))));
      assert.deepEqual(new Set(statuses), new Set([200]));
      await kill9(first);
      const journal = await readdir(join(dataDir, 'data', 'usage-journal'));
      assert.ok(journal.length > 0, 'the killed process left its journal');

      const second = await startGatewayProcess(env);
      running.push(second);
      const usage = async () =>
        (await (await fetch(`${second.url}/v1/admin/usage?org_id=default`, { headers: { authorization: `Bearer ${masterKey}` } })).json()) as { requests: number; prompt_tokens: number };
      assert.ok(await waitFor(async () => (await usage()).requests >= REQUESTS, 15_000, 100), 'the journal is replayed');
      const summary = await usage();
      assert.equal(summary.requests, REQUESTS, 'exactly one row per answered request');
      assert.equal(summary.prompt_tokens, REQUESTS * 1, "the mock's default usage for 'hi': 1 prompt token each (ceil of 2 characters / 4)");
      assert.ok(await waitFor(async () => (await readdir(join(dataDir, 'data', 'usage-journal'))).every((name) => name.includes(`-${second.child.pid}-`)), 5000), 'the replayed journal is deleted once written');
      await kill9(second);
    });
  });
}

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { workerEnvironment } from '../../src/cli/serve.js';
import { machineEnvironment } from './cli-helpers.js';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A process's environment as Linux shows it (what it was started with). */
function environmentOf(pid: number): Map<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return new Map(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

test("a forked worker's malloc arenas are capped at two, unless the operator chose a number", () => {
  assert.deepEqual(workerEnvironment({}), { MALLOC_ARENA_MAX: '2' });
  assert.deepEqual(workerEnvironment({ MALLOC_ARENA_MAX: '8' }), {}, "the operator's value is inherited as it is");
});

test('svc serve with server.workers 2: two workers on one port, each started with MALLOC_ARENA_MAX=2; one killed is replaced; SIGTERM stops them all', { skip: process.platform !== 'linux' }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-workers-'));
  const config = join(dataDir, 'svc.yaml');
  await writeFile(config, 'server: { host: 127.0.0.1, port: 0, workers: 2 }\n');
  const env = machineEnvironment(/^MALLOC_ARENA_MAX$/);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: projectRoot,
    env: { ...env, SVC_CONFIG: config, SVC_DATA_DIR: dataDir, SVC_MASTER_KEY: 'workers-test-master-key' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const log: string[] = [];
  const listening: Array<{ pid: number; address: string }> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    log.push(line);
    const entry = JSON.parse(line) as { msg: string; pid?: number; address?: string };
    if (entry.msg === 'svc listening') listening.push({ pid: entry.pid!, address: entry.address! });
  });
  /** Resolves once `count` workers have said they listen (polled, with a deadline). */
  const listeningWorkers = async (count: number) => {
    const deadline = Date.now() + 60_000;
    while (listening.length < count) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${count} workers did not listen within 60 s; log:\n${log.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return listening.slice(0, count);
  };
  try {
    const [first, second] = await listeningWorkers(2);
    assert.notEqual(first.pid, second.pid);
    assert.equal(first.address, second.address, 'the workers share one listening socket');
    for (const { pid } of [first, second]) {
      assert.notEqual(pid, child.pid, 'a worker, not the primary');
      assert.equal(environmentOf(pid).get('MALLOC_ARENA_MAX'), '2');
    }
    assert.equal(environmentOf(child.pid!).get('MALLOC_ARENA_MAX'), undefined, "the primary's own environment is the operator's");
    assert.match(log.join('\n'), /server\.workers is 2 without SVC_REDIS_URL/, 'the primary warns that each worker counts the limits on its own');
    const ready = await fetch(`${first.address}/readyz`);
    assert.equal(ready.status, 200);
    await ready.body?.cancel();

    // A worker killed (as the OOM killer would) is replaced by a new one on the same socket.
    process.kill(second.pid, 'SIGKILL');
    const [, , replacement] = await listeningWorkers(3);
    assert.ok(![first.pid, second.pid].includes(replacement.pid), 'a new worker');
    assert.equal(replacement.address, first.address);
    assert.match(log.join('\n'), /a worker died: starting another/);
    const stillReady = await fetch(`${first.address}/readyz`);
    assert.equal(stillReady.status, 200);
    await stillReady.body?.cancel();
  } finally {
    const exited = new Promise<number | null>((resolveExit) => (child.exitCode !== null ? resolveExit(child.exitCode) : child.once('exit', (code) => resolveExit(code))));
    child.kill('SIGTERM');
    assert.equal(await exited, 0, 'the primary exits 0 once its workers have stopped');
    await rm(dataDir, { recursive: true, force: true });
  }
});

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SqliteRecordStore } from './sqlite-record-store.js';

const organization = { id: 'org_a', name: 'A', created_at: '2024-01-01T00:00:00.000Z' };

test('stores of one process opening a new database file together migrate it once, one after the other', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-migrate-'));
  const stores = [0, 1, 2].map(() => new SqliteRecordStore({ dataDir }));
  try {
    await Promise.all(stores.map((store) => store.migrate()));
    await stores[0].tenants.createOrg(organization);
    assert.equal((await stores[2].tenants.getOrg('org_a'))?.name, 'A');
  } finally {
    await Promise.all(stores.map((store) => store.close()));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * Migrates the store of `dataDir` in a process of its own, starting at `startAt` (ms since the epoch) so that several such
 * processes, whose loading takes unequal times, start together; resolves with its exit code and what it wrote to stderr.
 */
function migrateInProcess(dataDir: string, startAt: number): Promise<{ code: number | null; stderr: string }> {
  const script = `
    const { SqliteRecordStore } = await import(${JSON.stringify(new URL('./sqlite-record-store.ts', import.meta.url).href)});
    const store = new SqliteRecordStore({ dataDir: ${JSON.stringify(dataDir)} });
    await new Promise((resolve) => setTimeout(resolve, ${startAt} - Date.now()));
    await store.migrate();
    await store.close();`;
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolveRun({ code, stderr }));
  });
}

test('processes opening a new database file together migrate it once: none of them fails', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-migrate-'));
  try {
    const startAt = Date.now() + 4000;
    const runs = await Promise.all([0, 1, 2, 3].map(() => migrateInProcess(dataDir, startAt)));
    for (const run of runs) assert.equal(run.code, 0, run.stderr);
    const store = new SqliteRecordStore({ dataDir });
    try {
      await store.migrate();
      await store.tenants.createOrg(organization);
      assert.equal((await store.tenants.getOrg('org_a'))?.name, 'A');
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

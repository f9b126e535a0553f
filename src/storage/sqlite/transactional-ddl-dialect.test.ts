import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { SqliteRecordStore } from './sqlite-record-store.js';

const columnsOf = (file: string, table: string): string[] => {
  const database = new Database(file, { readonly: true });
  try {
    return (database.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as Array<{ name: string }>).map((row) => row.name);
  } finally {
    database.close();
  }
};

test('migrations that fail half-way leave nothing half done: once the cause is gone, the next start migrates', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-migrate-'));
  const file = join(dataDir, 'svc.sqlite');
  // A table in the way of migration 0002, which first adds four columns to the ledger and then creates this table.
  const setup = new Database(file);
  setup.exec('CREATE TABLE usage_dead_letters (stray INTEGER)');
  setup.close();
  try {
    const first = new SqliteRecordStore({ dataDir });
    try {
      await assert.rejects(first.migrate(), /0002-usage-detail-and-dead-letters failed: .*already exists/);
    } finally {
      await first.close();
    }
    // Rolled back whole: no ledger with two of its migrations' columns, no migration recorded.
    assert.deepEqual(columnsOf(file, 'usage_ledger'), []);

    const repair = new Database(file);
    repair.exec('DROP TABLE usage_dead_letters');
    repair.close();
    const second = new SqliteRecordStore({ dataDir });
    try {
      await second.migrate();
      await second.tenants.createOrg({ id: 'org_a', name: 'A', created_at: '2024-01-01T00:00:00.000Z' });
      assert.equal((await second.tenants.getOrg('org_a'))?.name, 'A');
    } finally {
      await second.close();
    }
    assert.ok(columnsOf(file, 'usage_ledger').includes('cache_write_tokens'));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

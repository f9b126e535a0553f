import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { withStatementCache } from './statement-cache.js';

test('a SQL text is prepared once and its statement reused, but never while it is iterating', () => {
  const database = new Database(':memory:');
  try {
    database.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3);');
    const cached = withStatementCache(database);
    const sql = 'SELECT n FROM t ORDER BY n';
    const first = cached.prepare(sql);
    assert.equal(cached.prepare(sql), first, 'the second prepare of the same text returns the kept statement');
    assert.deepEqual(first.all([]), [{ n: 1 }, { n: 2 }, { n: 3 }]);

    // A query nested inside an iteration of the same text gets a statement of its own (better-sqlite3 refuses a busy one).
    const nested: number[] = [];
    for (const row of first.iterate([]) as Iterable<{ n: number }>) {
      const inner = cached.prepare(sql);
      assert.notEqual(inner, first);
      nested.push(row.n * (inner.all([]) as unknown[]).length);
    }
    assert.deepEqual(nested, [3, 6, 9]);
  } finally {
    database.close();
  }
});

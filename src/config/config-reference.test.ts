import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { configReference } from './config-reference.js';

test('docs/configuration.md is the reference generated from the config schema (npm run docs:config rewrites it)', async () => {
  const committed = await readFile(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
  assert.equal(committed, configReference(), 'docs/configuration.md is out of date: run npm run docs:config');
});

test('every key of the reference says what it means, and the defaults are those svc applies', () => {
  const rows = configReference()
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  assert.ok(rows.length >= 50, `${rows.length} keys`);
  for (const row of rows) {
    const meaning = row.split(' | ').at(-1)!.replace(/ \|$/, '').trim();
    assert.ok(meaning.length > 0, `no meaning for ${row}`);
  }
  // Spot checks against CONTRACT.md's defaults.
  assert.ok(rows.some((row) => row.startsWith('| `server.port` | integer ≥ 0, ≤ 65535 | `8080` |')));
  assert.ok(rows.some((row) => row.startsWith('| `defaults.intelligence_mode` | `proxy` \\| `cache` \\| `full` | `full` |')));
  assert.ok(rows.some((row) => row.startsWith('| `storage.data_dir` | string | `./data` |')));
});

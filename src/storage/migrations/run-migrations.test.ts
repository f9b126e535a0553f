import { test } from 'node:test';
import assert from 'node:assert/strict';
import { retriedWhileSchemasVanish } from './run-migrations.js';

/** A pg error as the driver gives it: PostgreSQL's code on the error. */
const vanished = Object.assign(new Error('schema "svc_e2e_7e3f4ddf" does not exist'), { code: '3F000' });

test('a migration that failed because another schema was dropped under it is run again, and succeeds', async () => {
  const outcomes = [{ error: vanished }, { error: vanished }, { error: undefined }];
  let runs = 0;
  const result = await retriedWhileSchemasVanish(async () => outcomes[runs++], 3, 1);
  assert.equal(runs, 3);
  assert.equal(result.error, undefined);
});

test('it is run three times at most; any other failure is given at once', async () => {
  let runs = 0;
  const stillVanished = await retriedWhileSchemasVanish(async () => (runs++, { error: vanished }), 3, 1);
  assert.equal(runs, 3);
  assert.equal(stillVanished.error, vanished);

  runs = 0;
  const other = Object.assign(new Error('relation "usage_ledger" already exists'), { code: '42P07' });
  const failed = await retriedWhileSchemasVanish(async () => (runs++, { error: other }), 3, 1);
  assert.equal(runs, 1);
  assert.equal(failed.error, other);
});

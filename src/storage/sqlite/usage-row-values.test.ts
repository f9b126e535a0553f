import { test } from 'node:test';
import assert from 'node:assert/strict';
import { record } from '../../../test/support/fake-ledger-storage.js';
import { toUsageRow } from '../kysely/record-rows.js';
import { usageColumns, usageValues, usageValuesOfJournal } from './usage-row-values.js';

test("a ledger row's values come in the INSERT's column order, whichever fields the record has", () => {
  const bare = record(1);
  const full = record(2, {
    key_id: 'key_1', audio_seconds: 12.5, characters: 40, estimated: true, cache_hit: true, tier: 'T2', task_family: 'code', error_code: 'rate_limit_exceeded',
    audit: { served_model: 'openai/gpt-4o-mini', routing_decision: 'lane=smart', tool_calls: ['get_weather'], redactions: { email: 2 }, prompt: '[{"role":"user"}]' },
  });
  for (const one of [bare, full]) {
    const row = toUsageRow(one) as Record<string, unknown>;
    assert.deepEqual(usageValues(one), usageColumns.map((column) => row[column]));
  }
  assert.equal(usageValues(full)[usageColumns.indexOf('redactions')], '{"email":2}');
  assert.equal(usageValues(full)[usageColumns.indexOf('estimated')], 1);
  assert.deepEqual(usageValuesOfJournal(Buffer.from(`${JSON.stringify(full)}\n`)), [usageValues(full)]);
});

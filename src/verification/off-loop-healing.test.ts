import { test } from 'node:test';
import assert from 'node:assert/strict';
import { largeBrokenAnswers } from '../../test/support/large-broken-answers.js';
import { HEAL_MAX_CHARS, healJson } from './json-healer.js';
import { closeHealerThread, HEAL_ON_LOOP_MAX_CHARS, healJsonOffLoop } from './off-loop-healing.js';

/** Whether the event loop turned (a setImmediate ran) before the heal answered: it did only if the work was elsewhere. */
async function loopTurnedWhileHealing(answer: string): Promise<{ turned: boolean; outcome: Awaited<ReturnType<typeof healJsonOffLoop>> }> {
  let turned = false;
  const immediate = setImmediate(() => (turned = true));
  const outcome = await healJsonOffLoop(answer, { requireObject: true });
  const turnedBefore = turned;
  clearImmediate(immediate);
  return { turned: turnedBefore, outcome };
}

test('a long broken answer is healed on a thread, to the outcome the healer gives here; the event loop turns meanwhile', async () => {
  try {
    const answer = largeBrokenAnswers.singleQuotesAndTrailingCommas(2_000);
    assert.ok(answer.length > HEAL_ON_LOOP_MAX_CHARS);
    const { turned, outcome } = await loopTurnedWhileHealing(answer);
    assert.equal(turned, true, 'the loop served other work while the answer was healed');
    assert.equal(outcome.status, 'healed');
    assert.deepEqual(outcome, healJson(answer, { requireObject: true }));
    // A long answer that parses is checked here, with no trip to the thread: valid, or coerced to its schema.
    const items = Array.from({ length: 2_000 }, (_, id) => ({ id, name: `item ${id}` }));
    const valid = JSON.stringify({ items });
    assert.deepEqual(await loopTurnedWhileHealing(valid), { turned: false, outcome: { status: 'valid' } });
    const schema = { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } } } };
    const quotedIds = JSON.stringify({ items: items.map(({ id, name }) => ({ id: String(id), name })) });
    const coerced = await healJsonOffLoop(quotedIds, { schema, requireObject: true });
    assert.equal(coerced.status, 'healed');
    assert.deepEqual(coerced.status === 'healed' && coerced.value, { items });
    // JSON written as a JSON string (double-encoded) is unwrapped and healed on the thread, as broken text is.
    const doubled = JSON.stringify(answer);
    const unwrapped = await loopTurnedWhileHealing(doubled);
    assert.equal(unwrapped.turned, true);
    assert.deepEqual(unwrapped.outcome, healJson(doubled, { requireObject: true }));
  } finally {
    await closeHealerThread();
  }
});

test('a short broken answer is healed here, at once: no thread for the answers nearly every request brings', async () => {
  const { turned, outcome } = await loopTurnedWhileHealing("{'city': 'Rome', 'days': 3,}");
  assert.equal(turned, false);
  assert.equal(outcome.status, 'healed');
  assert.deepEqual(outcome.status === 'healed' && outcome.value, { city: 'Rome', days: 3 });
});

test('broken JSON longer than 4 MiB is not healed, and says why, without a trip to the thread; valid JSON of that length still is valid', async () => {
  const broken = `{"text": "${'x'.repeat(HEAL_MAX_CHARS)}`;
  const refused = { status: 'failed', errors: ['the answer is 4194314 characters of broken JSON; svc repairs up to 4194304'] };
  assert.deepEqual(healJson(broken, { requireObject: true }), refused);
  assert.deepEqual(await loopTurnedWhileHealing(broken), { turned: false, outcome: refused });
  assert.deepEqual(healJson(`${broken}"}`, { requireObject: true }), { status: 'valid' });
});

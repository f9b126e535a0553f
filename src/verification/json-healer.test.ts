import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { healingCorpus, healItem } from '../../test/support/healing-corpus.js';
import { largeBrokenAnswers } from '../../test/support/large-broken-answers.js';
import { healJson } from './json-healer.js';

const corpus = healingCorpus();

describe('JSON healing corpus (test/fixtures/json-healing-corpus.json)', () => {
  test('holds at least 300 answers: broken ones of every kind, valid ones and hopeless ones', () => {
    assert.ok(corpus.length >= 300, `${corpus.length} answers`);
    const broken = corpus.filter((item) => item.expected !== 'untouched' && item.expected !== 'refused');
    assert.ok(broken.length >= 220, `${broken.length} broken answers`);
    assert.ok(corpus.some((item) => item.expected === 'untouched'));
    assert.ok(corpus.some((item) => item.expected === 'refused'));
  });

  for (const item of corpus) {
    test(`${item.category}: ${item.name}`, () => {
      const outcome = healItem(item);
      if (item.expected === 'untouched') return assert.equal(outcome.status, 'valid', JSON.stringify(outcome));
      if (item.expected === 'refused') return assert.equal(outcome.status, 'failed', JSON.stringify(outcome));
      assert.equal(outcome.status, 'healed', JSON.stringify(outcome));
      if (outcome.status !== 'healed') return;
      assert.deepEqual(outcome.value, item.expected);
      assert.deepEqual(JSON.parse(outcome.text), item.expected);
      assert.ok(outcome.confidence > 0 && outcome.confidence < 1);
    });
  }
});

describe('what each step reports', () => {
  test('syntax fixes are surer than schema guesses, and closing a cut answer is the least sure', () => {
    const fence = healJson('```json\n{"a": 1}\n```', { requireObject: true });
    const commas = healJson('{"a": 1,}', { requireObject: true });
    const coerced = healJson('{"a": "1"}', { requireObject: true, schema: { type: 'object', properties: { a: { type: 'integer' } } } });
    const cut = healJson('{"a": [1, 2', { requireObject: true });
    const stages = [fence, commas, coerced, cut].map((outcome) => (outcome.status === 'healed' ? [outcome.stage, outcome.confidence] : outcome.status));
    assert.deepEqual(stages, [['extract', 0.95], ['syntax_repair', 0.9], ['schema_coercion', 0.75], ['truncation_close', 0.5]]);
  });

  test('coercion records each change and never invents a missing field', () => {
    const schema = { type: 'object', properties: { n: { type: 'number' }, s: { type: 'string' } }, required: ['n', 's'], additionalProperties: false };
    const healed = healJson('{"n": "2.5", "s": "x", "extra": true}', { requireObject: true, schema });
    assert.equal(healed.status, 'healed');
    if (healed.status === 'healed') assert.deepEqual(healed.changes, ['/n: "2.5" → 2.5', '/extra: dropped (not allowed by the schema)']);
    const missing = healJson('{"n": 1}', { requireObject: true, schema });
    assert.equal(missing.status, 'failed');
    if (missing.status === 'failed') assert.match(missing.errors.join(' '), /must have required property 's'/);
  });

  test('prose with braces before the JSON: the first candidate that fits wins', () => {
    const outcome = healJson('Use the {name} placeholder. Answer: {"name": "Ada", "age": 36}', {
      requireObject: true,
      schema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name', 'age'] },
    });
    assert.equal(outcome.status, 'healed');
    if (outcome.status === 'healed') assert.deepEqual(outcome.value, { name: 'Ada', age: 36 });
  });
});

describe('the healer on large answers (it runs on the event loop)', () => {
  /** The fastest of two heals, ms. */
  const healTime = (text: string) => {
    let fastest = Infinity;
    for (let round = 0; round < 2; round++) {
      const started = performance.now();
      healJson(text, { requireObject: true });
      fastest = Math.min(fastest, performance.now() - started);
    }
    return fastest;
  };
  /**
   * The time to heal 8,000 repeats of a flaw (~400 KB), compiled first. Bounded at 3 s: about 0.3 s here with the time
   * growing with the length, 12–35 s with its square. A bound on the ratio of two sizes read up to 10.3 for a linear
   * healer on a machine busy with other tests, so an absolute bound with a wide margin is the steadier test.
   */
  const largeHealTime = (make: (n: number) => string) => {
    healTime(make(500));
    return healTime(make(8000));
  };

  test('thousands of trailing commas in single-quoted JSON: healed whole, in time that grows with the length, not its square (6.3 s for 280 KB before)', () => {
    const answer = largeBrokenAnswers.singleQuotesAndTrailingCommas;
    const outcome = healJson(answer(3000), { requireObject: true });
    assert.ok(outcome.status === 'healed', JSON.stringify(outcome).slice(0, 200));
    const items = (outcome.value as { items: unknown[] }).items;
    assert.deepEqual([items.length, items[2999]], [3000, { id: 2999, name: 'item 2999', tags: ['a', 'b'] }]);
    const ms = largeHealTime(answer);
    assert.ok(ms < 3000, `${ms.toFixed(0)} ms`);
  });

  test('thousands of objects with no commas between them or their members: healed whole, in time that grows with the length (6.1 s for 168 KB before)', () => {
    const answer = largeBrokenAnswers.objectsWithoutCommas;
    const outcome = healJson(answer(3000), { requireObject: true });
    assert.ok(outcome.status === 'healed', JSON.stringify(outcome).slice(0, 200));
    const items = (outcome.value as { items: unknown[] }).items;
    assert.deepEqual([items.length, items[2999]], [3000, { id: 2999, name: 'item 2999' }]);
    const ms = largeHealTime(answer);
    assert.ok(ms < 3000, `${ms.toFixed(0)} ms`);
  });

  test("an answer of 80,000 '\"{' with no end is read in well under two seconds (a pattern retried each against the rest: ~9 s)", () => {
    healTime(largeBrokenAnswers.quotedOpeningsWithoutEnd(1000)); // compiled before it is timed
    const ms = healTime(largeBrokenAnswers.quotedOpeningsWithoutEnd(80_000));
    assert.ok(ms < 2000, `${ms.toFixed(0)} ms`);
    // The JSON written as a JSON string inside prose is still found: from the first '"{' to the last '}"'.
    const outcome = healJson('Result: "{\\"a\\": 1, \\"b\\": {\\"c\\": 2}}" (as asked)', { requireObject: true });
    assert.ok(outcome.status === 'healed', JSON.stringify(outcome));
    assert.deepEqual(outcome.value, { a: 1, b: { c: 2 } });
  });

  test('an answer nested 12,000 deep and cut is read in well under two seconds (each array was scanned to its end: ~6 s)', () => {
    healTime(largeBrokenAnswers.nestedAndCut(1000)); // compiled before it is timed
    const ms = healTime(largeBrokenAnswers.nestedAndCut(12_000));
    assert.ok(ms < 2000, `${ms.toFixed(0)} ms`);
  });
});

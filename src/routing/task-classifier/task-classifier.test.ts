import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifierInputOf, isHeldBack, readRoutingSet } from '../../../scripts/routing-set.js';
import { chooseTier } from '../tier-rules.js';
import { TaskClassifier } from './task-classifier.js';

/** The shipped model on the held-back part of eval/routing/prompts.jsonl (never trained on). */
test('the task classifier: family right for at least 90 % of held-back prompts; no complex or expert prompt served below T2', () => {
  const classifier = TaskClassifier.fromFile();
  const rows = readRoutingSet().filter(isHeldBack);
  assert.ok(rows.length >= 200, `held back: ${rows.length}`);
  let right = 0;
  const underrated: number[] = [];
  for (const row of rows) {
    const result = classifier.classify(classifierInputOf(row));
    if (result.family === row.family) right++;
    if ((row.complexity === 'complex' || row.complexity === 'expert') && chooseTier(undefined, undefined, result).tier === 'T1') underrated.push(row.id);
  }
  assert.ok(right / rows.length >= 0.9, `family right for ${right}/${rows.length}`);
  assert.deepEqual(underrated, []);
});

test('the classifier reads structure as well as words: a code follow-up with no code word is code by its history', () => {
  const classifier = TaskClassifier.fromFile();
  const result = classifier.classify({ prompt: 'and in Go?', history: ['Write a Python function that merges two sorted lists.', 'def merge(a, b):\n    return sorted(a + b)'] });
  assert.equal(result.family, 'code');
  const probabilities = Object.values(result.complexityProbabilities);
  assert.ok(Math.abs(probabilities.reduce((sum, value) => sum + value, 0) - 1) < 1e-9);
});

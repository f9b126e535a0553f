import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseTier } from './tier-rules.js';
import { TaskClassifier, type TaskClass } from './task-classifier/task-classifier.js';

/** What the classifier would say of a request it is sure is trivial. */
const sureTrivial = (family: TaskClass['family'], numbers: number): TaskClass => ({
  family,
  complexity: 'trivial',
  familyConfidence: 0.9,
  complexityProbabilities: { trivial: 0.94, standard: 0.04, complex: 0.01, expert: 0.01 },
  asksForProof: false,
  numbers,
});

test('a trivial chat, translation or code request goes to T1', () => {
  for (const family of ['chat', 'translation', 'code'] as const) assert.equal(chooseTier(undefined, undefined, sureTrivial(family, 0)).tier, 'T1', family);
});

test('maths is trivial only as plain arithmetic (two numbers or more); reasoning never is', () => {
  assert.equal(chooseTier(undefined, undefined, sureTrivial('math', 2)).tier, 'T1', "What's 15% of 80?");
  assert.equal(chooseTier(undefined, undefined, sureTrivial('math', 1)).tier, 'T2', 'Classify all groups of order 8.');
  assert.equal(chooseTier(undefined, undefined, sureTrivial('math', 0)).tier, 'T2', 'Is P equal to NP?');
  assert.equal(chooseTier(undefined, undefined, sureTrivial('reasoning', 2)).tier, 'T2', 'If today is Monday, what day is it in 3 days?');
});

test('short, hard maths questions the classifier reads as trivial are still served at T2 or above', () => {
  const classifier = TaskClassifier.fromFile();
  for (const prompt of ['Is P equal to NP?', 'Classify all groups of order 8.']) {
    const tier = chooseTier(undefined, undefined, classifier.classify({ prompt })).tier;
    assert.notEqual(tier, 'T1', prompt);
  }
});

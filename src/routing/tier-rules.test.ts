import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseTier } from './tier-rules.js';
import type { TaskClass } from './task-classifier/task-classifier.js';
import { shippedClassifier } from '../../test/support/shipped-classifier.js';

/** What the classifier would say of a request it is sure is trivial. */
const sureTrivial = (family: TaskClass['family'], numbers: number): TaskClass => ({
  family,
  complexity: 'trivial',
  familyConfidence: 0.9,
  complexityProbabilities: { trivial: 0.94, standard: 0.04, complex: 0.01, expert: 0.01 },
  asksForProof: false,
  numbers,
  beyondArithmetic: false,
  asksForExplanation: false,
  namesRareTerm: false,
});

test('a trivial chat or translation request goes to T1', () => {
  for (const family of ['chat', 'translation'] as const) assert.equal(chooseTier(undefined, undefined, sureTrivial(family, 0)).tier, 'T1', family);
});

test('code and writing are never trivial on the classifier\'s word: a short question about a tool or a poem in a form may be hard', () => {
  for (const family of ['code', 'writing'] as const) assert.equal(chooseTier(undefined, undefined, sureTrivial(family, 0)).tier, 'T2', family);
  assert.equal(chooseTier({ task_complexity: 'trivial' }, undefined, sureTrivial('code', 0)).tier, 'T1', 'the caller\'s hint is taken');
});

test('maths is trivial only as plain arithmetic (two numbers or more); reasoning never is', () => {
  assert.equal(chooseTier(undefined, undefined, sureTrivial('math', 2)).tier, 'T1', "What's 15% of 80?");
  assert.equal(chooseTier(undefined, undefined, sureTrivial('math', 1)).tier, 'T2', 'Classify all groups of order 8.');
  assert.equal(chooseTier(undefined, undefined, { ...sureTrivial('math', 3), beyondArithmetic: true }).tier, 'T2', 'What is 7^222 mod 11?');
  assert.equal(chooseTier(undefined, undefined, sureTrivial('math', 0)).tier, 'T2', 'Is P equal to NP?');
  assert.equal(chooseTier(undefined, undefined, sureTrivial('reasoning', 2)).tier, 'T2', 'If today is Monday, what day is it in 3 days?');
});

test('a request for an explanation, a cause, a judgement or a design is never trivial', () => {
  assert.equal(chooseTier(undefined, undefined, { ...sureTrivial('chat', 0), asksForExplanation: true }).tier, 'T2');
});

test('a short question naming a term outside everyday vocabulary is never trivial: "what\'s a monad" is not "what\'s the capital of Peru"', () => {
  assert.equal(chooseTier(undefined, undefined, { ...sureTrivial('chat', 0), namesRareTerm: true }).tier, 'T2');
  // Read as trivial small talk at 0.94 before the rule, and served at T1.
  assert.equal(chooseTier(undefined, undefined, shippedClassifier.classify({ prompt: "what's a monad" })).tier, 'T2');
});

test('a proof is never trivial, whatever family the classifier reads it as', () => {
  assert.equal(chooseTier(undefined, undefined, { ...sureTrivial('chat', 0), asksForProof: true }).tier, 'T2');
});

test('only a request the classifier reads as trivial at 0.85 or more is served at T1', () => {
  const withTrivial = (trivial: number): TaskClass => ({ ...sureTrivial('chat', 0), complexityProbabilities: { trivial, standard: 1 - trivial - 0.02, complex: 0.01, expert: 0.01 } });
  assert.equal(chooseTier(undefined, undefined, withTrivial(0.6)).tier, 'T2');
  assert.equal(chooseTier(undefined, undefined, withTrivial(0.77)).tier, 'T2', 'Design Uber. (complex) read trivial at 0.77');
  assert.equal(chooseTier(undefined, undefined, withTrivial(0.84)).tier, 'T2');
  assert.equal(chooseTier(undefined, undefined, withTrivial(0.9)).tier, 'T1');
});

test('a trivial request whose family the classifier is unsure of (under 0.85) is not served at T1: it may be code read as small talk', () => {
  assert.equal(chooseTier(undefined, undefined, { ...sureTrivial('chat', 0), familyConfidence: 0.46 }).tier, 'T2', 'How to add toolbar in a fragment?');
  assert.equal(chooseTier(undefined, undefined, { ...sureTrivial('chat', 0), familyConfidence: 0.72 }).tier, 'T2', 'Event Sourcing mit Snapshots – wie modellieren?');
  assert.equal(chooseTier(undefined, undefined, { ...sureTrivial('chat', 0), familyConfidence: 0.81 }).tier, 'T2', 'the same, after a later retraining');
  assert.equal(chooseTier(undefined, undefined, { ...sureTrivial('chat', 0), familyConfidence: 0.9 }).tier, 'T1');
});

test('analysis is never trivial on the classifier\'s word: weighing or forecasting is not one step', () => {
  assert.equal(chooseTier(undefined, undefined, sureTrivial('analysis', 0)).tier, 'T2', 'will rate cuts in 2025 reignite inflation?');
});

test('short, hard questions the classifier reads as trivial are still served at T2 or above', () => {
  const shortHardQuestions = [
    'Is P equal to NP?', 'Classify all groups of order 8.', 'Design Twitter.', 'Is Bitcoin a bubble?', 'Erkläre die Relativitätstheorie.',
    'Is free will compatible with determinism?', 'What is the meaning of life?', 'What would happen if the Moon disappeared?',
    // Open problems and big judgements, none of them a row of the routing set.
    'Is the Hodge conjecture true?', 'Was Brexit a mistake?', 'Ist Bewusstsein nur Chemie im Gehirn?', 'La conjecture de Goldbach est-elle démontrée ?', 'P≠NP 问题解决了吗？', '意識とは何ですか？',
    // Terse requests of Arena's kind, read as trivial small talk or analysis: a proof asked for in French, forecasts, a design.
    'prouve le petit théorème de Fermat', 'prouvez que pi est irrationnel', 'will rate cuts in 2025 reignite inflation?', 'o real vai se valorizar em 2026?', 'рубль будет падать дальше?', 'Event Sourcing mit Snapshots – wie modellieren?',
    // A power said in words, long figures, a subject of physics: each went to T1 once.
    '¿Cuánto es 3 elevado a 50?', '¿Cuánto es 98765 por 43219?', '987654×123456は？', "C'est quoi la relativité générale ?",
  ];
  for (const prompt of shortHardQuestions) {
    const tier = chooseTier(undefined, undefined, shippedClassifier.classify({ prompt })).tier;
    assert.notEqual(tier, 'T1', prompt);
  }
});

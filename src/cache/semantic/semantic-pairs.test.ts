import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { localEmbedder } from './embedders.js';
import { dot, embedLocally } from './local-embedder.js';
import { guardConflict } from './prompt-guards.js';
import { promptFeatures } from './text-features.js';

interface LabelledPair {
  a: string;
  b: string;
  /** hit: the same question (may share an answer); miss: a near miss that must never share one. */
  label: 'hit' | 'miss';
  kind?: string;
}

const pairs = JSON.parse(readFileSync(new URL('../../../test/fixtures/semantic-cache-pairs.json', import.meta.url), 'utf8')) as LabelledPair[];

function decide(pair: LabelledPair, threshold: number): { hit: boolean; similarity: number; refusedBy?: string } {
  const left = promptFeatures(pair.a);
  const right = promptFeatures(pair.b);
  const similarity = dot(embedLocally(left.normalized), embedLocally(right.normalized));
  const refusedBy = guardConflict(right, left);
  return { hit: similarity >= threshold && refusedBy === undefined, similarity, refusedBy };
}

test('the labelled set holds at least 200 pairs, paraphrases and near misses', () => {
  assert.ok(pairs.length >= 200, `${pairs.length} pairs`);
  assert.ok(pairs.filter((pair) => pair.label === 'hit').length >= 100);
  assert.ok(pairs.filter((pair) => pair.label === 'miss').length >= 100);
});

test('no near miss is ever a hit at the default threshold (precision 100 %); recall is reported', (context) => {
  const threshold = localEmbedder.defaultThreshold;
  const wrongHits = pairs.filter((pair) => pair.label === 'miss' && decide(pair, threshold).hit);
  assert.deepEqual(wrongHits.map((pair) => `${pair.a} | ${pair.b}`), []);
  const paraphrases = pairs.filter((pair) => pair.label === 'hit');
  const found = paraphrases.filter((pair) => decide(pair, threshold).hit).length;
  const recall = found / paraphrases.length;
  context.diagnostic(`threshold ${threshold}: precision 100 % (0 of ${pairs.length - paraphrases.length} near misses hit), recall ${(recall * 100).toFixed(1)} % (${found} of ${paraphrases.length} paraphrases)`);
  assert.ok(recall >= 0.85, `recall ${recall}`);
});

test('the guards alone refuse every near miss, whatever the similarity', () => {
  const unguarded = pairs.filter((pair) => pair.label === 'miss' && decide(pair, 0).refusedBy === undefined);
  assert.deepEqual(unguarded.map((pair) => `${pair.a} | ${pair.b}`), []);
});

test('each guard names its reason', () => {
  const reason = (a: string, b: string) => guardConflict(promptFeatures(a), promptFeatures(b));
  assert.equal(reason('Convert 100 dollars to euros', 'Convert 200 dollars to euros'), 'numbers');
  assert.equal(reason('Is it safe to eat raw eggs?', 'Is it not safe to eat raw eggs?'), 'negation');
  assert.equal(reason('Turn left at the light', 'Turn right at the light'), 'antonym');
  assert.equal(reason('Translate hello into German', 'Translate hello into Italian'), 'language');
  assert.equal(reason('Give it to me as JSON', 'Give it to me as YAML'), 'format');
  assert.equal(reason('What does getUserById do?', 'What does getUserByName do?'), 'identifiers');
  assert.equal(reason('Find flights from Paris to Rome', 'Find flights from Rome to Paris'), 'word order');
  assert.equal(reason('What is the capital of France?', "what's the capital of france"), undefined);
});

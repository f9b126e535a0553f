import assert from 'node:assert/strict';
import { test } from 'node:test';
import { labelledPairs } from '../../../test/support/semantic-pairs.js';
import { decodeFeatures, encodeFeatures } from './features-codec.js';
import { guardConflict } from './prompt-guards.js';
import { promptFeatures, type PromptFeatures } from './text-features.js';

/** The features with absent and undefined fields alike (the guards read them alike). */
const plain = (features: PromptFeatures) => JSON.parse(JSON.stringify({ ...features, tokens: features.tokens.map((token) => ({ ...token })) }));

test('every labelled prompt comes back from its stored form with the same features and the same guard decisions', () => {
  const pairs = labelledPairs();
  for (const pair of pairs) {
    const [stored, asked] = [promptFeatures(pair.a), promptFeatures(pair.b)];
    const decoded = decodeFeatures(encodeFeatures(stored));
    assert.deepEqual(plain(decoded), plain(stored), pair.a);
    assert.equal(guardConflict(asked, decoded), guardConflict(asked, stored), `${pair.a} | ${pair.b}`);
  }
});

test('names, acronyms, pronouns, conditions, numbers and commas survive the round trip', () => {
  const features = promptFeatures('If I move to the US, can you tell me how NASA pays 3 engineers, "quoted text" and my_var()?');
  assert.deepEqual(plain(decodeFeatures(encodeFeatures(features))), plain(features));
});

test('the stored form of a long prompt is several times smaller than its JSON', () => {
  const features = promptFeatures(`Explain ${'how the quick brown fox jumps over the lazy dog, '.repeat(12)}in detail`);
  const packed = encodeFeatures(features).length;
  const json = JSON.stringify(features).length;
  assert.ok(packed * 3 < json, `${packed} packed against ${json} as JSON`);
});

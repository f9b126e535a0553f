import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mostProbable, predict, predictQuantised, train } from './linear-model.js';
import { loadHead, storeHead } from './model-file.js';

/** Four rows, three classes: each class marked by a feature of its own, row 3 shared. */
const examples = [0, 1, 2, 0, 1, 2].map((label, at) => ({ features: { indices: Int32Array.of(label, 3), values: Float32Array.of(at < 3 ? 0.9 : 0.7, 0.4) }, label }));

test('a head stored as int8 and loaded predicts as the trained head did, to within its quantisation', () => {
  const trained = train(['a', 'b', 'c'], 4, examples, { epochs: 200, learningRate: 0.1, l2: 0 });
  const shipped = loadHead(JSON.parse(JSON.stringify(storeHead(trained))), 4);
  assert.equal(shipped.weights.length, 12);
  for (const { features, label } of examples) {
    const float = predict(trained, features);
    const quantised = predictQuantised(shipped, features);
    assert.equal(mostProbable(quantised), label);
    for (let klass = 0; klass < 3; klass++) assert.ok(Math.abs(float[klass] - quantised[klass]) < 0.01, `class ${klass}: ${float[klass]} against ${quantised[klass]}`);
  }
});

test('a stored head of the wrong size for the feature rows is refused when loaded', () => {
  const stored = storeHead(train(['a', 'b', 'c'], 4, examples, { epochs: 1, learningRate: 0.1, l2: 0 }));
  assert.throws(() => loadHead(stored, 5), /has 12 weights, not 5 × 3/);
});

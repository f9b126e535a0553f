import type { LinearModel, QuantisedModel } from './linear-model.js';

/**
 * A trained head as stored in lexicon/task-classifier.json: weights quantised to int8 with one scale per
 * class (base64), so the file stays small enough to ship in the package.
 */
export interface StoredHead {
  classes: string[];
  scales: number[];
  bias: number[];
  weights: string;
}

export interface StoredClassifier {
  version: 1;
  buckets: number;
  trainedOn: number;
  family: StoredHead;
  complexity: StoredHead;
}

export function storeHead(model: LinearModel): StoredHead {
  const count = model.classes.length;
  const scales = Array.from({ length: count }, (_, klass) => {
    let max = 0;
    for (let row = 0; row < model.rows; row++) max = Math.max(max, Math.abs(model.weights[row * count + klass]));
    return max / 127 || 1;
  });
  const quantised = new Int8Array(model.weights.length);
  for (let index = 0; index < quantised.length; index++) quantised[index] = Math.round(model.weights[index] / scales[index % count]);
  return { classes: [...model.classes], scales, bias: [...model.bias], weights: Buffer.from(quantised.buffer).toString('base64') };
}

export function loadHead(head: StoredHead, rows: number): QuantisedModel {
  const bytes = Buffer.from(head.weights, 'base64');
  const count = head.classes.length;
  if (bytes.byteLength !== rows * count) throw new Error(`the ${head.classes.join('/')} head has ${bytes.byteLength} weights, not ${rows} × ${count}`);
  // A copy of its own: a small Buffer's bytes sit in Node's shared pool.
  const weights = new Int8Array(bytes.byteLength);
  weights.set(new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { classes: head.classes, rows, weights, scales: Float64Array.from(head.scales), bias: Float32Array.from(head.bias) };
}

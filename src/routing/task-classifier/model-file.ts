import type { LinearModel } from './linear-model.js';

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

export function loadHead(head: StoredHead, rows: number): LinearModel {
  const bytes = Buffer.from(head.weights, 'base64');
  const quantised = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = head.classes.length;
  if (quantised.length !== rows * count) throw new Error(`the ${head.classes.join('/')} head has ${quantised.length} weights, not ${rows} × ${count}`);
  const weights = new Float32Array(quantised.length);
  for (let index = 0; index < weights.length; index++) weights[index] = quantised[index] * head.scales[index % count];
  return { classes: head.classes, rows, weights, bias: Float32Array.from(head.bias) };
}

import type { SparseFeatures } from './classifier-features.js';

/** A multinomial logistic model over hashed features: one weight row per bucket, one column per class. */
export interface LinearModel {
  classes: readonly string[];
  /** Feature rows: the hashed buckets and the dense dimensions after them. */
  rows: number;
  /** rows × classes, row-major. */
  weights: Float32Array;
  bias: Float32Array;
}

/** Class probabilities (softmax of the scores). */
export function predict(model: LinearModel, features: SparseFeatures): Float64Array {
  const classes = model.classes.length;
  const scores = new Float64Array(classes);
  for (let klass = 0; klass < classes; klass++) scores[klass] = model.bias[klass];
  for (let position = 0; position < features.indices.length; position++) {
    const row = features.indices[position] * classes;
    const value = features.values[position];
    for (let klass = 0; klass < classes; klass++) scores[klass] += model.weights[row + klass] * value;
  }
  return softmax(scores);
}

/**
 * A trained model as shipped: its weights kept as the int8 they are stored in, one scale per class. A quarter of the
 * float weights' memory: a request's few hundred rows, read at random, come from the processor's cache more often.
 */
export interface QuantisedModel extends Omit<LinearModel, 'weights'> {
  /** rows × classes, row-major; a weight is its value × its class's scale. */
  weights: Int8Array;
  scales: Float64Array;
}

/** Class probabilities of a shipped model: as `predict`, each class's sum scaled once rather than each weight. */
export function predictQuantised(model: QuantisedModel, features: SparseFeatures): Float64Array {
  const classes = model.classes.length;
  const sums = new Float64Array(classes);
  for (let position = 0; position < features.indices.length; position++) {
    const row = features.indices[position] * classes;
    const value = features.values[position];
    for (let klass = 0; klass < classes; klass++) sums[klass] += model.weights[row + klass] * value;
  }
  for (let klass = 0; klass < classes; klass++) sums[klass] = model.bias[klass] + sums[klass] * model.scales[klass];
  return softmax(sums);
}

/** Scores to probabilities, in place. */
function softmax(scores: Float64Array): Float64Array {
  let max = -Infinity;
  for (const score of scores) max = Math.max(max, score);
  let sum = 0;
  for (let klass = 0; klass < scores.length; klass++) {
    scores[klass] = Math.exp(scores[klass] - max);
    sum += scores[klass];
  }
  for (let klass = 0; klass < scores.length; klass++) scores[klass] /= sum;
  return scores;
}

/** The index of the most probable class (the first of equals). */
export function mostProbable(probabilities: ArrayLike<number>): number {
  let best = 0;
  for (let index = 1; index < probabilities.length; index++) if (probabilities[index] > probabilities[best]) best = index;
  return best;
}

/**
 * Fits the model by full-batch gradient descent with Adam and L2 regularisation (a few hundred examples: a
 * second or two). Deterministic: same data, same weights.
 */
export function train(classes: readonly string[], rows: number, examples: Array<{ features: SparseFeatures; label: number }>, options: { epochs: number; learningRate: number; l2: number }): LinearModel {
  const count = classes.length;
  const model: LinearModel = { classes, rows, weights: new Float32Array(rows * count), bias: new Float32Array(count) };
  const size = model.weights.length;
  const moments = { weights: [new Float64Array(size), new Float64Array(size)], bias: [new Float64Array(count), new Float64Array(count)] };
  const gradient = new Float64Array(size);
  const biasGradient = new Float64Array(count);
  const beta1 = 0.9;
  const beta2 = 0.999;
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    gradient.fill(0);
    biasGradient.fill(0);
    for (const example of examples) {
      const probabilities = predict(model, example.features);
      probabilities[example.label] -= 1;
      for (let position = 0; position < example.features.indices.length; position++) {
        const row = example.features.indices[position] * count;
        const value = example.features.values[position];
        for (let klass = 0; klass < count; klass++) gradient[row + klass] += probabilities[klass] * value;
      }
      for (let klass = 0; klass < count; klass++) biasGradient[klass] += probabilities[klass];
    }
    const correction1 = 1 - beta1 ** epoch;
    const correction2 = 1 - beta2 ** epoch;
    const step = (values: Float32Array, grads: Float64Array, [first, second]: Float64Array[], l2: number) => {
      for (let index = 0; index < values.length; index++) {
        const grad = grads[index] / examples.length + l2 * values[index];
        first[index] = beta1 * first[index] + (1 - beta1) * grad;
        second[index] = beta2 * second[index] + (1 - beta2) * grad * grad;
        values[index] -= (options.learningRate * (first[index] / correction1)) / (Math.sqrt(second[index] / correction2) + 1e-8);
      }
    };
    step(model.weights, gradient, moments.weights, options.l2);
    step(model.bias, biasGradient, moments.bias, 0);
  }
  return model;
}

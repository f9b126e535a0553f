import { fnv1a } from '../../shared/fnv1a.js';
import { stem } from './text-features.js';

/** Dimensions of the built-in embedding: enough to keep hashed features apart in short prompts. */
const LOCAL_EMBEDDING_DIMENSIONS = 512;

/** Common words weigh little (the inverse document frequency of a word every text has is near zero). */
const commonWords = new Set(
  'a an the of to in on at for by with from and or is are was were be do does did i me my you your we our it its this that what how why which who please can could would will tell'.split(' '),
);

/**
 * The embedder that needs no network and no model: hashed word unigrams and bigrams (of stemmed words),
 * weighted TF × IDF (sublinear term frequency; a built-in prior for IDF: common words weigh 0.1, other
 * words 1; bigrams 0.7), signed feature hashing into 512 dimensions, L2-normalized so a dot product is the
 * cosine similarity. Character n-grams were measured on the labelled pairs and dropped: with the guards
 * they added no recall, and tripled the features a lookup multiplies.
 */
export function embedLocally(normalizedText: string): Float32Array {
  const vector = new Float32Array(LOCAL_EMBEDDING_DIMENSIONS);
  const words = normalizedText.split(' ').filter(Boolean).map(stem);
  const counts = new Map<string, number>();
  const add = (feature: string, weight: number) => counts.set(feature, (counts.get(feature) ?? 0) + weight);
  for (let index = 0; index < words.length; index++) {
    const word = words[index];
    const idf = commonWords.has(word) ? 0.1 : 1;
    add(`w:${word}`, idf);
    if (index + 1 < words.length) add(`b:${word} ${words[index + 1]}`, 0.7 * Math.min(idf, commonWords.has(words[index + 1]) ? 0.1 : 1));
  }
  for (const [feature, weight] of counts) {
    const hash = fnv1a(feature);
    // Sublinear TF: a word said three times is not three times as important.
    vector[hash % LOCAL_EMBEDDING_DIMENSIONS] += (hash & 0x80000000 ? -1 : 1) * (weight > 1 ? 1 + Math.log(weight) : weight);
  }
  return normalize(vector);
}

export function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let index = 0; index < vector.length; index++) norm += vector[index] * vector[index];
  norm = Math.sqrt(norm);
  if (norm > 0) for (let index = 0; index < vector.length; index++) vector[index] /= norm;
  return vector;
}

export function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) sum += left[index] * right[index];
  return sum;
}


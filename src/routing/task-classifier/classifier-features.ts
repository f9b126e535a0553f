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

/** The request's features hashed into `buckets` buckets. */
export function classifierFeatures(input: ClassifierInput, buckets: number): SparseFeatures {
  const weights = new Map<number, number>();
  const add = (name: string, weight: number) => {
    const bucket = hash(name) % buckets;
    weights.set(bucket, (weights.get(bucket) ?? 0) + weight);
  };
  textFeatures(input.prompt, '', 1, add);
  const opening = input.prompt.slice(0, 300).toLowerCase();
  for (const family of cuesIn(opening)) add(`cue:${family}`, 2);
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

import { readFileSync } from 'node:fs';
import { dotQuantized, embedLocally, quantize } from '../../src/cache/semantic/local-embedder.js';
import { guardConflict } from '../../src/cache/semantic/prompt-guards.js';
import { promptFeatures } from '../../src/cache/semantic/text-features.js';

export interface LabelledPair {
  a: string;
  b: string;
  /** hit: the same question (may share an answer); miss: a near miss that must never share one. */
  label: 'hit' | 'miss';
  /** typo, synonym, reorder, paraphrase (hits); role_swap, numbers, entity, negation, scope, language, antonym, format, date… (misses). */
  kind?: string;
}

/**
 * The labelled sets (test/fixtures/semantic-cache-pairs*.json): the first one, the harder one, and the fresh
 * one (written 2026-11-27 against the finished guards: look-alike names such as Austria/Australia and C#/C,
 * numbers inside words, directions, and paraphrases that change most of the words).
 */
export function labelledPairs(sets: readonly LabelledSet[] = ['first', 'hard', 'fresh']): LabelledPair[] {
  return sets.flatMap((set) => JSON.parse(readFileSync(new URL(`../fixtures/${setFiles[set]}`, import.meta.url), 'utf8')) as LabelledPair[]);
}

export type LabelledSet = 'first' | 'hard' | 'fresh';
const setFiles: Record<LabelledSet, string> = { first: 'semantic-cache-pairs.json', hard: 'semantic-cache-pairs-hard.json', fresh: 'semantic-cache-pairs-fresh.json' };

/** What the semantic cache decides for `b` when `a` is stored: the built-in embedding's similarity (as the index computes it), then the guards. */
export function decidePair(pair: LabelledPair, threshold: number): { hit: boolean; similarity: number; refusedBy?: string } {
  const stored = promptFeatures(pair.a);
  const asked = promptFeatures(pair.b);
  // The stored prompt's vector as the index keeps it (one byte a component), the query's exact.
  const kept = quantize(embedLocally(stored.normalized));
  const similarity = dotQuantized(embedLocally(asked.normalized), kept.bytes, kept.step);
  const refusedBy = guardConflict(asked, stored);
  return { hit: similarity >= threshold && refusedBy === undefined, similarity, refusedBy };
}

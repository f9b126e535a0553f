import assert from 'node:assert/strict';
import { TaskClassifier } from '../../src/routing/task-classifier/task-classifier.js';

/** The shipped model (lexicon/task-classifier.json), loaded once: classifying changes nothing in it. */
export const shippedClassifier = TaskClassifier.fromFile();

/** Each prompt is read as `family` by the shipped model (the prompt names the failure). */
export function assertFamily(family: string, prompts: readonly string[], context: { history?: string[]; system?: string } = {}): void {
  for (const prompt of prompts) assert.equal(shippedClassifier.classify({ prompt, ...context }).family, family, prompt.slice(0, 60));
}

import assert from 'node:assert/strict';
import { cuesIn } from '../../src/routing/task-classifier/task-cues.js';

// The cue lists' tests (src/routing/task-classifier/*-cues.test.ts): texts given lower-cased, as the classifier reads them.

/** Each text holds a cue of `family` (the text names the failure). */
export function assertCue(family: string, texts: readonly string[]): void {
  for (const text of texts) assert.ok(cuesIn(text).includes(family), text);
}

/** No text holds a cue of `family`. */
export function assertNoCue(family: string, texts: readonly string[]): void {
  for (const text of texts) assert.ok(!cuesIn(text).includes(family), text);
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuesIn } from './task-cues.js';

// The translation family's cues (cues/translation.ts).

test("a given text's versions in other languages are a translation; an app's or a film's version is not", () => {
  for (const text of ['provide the spanish and italian versions of the menu item below.', 'give me the french version of this sign', 'i need german versions of the following lines']) {
    assert.deepEqual(cuesIn(text), ['translation'], text);
  }
  for (const text of ['is there a german version of this app?', 'the english version of the film was cut']) assert.deepEqual(cuesIn(text), [], text);
});

test("a given text's versions are read in every language the 'into' cue names, Hindi and Arabic too", () => {
  for (const text of ['the hindi version of this notice, please', 'arabic and english versions of the sign']) assert.deepEqual(cuesIn(text), ['translation'], text);
});

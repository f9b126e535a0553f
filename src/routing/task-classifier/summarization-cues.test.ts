import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuesIn } from './task-cues.js';

// The summarization family's cues (cues/summarization.ts).

test('what a given text is about, asked of it, is a summary; what a film or a fuss is about is not', () => {
  for (const text of ['describe briefly what the following article is about.', 'tell me what this email is about', 'what the above passage is about, in a line']) {
    assert.ok(cuesIn(text).includes('summarization'), text);
  }
  for (const text of ['what is the film inception about?', 'what was all the fuss about?']) assert.ok(!cuesIn(text).includes('summarization'), text);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuesIn } from './task-cues.js';

// The extraction family's cues (cues/extraction.ts).

test('what a given conversation says, asked of it, is an extraction; a conversation to write or to have is not', () => {
  for (const text of ['from the conversation below, work out what each person ordered.', 'from the chat above, find out when they agreed to meet', 'from the transcript below, list the action items']) {
    assert.ok(cuesIn(text).includes('extraction'), text);
  }
  for (const text of ['write a conversation between a cat and a dog', 'how do i start a conversation with my neighbour?']) assert.ok(!cuesIn(text).includes('extraction'), text);
});

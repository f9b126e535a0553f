import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuesIn } from './task-cues.js';

// The chat family's cues (cues/chat.ts): small talk, quick facts and advice in conversation.

test('a present to choose is advice in the six languages; gift wrapping or a card to write is not', () => {
  for (const text of ['dame ideas para un regalo de cumpleaños para mi abuela', 'gift ideas for a 10 year old', 'what should i get my dad for christmas?', 'was soll ich meinem vater schenken?', 'une idée cadeau pour ma sœur ?', '女朋友生日送什么礼物好？', '母の日に何をプレゼントしたらいい？']) {
    assert.ok(cuesIn(text).includes('chat'), text);
  }
  for (const text of ['how do i wrap an oddly shaped present?', 'write a thank-you card for the gift']) assert.ok(!cuesIn(text).includes('chat'), text);
});

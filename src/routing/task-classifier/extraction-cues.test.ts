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

test("given items returned as JSON, as an app's system prompt asks in Spanish, French, German, Chinese and Japanese, are an extraction", () => {
  for (const text of ['devuelve en json el nombre, el teléfono y la ciudad', 'renvoie en json la date et le lieu', 'gib die termine als json zurück', '提取订单号，用json返回', '日時と場所をjsonで返してください']) {
    assert.ok(cuesIn(text).includes('extraction'), text);
  }
  assert.ok(!cuesIn('escribe una función que devuelva un json').includes('extraction'));
});

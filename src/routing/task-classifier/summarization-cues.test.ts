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

test("a given text's main point, in a sentence or two, is a summary; the main point of a meeting to come is not", () => {
  for (const text of ['in a sentence or two, what is the main point of this paragraph?', 'what is the main point of the following article?', 'tell me in a sentence or two what it says']) {
    assert.ok(cuesIn(text).includes('summarization'), text);
  }
  assert.ok(!cuesIn('what is the main point of going to college?').includes('summarization'));
});

test('every article condensed, as a system prompt asks it, is a summary; a condensed soup is not', () => {
  assert.ok(cuesIn('condense every article the user pastes into one sentence.').includes('summarization'));
  assert.deepEqual(cuesIn('is condensed milk the same as evaporated milk?'), []);
});

test('a chat or a meeting log put in order as a short report is a summary in Chinese; a log file is not', () => {
  assert.ok(cuesIn('你负责把很长的群聊记录整理成给领导看的简短进展汇报。').includes('summarization'));
  assert.ok(!cuesIn('日志记录整理成表格').includes('summarization'));
});

test('French "fais-moi un topo" asks for a summary', () => {
  assert.ok(cuesIn('fais-moi un topo rapide de cet échange').includes('summarization'));
  assert.ok(cuesIn('un petit topo sur la réunion ?').includes('summarization'));
});

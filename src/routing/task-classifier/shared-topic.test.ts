import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharesTopic } from './shared-topic.js';

const triangle = ['A right triangle has legs of 6 cm and 8 cm. How long is its hypotenuse?', 'By Pythagoras, the hypotenuse is 10 cm.'];
const paris = ['What is the capital of France?', 'The capital of France is Paris.'];

test('a turn that speaks of what an earlier turn spoke of shares its topic; one about something else does not', () => {
  assert.equal(sharesTopic("What's the area of the circle circumscribing the triangle?", triangle), true);
  assert.equal(sharesTopic('Warum sind unsere Lieferzeiten seit dem Umzug ins neue Lager länger geworden?', paris), false);
  assert.equal(sharesTopic('What were the main economic consequences of the 1970s oil shocks for Western Europe?', paris), false);
});

test('words are compared by their start, so a plural or a longer form meets its word', () => {
  assert.equal(sharesTopic('Which of the triangles is the largest?', triangle), true);
  assert.equal(sharesTopic('Provide more details for Day 1.', ['Create a lesson plan for 3 days of a history class.']), false, 'three letters are too few to compare');
  assert.equal(sharesTopic('And the hypotenuses of the others?', triangle), true);
});

test('words any text holds say nothing of its topic', () => {
  assert.equal(sharesTopic('What would you think about that, and which would you choose?', ['What would you recommend, and which one would you pick?']), false);
  assert.equal(sharesTopic('¿Por qué también pasa esto cuando llueve?', ['¿Por qué el cielo es azul? Explícalo también para niños.']), false);
});

test('in Chinese and Japanese two ideographs or katakana in a row are compared; kana endings and common pairs are not', () => {
  assert.equal(sharesTopic('这两个工具哪个更适合小团队？', ['我们团队5个人，想在Jira和Trello两个工具之间选一个。']), true);
  assert.equal(sharesTopic('明年黄金还会涨吗？', ['法国的首都是什么？', '法国的首都是巴黎。']), false);
  assert.equal(sharesTopic('そのタスク管理ツールの料金はいくらですか？', ['社内のタスク管理ツールを比べてください。']), true);
  assert.equal(sharesTopic('円安の影響はどうですか？', ['日本の首都はどこですか？', '東京です。']), false);
});

test('no earlier turn, or one without a word to compare, shares nothing', () => {
  assert.equal(sharesTopic('What is the capital of France?', []), false);
  assert.equal(sharesTopic('What is the capital of France?', ['', '?!']), false);
});

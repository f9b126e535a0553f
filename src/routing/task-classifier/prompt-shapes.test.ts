import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asksOfGivenText, listsAnswerOptions } from './prompt-shapes.js';

const lines = (prompt: string) => prompt.split('\n');

test('answer options A, B and C listed in order, as an exam writes them', () => {
  for (const text of ['This design is best described as A. an observational study B. a randomized block design C. a census', 'Which is correct? (A) 64% (B) About 41% (C) Neither', '这种抽样方法是：A. 简单随机抽样 B. 分层抽样 C. 整群抽样']) assert.ok(listsAnswerOptions(text), text);
  for (const text of ['Write A) and B) for me', 'A. only', 'A. x B. y A. z C. w', `A. x B. ${'y '.repeat(200)}C. z`]) assert.ok(!listsAnswerOptions(text), text);
});

test('a passage and a question asked apart from it, on lines of their own or around a quotation', () => {
  assert.ok(asksOfGivenText(lines('Context: The Team plan costs $12 per user per month and includes two projects; SSO is part of the Pro plan only.\n\nQuestion: does the team plan include SSO?')));
  assert.ok(asksOfGivenText(lines('Hier ein Auszug: „Grillen auf dem Balkon ist nur mit Elektrogrill erlaubt, Holzkohle ist im ganzen Haus verboten.“ Darf ich mit Holzkohle grillen?')));
  assert.ok(asksOfGivenText(lines('以下の規約を読んでください。\n\n「本サービスの解約は、解約希望月の前月末日までにマイページから手続きを行ってください。期限を過ぎた場合、翌月分の料金が発生します。」\n\n来月解約したい場合、いつまでに手続きすればいいですか？')));
});

test('a word problem told in one paragraph, a bare question, a passage asked nothing, a long question: no given text', () => {
  assert.ok(!asksOfGivenText(lines('Janet has 16 eggs a day, eats three for breakfast and bakes muffins with four. She sells the rest at $2 each. How much does she make a day?')));
  assert.ok(!asksOfGivenText(lines('What is the capital of Peru?')));
  assert.ok(!asksOfGivenText(lines('The committee met on Tuesday and approved the budget for the new library, which opens in spring.\n\nPlease translate this into French.')));
  assert.ok(!asksOfGivenText(lines(`The committee met on Tuesday and approved the budget for the new library.\n\n${'Why '.repeat(70)}?`)));
});

test('quotation marks never closed, or thousands of them, are read in one pass', () => {
  for (const mark of ['«', '„', '"', '「', 'A. ']) {
    const text = mark.repeat(4000 / mark.length);
    // The best of three, so that a collection or a busy machine does not decide it.
    let elapsedMs = Infinity;
    for (let attempt = 0; attempt < 3; attempt++) {
      const started = performance.now();
      asksOfGivenText([text]);
      listsAnswerOptions(text);
      elapsedMs = Math.min(elapsedMs, performance.now() - started);
    }
    // The regex these replaced took 13–28 ms on such a line; one pass takes well under one.
    assert.ok(elapsedMs < 5, `${JSON.stringify(mark)} × ${4000 / mark.length}: ${elapsedMs.toFixed(1)} ms`);
  }
});

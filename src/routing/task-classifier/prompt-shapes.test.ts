import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asksForAText, asksOfGivenText, goesBeyondArithmetic, listsAnswerOptions, withoutFigureCode } from './prompt-shapes.js';

const lines = (prompt: string) => prompt.split('\n');

test('answer options A, B and C listed in order, as an exam writes them', () => {
  for (const text of ['This design is best described as A. an observational study B. a randomized block design C. a census', 'Which is correct? (A) 64% (B) About 41% (C) Neither', '这种抽样方法是：A. 简单随机抽样 B. 分层抽样 C. 整群抽样']) assert.ok(listsAnswerOptions(text), text);
  for (const text of ['Write A) and B) for me', 'A. only', 'A. x B. y A. z C. w', `A. x B. ${'y '.repeat(200)}C. z`]) assert.ok(!listsAnswerOptions(text), text);
});

test('a text asked for of what the prompt gives: the verb opens it or a sentence, or follows a please; never inside a sentence or an option', () => {
  for (const text of [
    'Write five more multiple-choice questions like this one: Which organelle makes ATP? A. Nucleus B. Mitochondrion C. Ribosome',
    'Here is a quiz question: Which river flows through Vienna? A) Rhine B) Elbe C) Danube. Translate it into German.',
    'Can you summarize these options? A. x B. y C. z',
    'Crea tres preguntas como esta: ¿Cuál es el océano más grande? A) Atlántico B) Índico C) Pacífico',
    'Bitte übersetze diese Frage ins Englische: Welcher Fluss fließt durch Wien? A) Rhein B) Elbe C) Donau',
    'Résume ce QCM en une phrase : Quel est le plus long fleuve de France ? A. La Seine B. Le Rhône C. La Loire',
    '出几道类似的题：下列哪个是哺乳动物？A. 鲨鱼 B. 鲸 C. 金枪鱼',
  ]) assert.ok(asksForAText(text.toLowerCase()), text);
  for (const text of [
    'The electron transport chain exists primarily to generate new molecules of ATP. Which ion is pumped? A. Na+ B. H+ C. K+',
    'Ethical issues in marketing include the fact that they create ________ needs. A. false B. real C. no',
    'The speech that opened the conference was mainly intended to A. summarize the research of the year B. persuade donors C. entertain',
    'Which of the following presidential powers is shared with the Senate? A. Deploying troops B. Drafting appropriations bills C. Negotiating treaties',
  ]) assert.ok(!asksForAText(text.toLowerCase()), text);
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

test('maths beyond the four operations is told from plain arithmetic, in the six languages', () => {
  const beyond = [
    'What is 7^222 mod 11?', 'Is 2**61 - 1 prime?', '¿Cuántos divisores tiene 10! ?', 'Combien de zéros termine 100! ?',
    'Ist 221 eine Primzahl?', 'la raíz cuadrada de 50', '2的100次方除以7的余数是多少？', '3の10乗はいくつ？', 'derivative of x^3 at 2',
    'log base 2 of 1024', '¿Cuánto es 3 elevado a 50?', 'Quanto fa 2 elevato alla 64?', 'Was ist 3 hoch 50?',
    '2的64次幂是多少？', 'what is 5 raised to the 30th', '¿Cuánto es 98765 por 43219?', '987654×123456は？',
    'What is 1,234,567 divided by 8,910?',
  ];
  const plain = [
    "What's 15% of 80?", '250円のりんごを4個買うといくら？', 'Un libro cuesta 20 euros con un 15 % de descuento, ¿cuánto pago?',
    'Wie viel sind 12 mal 13?', 'un train part à 8 h et roule 3 h, il arrive à quelle heure ?', '一共有35个苹果，分给7个人，每人几个？',
    'login failed 2 times in 5 minutes', 'Wie hoch ist die Miete bei 12 € pro m² und 70 m²?', 'What is 15% of 80,000?',
    'Un billet de 2024 coûte 35 €, combien pour 3 ?',
  ];
  for (const text of beyond) assert.ok(goesBeyondArithmetic(text), text);
  for (const text of plain) assert.ok(!goesBeyondArithmetic(text), text);
});

test("an Asymptote figure's code is cut and its mark kept; an unclosed figure runs to the end; other text is untouched", () => {
  assert.equal(withoutFigureCode('Find the area. [asy] draw((0,0)--(4,0)--(4,3)--cycle); [/asy] Give it in cm.'), 'Find the area. [asy] Give it in cm.');
  assert.equal(withoutFigureCode('[asy]a;[/asy] x [asy]b;[/asy] y'), '[asy] x [asy] y');
  assert.equal(withoutFigureCode('What is $x$? [asy] draw(A--B);'), 'What is $x$? [asy]');
  const plain = 'No figure here: draw(A--B); [/asy]';
  assert.equal(withoutFigureCode(plain), plain);
  // Marks without an end cost one pass, not one a mark.
  const marks = '[asy] '.repeat(20_000);
  const started = performance.now();
  assert.equal(withoutFigureCode(marks), '[asy]');
  assert.ok(performance.now() - started < 200);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asksForExplanation, asksForProof } from './open-questions.js';

test('a forecast of a price, a market or a trend is an open question, in the languages of the cues', () => {
  for (const prompt of ['is the s&p going to crash', 'will gold keep rising?', 'will inflation spike again in 2026?', 'Wird der DAX nächstes Jahr fallen?', "la bourse va-t-elle s'effondrer ?", '¿bajará el euríbor?', 'курс доллара вырастет?', '내년에 집값이 떨어질까?', '比特币还能涨吗', '新能源车会不会取代燃油车']) {
    assert.equal(asksForExplanation(prompt.toLowerCase()), true, prompt);
  }
  for (const prompt of ['will you go out with me?', 'what will you do this weekend?', 'wird es morgen regnen?']) {
    assert.equal(asksForExplanation(prompt.toLowerCase()), false, prompt);
  }
});

test('a proof asked for in French is a proof: "prouve", "prouvez"', () => {
  assert.equal(asksForProof('prouve le petit théorème de fermat'), true);
  assert.equal(asksForProof('prouvez que pi est irrationnel'), true);
  assert.equal(asksForProof('je te prouverai que j\'ai raison demain'), true, 'a proof of anything counts: the word only keeps a request off T1, and makes maths complex');
});

test('a past choice judged good or bad for someone is an open question in five languages, never small talk at T1', () => {
  for (const prompt of ['was nafta good for mexico?', 'le nucléaire a-t-il été un bon choix pour la france ?', 'fue una buena decisión salir del euro?', 'war das die richtige entscheidung für die bahn?', '消費税増税は正しい判断だったのか？']) {
    assert.equal(asksForExplanation(prompt), true, prompt);
  }
  for (const prompt of ['was the movie good?', 'that was a good meal']) assert.equal(asksForExplanation(prompt), false, prompt);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asksForExplanation, asksForProof } from './task-cues.js';

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
  assert.equal(asksForProof('je te prouverai que j\'ai raison demain'), true, 'a proof of anything counts: the rule is read for maths only');
});

test('the siblings riddle is a reasoning cue in the languages of the cues, and "fassen Sie sich kurz" asks for no summary', async () => {
  const { cuesIn } = await import('./task-cues.js');
  for (const prompt of ['David has three sisters. Each of them has one brother. How many brothers does David have?', 'Anna hat zwei Brüder. Jeder ihrer Brüder hat zwei Schwestern.', 'Paul a trois sœurs. Chacune de ses sœurs a un frère.', 'Lucía tiene cuatro hermanos. Cada uno de sus hermanos tiene una hermana.', 'Giulia ha tre fratelli. Ognuno dei suoi fratelli ha due sorelle.', '小明有三个姐姐，每个姐姐都有一个弟弟。', 'У Маши три брата. У каждого брата две сестры.']) {
    assert.ok(cuesIn(prompt.toLowerCase()).includes('reasoning'), prompt);
  }
  assert.ok(!cuesIn('verfassen sie eine e-mail an ihren chef. fassen sie sich kurz und prägnant.').includes('summarization'));
  assert.ok(!cuesIn('erklären sie den zusammenhang zwischen zins und inflation.').includes('summarization'));
  assert.ok(cuesIn('fassen sie den folgenden artikel in drei sätzen zusammen.').includes('summarization'));
  assert.ok(cuesIn('bitte eine zusammenfassung des berichts').includes('summarization'));
});

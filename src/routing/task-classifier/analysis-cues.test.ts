import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuesIn } from './task-cues.js';
import { assertCue, assertNoCue } from '../../../test/support/cue-assertions.js';

// The analysis family's cues (cues/analysis.ts): causes, judgements, choices weighed and measures questioned, each with what is not one.

test('a cause asked in Korean and "still worth it" in French are analysis', () => {
  assert.ok(cuesIn('우리 카페 매출이 여름에 오히려 줄었는데 원인이 뭘까?').includes('analysis'));
  assert.ok(cuesIn("est-ce que ça vaut encore le coup ou je passe aux séances à l'unité ?").includes('analysis'));
});

test('"is it a good idea…" asks for a judgement in four languages, whatever follows; "what a good idea!" does not', () => {
  for (const text of ['is it a good idea to rent instead of buying?', 'le passage à la semaine de quatre jours est-il une bonne idée pour une pme ?', 'wäre es eine gute idee, jetzt zu kaufen?', '¿es una buena idea invertir en oro?']) {
    assert.ok(cuesIn(text).includes('analysis'), text);
  }
  assertNoCue('analysis', ['what a good idea!', 'that was a good idea, thanks']);
});

test('clauses judged unfavourable to a party and a problem to solve first, asked at the end of a long document, are analysis cues', () => {
  for (const text of ['quelles clauses sont défavorables au locataire et lesquelles devrais-je négocier ?', 'which terms are unfavourable to us?', '根据这份调查，公司最应该优先解决哪些问题？']) assert.ok(cuesIn(text).includes('analysis'), text);
  // A word of the given text is no judgement asked: "the weather conditions were unfavorable" is shortened, not weighed.
  assert.ok(!cuesIn('shorten this: "due to the fact that the weather conditions were unfavorable, the event has been postponed."').includes('analysis'));
});

test('which of given options is better and terms unfair to a party are analysis in five languages; a capital asked and an unfair advantage are not', () => {
  for (const text of ['laquelle est la plus intéressante selon toi ?', 'welches angebot ist besser?', 'quale è meglio per una famiglia?', 'qué cláusulas te parecen abusivas para el inquilino', 'which terms are unfair to the tenant?', '这份合同里有哪些不公平条款']) {
    assert.ok(cuesIn(text).includes('analysis'), text);
  }
  assert.deepEqual(cuesIn('welche ist die hauptstadt von frankreich'), []);
  assert.deepEqual(cuesIn('they have an unfair advantage'), []);
});

test('a past policy judged in a line is analysis in six languages; a good idea to bring umbrellas, a meal and an evening are not', () => {
  for (const text of ['war die energiewende ein fehler?', "l'euro a-t-il été une bonne chose pour la france ?", 'was brexit a mistake?', '计划生育政策的长期影响是什么？', 'アベノミクスは成功だったのか？']) {
    assert.ok(cuesIn(text).includes('analysis'), text);
  }
  assert.deepEqual(cuesIn('it was a good idea to bring umbrellas'), []);
  assert.deepEqual(cuesIn('war das essen gut?'), []);
  assert.deepEqual(cuesIn('ça a été une bonne chose de venir'), []);
});

test('whether a past policy worked, asked in a line, is analysis; whether a meal or a test turned out is not', () => {
  for (const text of ['did the marshall plan actually work?', 'hat die agenda 2010 deutschland gutgetan?', 'la réforme des retraites de 2023 était-elle nécessaire ?', 'ゆとり教育は失敗だったのでしょうか？', 'la loi a-t-elle fonctionné ?']) {
    assert.ok(cuesIn(text).includes('analysis'), text);
  }
  assert.deepEqual(cuesIn('did you eat?'), []);
  assert.deepEqual(cuesIn('hat das geklappt?'), []);
  assert.deepEqual(cuesIn('テストは成功だった。'), []);
});

test('a past choice judged good or bad for someone is analysis; a film judged good is not', () => {
  for (const text of ['was nafta good for mexico?', 'le nucléaire a-t-il été un bon choix pour la france ?', '消費税増税は正しい判断だったのか？']) {
    assert.ok(cuesIn(text).includes('analysis'), text);
  }
  assert.deepEqual(cuesIn('was the movie good?'), []);
});

test('a ruler judged, a measure questioned and a central bank\'s next move are analysis in six languages; a good cook, dog or friend is not', () => {
  for (const text of ['was napoleon a good leader?', 'war bismarck ein guter kanzler?', 'de gaulle était-il un bon président ?', '¿fue franco un buen gestor económico?', '秦始皇是好皇帝吗？', '織田信長は名君だったのか？', 'sollte die ezb die zinsen senken?', '央行现在该降息吗？', 'war merkel eine gute kanzlerin?', 'mitterrand a-t-il été un bon président ?', 'ist die schuldenbremse noch zeitgemäß?', '延迟退休合理吗？', 'faut-il interdire les vols courts ?', '¿tiene sentido subir el salario mínimo otra vez?', '年金制度は持続可能なのか？']) {
    assert.ok(cuesIn(text).includes('analysis'), text);
  }
  for (const text of ['my dad is a good cook', 'was he a good dog?', 'did you hurt the cat?', 'er war ein guter freund', 'sie war eine gute lehrerin', 'fue un buen día']) assert.deepEqual(cuesIn(text), [], text);
});

test("what given figures or an ad show is analysis: a trend and what might explain it, an ad's audience, what is good and bad in a listing", () => {
  for (const text of ['given the sales figures below, what trend do you see and what might explain it?', 'identify the target audience of the following ad', 'tell me what is good and what is bad about this apartment listing', "what's good and what's not in this plan?", '¿qué tendencia ves en estos datos?', 'welche zielgruppe spricht diese anzeige an?']) {
    assert.ok(cuesIn(text).includes('analysis'), text);
  }
  assertNoCue('analysis', ['what is good for a sore throat?', 'trendy cafés in lisbon', 'write an ad for our target audience of new parents']);
});

test("the meaning of a poem or a song asked is an interpretation, in four languages; a word's meaning is not", () => {
  for (const text of ['what does this poem mean? point out its images', 'explain the meaning of the following lyrics', 'que signifie ce poème ? explique ses images.', 'was bedeutet dieses gedicht?', '这首诗的意思是什么？', '次の詩の意味を説明してください。']) {
    assert.ok(cuesIn(text).includes('analysis'), text);
  }
  assertNoCue('analysis', ['what does "serendipity" mean?', 'the meaning of life']);
});

test("what is weak or wrong about a given text is a critique; a résumé's summary section is no summary to write", () => {
  for (const text of ["here's my resume summary: 'hardworking team player.' what's weak about it?", 'what is missing in my cover letter?', "what's wrong with this plan?"]) {
    assert.ok(cuesIn(text).includes('analysis'), text);
  }
  assert.deepEqual(cuesIn("what's wrong with me today lol"), []);
  assert.deepEqual(cuesIn('summarize my resume'), ['summarization']);
});

test('what stands out in given results, asked in Japanese, is analysis', () => {
  assert.deepEqual(cuesIn('次のアンケート結果から、気になる点を指摘してください。'), ['analysis']);
});

test("a product analyst's role given in German is an analysis cue", () => {
  assert.deepEqual(cuesIn('du bist produktanalyst. nenne die zwei wichtigsten probleme im feedback.'), ['analysis']);
});

test("language judged for bias, as an app's reviewer is told to, is analysis in five languages; an essay about it is writing too", () => {
  for (const text of ['revisas ofertas de empleo buscando lenguaje discriminatorio y explicas cada problema.', "tu relis des offres d'emploi pour repérer le langage discriminant", '求人票に差別的な表現がないか確認し、問題点を説明してください。', 'point out any biased language in the posting below']) {
    assert.deepEqual(cuesIn(text), ['analysis'], text);
  }
  // A job ad is also a text to write: both cues, the model weighs them.
  assert.deepEqual(cuesIn('flag any biased language in this job ad'), ['writing', 'analysis']);
  assert.deepEqual(cuesIn('write an essay about discriminatory language in media'), ['writing', 'analysis']);
});

test('both sides of a question argued and weighed is analysis in six languages; both sides of an equation are not', () => {
  for (const text of [
    'should cities ban cars from their centres? argue both sides.',
    'weigh both sides of the debate on a four-day week',
    'argumentos a favor y en contra de la energía nuclear',
    'quels sont les arguments pour et contre la peine de mort ?',
    'nenne argumente dafür und dagegen',
    '请从正反两方面谈谈远程办公',
    '安楽死について賛否を述べてください',
  ]) {
    assert.ok(cuesIn(text).includes('analysis'), text);
  }
  assert.deepEqual(cuesIn('subtract 3 from both sides of the equation and solve for x'), ['math']);
  // An opinion piece's arguments for and against its position are writing's material: no analysis cue of their own.
  assert.ok(!cuesIn('what are some of the arguments for and against your position?').includes('analysis'));
});

test("a choice's drawbacks asked alone, in six languages and typed without accents, are weighed: analysis", () => {
  assertCue('analysis', [
    'what are the real drawbacks of an electric car if you live in a flat?',
    "c'est quoi les vrais inconvenients d'une voiture electrique quand on habite en appart",
    '¿qué desventajas tiene alquilar en vez de comprar?',
    'welche nachteile hat eine wärmepumpe im altbau?',
    '电动车有什么缺点',
  ]);
});

test('whether a choice makes sense, asked of it, is weighed: analysis; what a sentence means is not', () => {
  assertCue('analysis', ["est-ce que ça a du sens de passer au forfait 5g à 25 € par mois ?", 'would it make sense to move our shop to woocommerce?', '¿tiene sentido pagar la hipoteca antes?', 'ha senso comprare casa adesso?']);
  assert.ok(!cuesIn('quel est le sens de ce mot ?').includes('analysis'));
});

test("a forecast asked of a price, a market or a trend is weighed, in eight languages; a future fact and a sum's rise are not", () => {
  assertCue('analysis', [
    'will house prices in toronto drop next year?',
    'do you think ai will replace junior programmers within five years',
    '¿va a bajar el precio de la luz este invierno?',
    'les taux immobiliers vont-ils encore baisser en 2026 ?',
    'werden die mieten in münchen weiter steigen?',
    '明年房价会跌吗？',
    '来年、円安はまだ続くと思う？',
    'o preço da gasolina vai subir no ano que vem?',
  ]);
  assertNoCue('analysis', ['when is the next solar eclipse visible in europe?', '明天北京会下雨吗', 'the price will go up by 20% next month, what is the new price?']);
});

test('a measure judged good or bad, in the feminine too, and "¿es buena idea…?" without its article, are weighed', () => {
  assertCue('analysis', ["supprimer les notes à l'école primaire, bonne ou mauvaise idée ?", 'la reforma, ¿buena o mala?', '¿es buena idea prohibir los pisos turísticos?', '¿sería mala idea vender ahora?', '你预测一下今年下半年a股走势']);
});

test('a comparison asked with 对比, 优劣 or "compárame", and studies that contradict or disagree with each other, are weighed; an image\'s contrast is not', () => {
  assertCue('analysis', [
    '对比一下iphone和华为mate系列的拍照能力',
    '小米和oppo的手机各有什么优劣？',
    'compárame netflix, hbo max y disney plus en precio y catálogo',
    'why do nutrition studies about coffee keep contradicting each other?',
    'what are the main reasons remote work productivity studies disagree with each other',
    '¿por qué los estudios sobre el ayuno se contradicen tanto?',
  ]);
  assertNoCue('analysis', ['用python写一个函数，调整图片的对比度和亮度', '写一首短诗，用春天和冬天形成对比', 'the two characters contradict my idea of the plot']);
});

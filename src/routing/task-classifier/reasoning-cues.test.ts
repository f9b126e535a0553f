import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuesIn } from './task-cues.js';
import { assertCue, assertNoCue } from '../../../test/support/cue-assertions.js';

// The reasoning family's cues (cues/reasoning.ts): puzzles, riddles, syllogisms and exam logic, each with what is not one.

test('a Boolean expression is a puzzle, a country is no language, an age difference no puzzle', () => {
  assert.deepEqual(cuesIn('not ( true ) and ( true ) is'), ['reasoning']);
  assert.deepEqual(cuesIn('false or not not ( true and false ) is'), ['reasoning']);
  assert.deepEqual(cuesIn('is it true or false that goldfish forget in 3 seconds?'), []);
  assert.deepEqual(cuesIn('i live in germany and trade shares'), []);
  assert.deepEqual(cuesIn('say it in german please'), ['language']);
  assert.deepEqual(cuesIn('ana is older than ben and ben is older than carl'), ['reasoning']);
  assert.deepEqual(cuesIn('trent is 5 years older than jane'), ['math']);
});

test("a kinship puzzle's people are letters, and an odd one out has nothing to do with the others, in the other languages too", () => {
  for (const text of ['a es el padre de b. b es el padre de c. ¿cuál es la relación entre a y c?', 'a ist der vater von b', 'x est la sœur de y', 'quale parola non ha niente a che vedere con le altre?', "quel mot n'a rien à voir avec les autres ?"]) assert.deepEqual(cuesIn(text), ['reasoning'], text);
  assert.deepEqual(cuesIn('anne is the mother of tom'), []);
});

test("statements to judge true, false or uncertain are a puzzle's in French and Spanish too; a problem that consists of them is composed by nobody", () => {
  assert.deepEqual(cuesIn('chaque problème se compose de trois affirmations. selon les deux premières, la troisième est-elle vraie, fausse ou incertaine ?'), ['reasoning']);
  assert.deepEqual(cuesIn('según las siguientes afirmaciones, ¿quién miente?'), ['reasoning']);
  assert.deepEqual(cuesIn('compose a sonnet about rain'), ['writing']);
  assert.deepEqual(cuesIn('write me ten daily affirmations'), ['writing']);
});

test("someone lying is a liars' puzzle; lying awake, down or on a beach is a body at rest", () => {
  assert.deepEqual(cuesIn('if exactly one of them is lying, who broke the vase?'), ['reasoning']);
  assert.deepEqual(cuesIn('tom says anna is lying. anna says tom is lying.'), ['reasoning']);
  assert.deepEqual(cuesIn("i've been lying awake for like an hour every night"), []);
  assert.deepEqual(cuesIn('my back hurts after lying down'), []);
  assert.deepEqual(cuesIn('lying on the beach all week sounds great'), []);
});

test('weighings on a balance are a puzzle in German, French and Japanese too', () => {
  assert.deepEqual(cuesIn('und wenn ich nur zwei wiegungen habe?'), ['reasoning']);
  assert.deepEqual(cuesIn('neun kugeln und eine balkenwaage'), ['reasoning']);
  assert.deepEqual(cuesIn('en trois pesées seulement'), ['reasoning']);
  assert.deepEqual(cuesIn('天秤を2回だけ使って重いコインを見つけて'), ['reasoning']);
});

test("objects in a row and which is where among them are a puzzle's (BIG-Bench Hard's coloured objects)", () => {
  assert.deepEqual(cuesIn('on the desk, you see a set of things arranged in a row: a grey cup, a purple mug, and a blue teddy bear.'), ['reasoning']);
  assert.deepEqual(cuesIn('what is the color of the thing directly to the right of the cup?'), ['reasoning']);
  assert.deepEqual(cuesIn('what is the colour of the left-most thing?'), ['reasoning']);
  assert.deepEqual(cuesIn('what is the best color for a living room?'), []);
});

test("a syllogism's question is a puzzle's in five languages; the main causes asked in Russian or Japanese are analysis", () => {
  for (const text of ['se alguns médicos são professores e todos os professores são leitores, podemos concluir que alguns médicos são leitores?', 'peut-on conclure que tous les a sont c ?', 'можно ли сделать вывод, что все кошки серые?']) assert.ok(cuesIn(text).includes('reasoning'), text);
  for (const text of ['почему малые города теряют население? назови основные причины.', 'なぜ少子化が進んでいるのですか？主な要因を教えてください。', 'quali sono i pro e i contro di un master?']) assert.ok(cuesIn(text).includes('analysis'), text);
  assert.ok(cuesIn('put this into formal german for a client letter').includes('translation'));
});

test("a jug puzzle measures exactly; asking the assistant today's weekday is no day puzzle", () => {
  for (const text of ['tengo dos cubos, uno de 3 litros y otro de 5 litros. ¿cómo mido exactamente 4 litros?', 'how can you measure exactly 4 gallons with a 3 and a 5 gallon jug?']) assert.ok(cuesIn(text).includes('reasoning'), text);
  assert.ok(!cuesIn('今天星期几来着？').includes('reasoning'));
  assert.ok(cuesIn('如果今天是星期三，那么100天后是星期几？').includes('reasoning'));
});

test('a syllogism told in everyday words is a reasoning cue: all of a kind, then a question; "all my friends are going" is not', () => {
  for (const text of ['tous les chats de la voisine sont gris. ce chat est noir. est-ce un chat de la voisine ?', 'alle katzen sind säugetiere. einige säugetiere können schwimmen. folgt daraus, dass einige katzen schwimmen können?', '所有会游泳的人都去了海边，小李没去海边，小李会游泳吗？', '犬を飼っている人はみんな朝に散歩する。田中さんは朝に散歩しない。田中さんは犬を飼っている？']) {
    assert.ok(cuesIn(text).includes('reasoning'), text);
  }
  assert.deepEqual(cuesIn('all my friends are going to the party. should i go?'), []);
  assert.ok(!cuesIn('every hour a bakery makes 5 trays of cookies. how many trays by noon?').includes('reasoning'));
});

test("a critical-reasoning question's options ('if true, most weakens…', 'can be derived', 可以得出以下哪项) are reasoning cues; an argument made in passing is not", () => {
  for (const text of ['which of the following, if true, most seriously weakens the argument?', 'the argument assumes which of the following?', '根据以上陈述，可以得出以下哪项？', '以下哪项如果为真，最能质疑上述结论？', 'laquelle des affirmations suivantes affaiblit le plus ce raisonnement ?']) {
    assert.ok(cuesIn(text).includes('reasoning'), text);
  }
  assert.ok(!cuesIn('this will strengthen the case for a new stadium').includes('reasoning'));
});

test('an island of truth-tellers and liars is a puzzle in German, French, Spanish, Italian and Portuguese; one person who always lies is not', () => {
  for (const text of ['auf einer insel lügen die bewohner immer oder sagen immer die wahrheit. a sagt: „wir beide sind lügner.“', 'les chevaliers disent toujours la vérité et les fripons mentent toujours', 'los caballeros siempre dicen la verdad y los escuderos siempre mienten', 'gli abitanti dicono sempre la verità oppure mentono sempre', 'os cavaleiros dizem sempre a verdade']) {
    assert.deepEqual(cuesIn(text), ['reasoning'], text);
  }
  assert.deepEqual(cuesIn('er lügt immer, was soll ich tun'), []);
});

test('the puzzles known by name (Monty Hall, the two envelopes, the blue-eyed islanders, the prisoners and the light bulb, the prisoner\'s dilemma, the pirates\' gold, the zebra) are puzzles in six languages; blue eyes are not', () => {
  for (const text of ["100 prisoners and a light bulb: what's the strategy?", 'das ziegenproblem: soll man wechseln? begründe.', "le paradoxe des deux enveloppes : où est l'erreur ?", '蓝眼睛岛问题怎么解？', 'モンティ・ホール問題で扉を変えるべき理由は？', 'el problema de monty hall', '囚人のジレンマで合理的な選択は何か？', '海盗分金问题的最优解是什么？', 'the pirate gold problem with 5 pirates, who gets what?', 'das zebrarätsel: wem gehört das zebra?', 'the hardest logic puzzle ever: three gods']) {
    assert.ok(cuesIn(text).includes('reasoning'), text);
  }
  assert.deepEqual(cuesIn('she has blue eyes'), []);
});

test('appointments placed without overlaps, a word that fits two definitions and a film guessed from emoji are puzzles; a calendar app or a word count is not', () => {
  for (const text of ['arrange the meetings below into one afternoon without overlaps', 'schedule them so nobody is double-booked', 'organise les trois rendez-vous sans chevauchement', '三个会议怎么安排才不重叠？', 'find the word that fits both definitions', 'guess the film from the emoji: 🦁👑']) {
    assert.deepEqual(cuesIn(text), ['reasoning'], text);
  }
  for (const text of ['my calendar shows overlapping events', 'how many words fit on a page?', 'i guess the movie was fine']) assert.ok(!cuesIn(text).includes('reasoning'), text);
});

test("the odd one out as French asks it, the siblings riddle with « chacune d'entre elles », and a race overtaken as Japanese orders it are puzzles", () => {
  for (const text of ["quel mot n'a pas sa place parmi les autres : pomme, poire, carotte, cerise ?", "quel nombre n'a pas sa place dans cette série : 3, 6, 9, 11 ?", "léa a deux frères. chacun d'entre eux a une sœur. combien de sœurs léa a-t-elle ?", 'マラソンで最後の走者を追い越したら、あなたは何位ですか？']) {
    assert.ok(cuesIn(text).includes('reasoning'), text);
  }
  assert.ok(!cuesIn("ce canapé n'a pas sa place dans le salon, où le mettre ?").includes('reasoning'));
});

test('the kilo of feathers against the kilo of iron, and "the more you wash it, the dirtier" (越洗越脏), are riddles; gold weighing more than silver is a fact', () => {
  assertCue('reasoning', ['¿qué pesa más, un kilo de plumas o un kilo de hierro?', 'was wiegt mehr, ein kilo federn oder ein kilo eisen?', "qu'est-ce qui pèse le plus, un kilo de plumes ou un kilo de plomb ?", '什么东西越洗越脏？', 'パンはパンでも食べられないパンはなーんだ？']);
  assert.deepEqual(cuesIn('el oro pesa más que la plata'), []);
});

test('the river crossing with its boat and the wrongly labelled boxes are puzzles in five languages; where to cross a river by car and mislabelled training data are not', () => {
  assertCue('reasoning', [
    'um fazendeiro precisa atravessar um rio com um lobo, uma cabra e um repolho. o barco só leva ele e mais um. como ele faz?',
    'un granjero tiene que cruzar un río con un zorro, una gallina y un saco de maíz; el bote solo lleva dos cosas',
    'ein bauer will einen wolf, eine ziege und einen kohlkopf über den fluss bringen, das boot trägt nur ihn und eine sache',
    "três caixas estão rotuladas erradamente como 'canetas', 'lápis' e 'misturado'",
    'three mislabeled boxes: apples, oranges, mixed',
  ]);
  assertNoCue('reasoning', ['¿dónde se puede cruzar el río ebro en coche?', 'how do i handle mislabeled samples in my training data?']);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asksForProof } from './open-questions.js';
import { cuesIn } from './task-cues.js';

/**
 * Cue words in their other senses: a cue that opens a longer everyday word ("computer", "eigentlich", "proveedor"), one
 * that stands in a set phrase of another meaning ("point de vue", "sacar conclusiones", 比较好), and the everyday words
 * found missing beside them. The rest of the cues' specification is in task-cues.test.ts.
 */

test('"point de vue" names no framework, "eigentlich" no eigenvalue; "réécris", "reescribe" and "en una sola frase" are cues', () => {
  assert.deepEqual(cuesIn('quel est le point de vue de l\'auteur ?'), []);
  for (const text of ['vue3里父组件怎么调用子组件的方法？', 'build a vue component with a slot', 'in vue 3, how do i watch a prop?']) assert.ok(cuesIn(text).includes('code'), text);
  assert.deepEqual(cuesIn('was sind die eigentlichen gründe?'), []);
  for (const text of ['find the eigenvalues of this matrix', 'berechne die eigenwerte', 'eigenvectors of a symmetric operator']) assert.ok(cuesIn(text).includes('math'), text);
  assert.ok(cuesIn('réécris-la du point de vue du chien.').includes('writing'));
  assert.ok(cuesIn('reescribe este mensaje más amable').includes('writing'));
  assert.ok(cuesIn('¿me lo puedes dejar en una sola frase?').includes('summarization'));
});

test('a proof is asked for with "zeig, dass" and "…ことを示して" too, and a study that shows is no proof', () => {
  for (const text of ['zeig dass die wurzel aus 3 irrational ist', 'zeig, dass es unendlich viele primzahlen gibt', '√2が無理数であることを示して']) assert.ok(asksForProof(text), text);
  assert.ok(!asksForProof('die studie zeigt, dass kaffee gesund ist'));
});

test('a maths word inside an everyday one is no maths cue: "proveedor", "proofed", "waterproof", "计算机", "几个角度", a medieval knight', () => {
  for (const text of ['le rogamos que nos envíe la factura del proveedor', 'i proofed the dough for 4 hours', 'waterproof hiking boots', 'a leak-proof bottle', 'we built a proof of concept', '本科计算机专业，两年前端经验', '请从经济、文化和政策几个角度分析']) {
    assert.ok(!cuesIn(text).includes('math'), text);
    assert.ok(!asksForProof(text), text);
  }
  for (const text of ['prove that there are infinitely many primes', 'the proof of the lemma', '计算这个积分', '小明有几个兄弟？']) assert.ok(cuesIn(text).includes('math'), text);
  assert.ok(!cuesIn('act as a medieval knight and tell me about the feast').includes('reasoning'));
  assert.ok(cuesIn('on an island, knights always tell the truth and knaves always lie').includes('reasoning'));
});

test('a cue word opening a longer everyday word is no cue: a computer, quantum physics, Halloween, mercies, a logiciel, Erlangen, a new product line', () => {
  assert.ok(!cuesIn('sul computer il logo è a sinistra').includes('math'));
  assert.ok(cuesIn('compute the mean of these values').includes('math'));
  assert.ok(!cuesIn('¿qué es la física cuántica?').includes('math'));
  assert.ok(cuesIn('¿cuántos huevos quedan?').includes('math'));
  for (const text of ['ideas for a halloween costume?', 'he begged for their mercies', 'a salute to the troops']) assert.ok(!cuesIn(text).includes('chat'), text);
  assert.ok(!cuesIn('quel logiciel de montage choisir ?').includes('reasoning'));
  assert.ok(!cuesIn('¿qué conclusiones sacas de estas ventas?').includes('extraction'));
  assert.ok(cuesIn('saca el nombre del cliente y el número de pedido').includes('extraction'));
  for (const text of ['siemens eröffnet ein werk in erlangen', 'queremos rediseñar la web', 'redistribute the load evenly']) assert.ok(!cuesIn(text).includes('code'), text);
  assert.ok(!cuesIn('découvrez notre nouvelle gamme bio').includes('writing'));
  for (const text of ['écris une nouvelle de science-fiction', 'une courte nouvelle qui commence par une lettre', 'le premier paragraphe d\'une nouvelle policière']) assert.ok(cuesIn(text).includes('writing'), text);
});

test('Chinese and Japanese cue words in their other senses are no cues: 抽出时间, 要素数, 比较好, 推理小说, 正直に, 全天平均, 有多个', () => {
  assert.ok(!cuesIn('感谢您百忙之中抽出时间参加').includes('extraction'));
  assert.ok(cuesIn('名前と会社名を抽出してください').includes('extraction'));
  assert.ok(!cuesIn('リストの要素数を返す関数').includes('math'));
  assert.ok(!cuesIn('周末去哪里玩比较好？').includes('analysis'));
  assert.ok(cuesIn('比较一下特斯拉和比亚迪').includes('analysis'));
  assert.ok(!cuesIn('有什么好看的推理小说推荐吗').includes('reasoning'));
  assert.ok(!cuesIn('正直に言うと最近疲れてる').includes('reasoning'));
  assert.ok(cuesIn('この中で正直者は誰？').includes('reasoning'));
  assert.ok(!cuesIn('全天平均每小时来多少客人').includes('reasoning'));
  assert.ok(cuesIn('用天平称三次找出那个球').includes('reasoning'));
  assert.ok(!cuesIn('如果有多个结果，返回第一个').includes('chat'));
});

test('weak points asked of a plan are an analysis cue, and what a text says in everyday words a summary cue', () => {
  for (const text of ['lee esta propuesta y dime sus puntos débiles', 'what are the weaknesses of this plan?', 'quels sont les points faibles de ce projet ?', '这个方案有哪些不足之处？', 'この計画の弱みは？']) assert.ok(cuesIn(text).includes('analysis'), text);
  for (const text of ['这篇新闻主要讲了啥？', "qu'est-ce qu'il faut retenir de ce communiqué ?"]) assert.ok(cuesIn(text).includes('summarization'), text);
});

test('a program that finds something (…を求める関数) is no maths cue, a value asked for (…を求めて) still is', () => {
  for (const text of ['二つの文字列の最長共通部分列の長さを求めるPython関数があります', '配列の最大値を求めるプログラムを書いて', '部署ごとの人数を求めるSQLクエリ']) assert.ok(!cuesIn(text).includes('math'), text);
  for (const text of ['三角形の面積を求めてください。', '2次関数 y = x² − 6x + 5 の頂点の座標を求めよ', '確率を求める問題です']) assert.ok(cuesIn(text).includes('math'), text);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuesIn } from './task-cues.js';
import { assertCue } from '../../../test/support/cue-assertions.js';

// The code family's cues (cues/code.ts).

test('a framework, platform or tool that only programming names is a code cue, whatever language the request is in', () => {
  assert.deepEqual(cuesIn('a responsive login page in flutter with a dark theme'), ['code']);
  assert.deepEqual(cuesIn('what steps should i take to install wifi drivers on gentoo?'), ['code']);
  assert.deepEqual(cuesIn('distinct count in power bi except for eight values'), ['code']);
  assert.deepEqual(cuesIn('mi sketch de arduino no lee el sensor'), ['code']);
  assert.deepEqual(cuesIn('unity3d でキャラクターを球面に沿って歩かせたい'), ['code']);
});

test('an atomic compare-and-exchange is code, not a comparison', () => {
  assert.deepEqual(cuesIn('in c++, can i atomically compare and exchange an atomic integer?'), ['code']);
  assert.ok(cuesIn('compare the two offers').includes('analysis'));
});

test("an agent's chores are code: a deploy, a CI run, a pull request, a source file or .env named", () => {
  for (const text of ['the deploy failed again, can you check the last ci run logs?', 'lies bitte die datei src/server.ts und sag mir, warum der port aus der .env nicht übernommen wird', '修正のプルリクエストを作って']) assert.deepEqual(cuesIn(text), ['code'], text);
  assert.deepEqual(cuesIn('his deployment abroad lasted a year'), []);
});

test('a database, its schema and its foreign keys are code in every language of the set, as "database" is in English', () => {
  for (const text of ['entwirf ein datenbankschema für eine arztpraxis', 'conçois une base de données pour une bibliothèque', 'diseña una base de datos para un gimnasio', '帮我设计一个数据库表结构', '予約システムのデータベース設計', 'lege einen fremdschlüssel an', 'ajoute une clé étrangère', 'qué es una clave foránea', '说明主键和外键', 'テーブルと外部キーを示して']) {
    assert.deepEqual(cuesIn(text), ['code'], text);
  }
});

test("a programming contest's statement is a code cue by its sections and bounds, whatever story it tells", () => {
  assert.deepEqual(cuesIn('the kingdom has n castles joined by m roads. n, m ≤ 2·10^5. find the cheapest way to connect them'), ['code']);
  assert.deepEqual(cuesIn('first line contains t. sample input: 3 1 2 3 sample output: 6'), ['code']);
  assert.deepEqual(cuesIn('农夫有n头牛，输入格式：第一行一个整数n'), ['code']);
  // A bound on a number in a maths question is none: 10^5 written without one, or a plain inequality (divisibility is maths').
  assert.deepEqual(cuesIn('is 10^5 + 1 divisible by 11?'), ['math']);
});

test('a page laid out one way on a large screen and another on a small one is web front-end work: a code cue', () => {
  assert.deepEqual(cuesIn('three cards side by side on desktop, stacked on phones'), ['code']);
  assert.deepEqual(cuesIn('画像を3枚並べて、スマホの時は縦にしたい'), ['code']);
  assert.deepEqual(cuesIn('a responsive website for my bakery'), ['code']);
  assert.deepEqual(cuesIn('plans in three columns that stack on small screens'), ['code']);
  assert.deepEqual(cuesIn('网页在电脑上两栏'), ['code']);
  // A desktop computer and a phone in other words are not a layout.
  assert.deepEqual(cuesIn('should i buy a desktop. i already have a phone'), []);
});

test("a programming exercise's \"given an array…, return…\" is a code cue; returning a book given as a gift is not", () => {
  for (const text of ['given a string s, return the length of the longest substring without repeating characters.', 'you are given an array of intervals. merge the overlapping ones and return the result.']) {
    assert.ok(cuesIn(text).includes('code'), text);
  }
  assert.ok(!cuesIn('i was given a book as a gift, can i return it?').includes('code'));
});

test('R, Julia, Elixir, Ruby, Swift, Stata, Rails and LaTeX name code; a trip to Rome, a ruby ring, going off the rails and latex gloves do not', () => {
  for (const text of ['how do i do this in r?', 'ggplot2 legend position', 'in julia, how do i read a csv', 'elixir genserver timeout', 'ruby method missing', 'in swift, how can i write pattern-matching with conditionals?', 'stata regression command', 'rails migration fails', 'latex table with merged cells', 'how to center a div']) {
    assert.ok(cuesIn(text).includes('code'), text);
  }
  for (const text of ['i live in rome', 'a ruby ring for my wife', 'my week went off the rails', 'latex gloves for cleaning', 'thanks for the swift reply']) assert.ok(!cuesIn(text).includes('code'), text);
});

test('a system to design named by what only distributed software has is code in six languages; implementing, in French, too; a distributed team is not', () => {
  for (const text of ['diseña un sistema de colas distribuido tolerante a fallos.', 'entwirf eine architektur für ein echtzeit-chatsystem mit 10 millionen nutzern.', 'conçois un moteur de recherche plein texte pour 1 milliard de documents.', '设计一个高并发秒杀系统。', '分散キーバリューストアを設計してください。', 'design a distributed job scheduler', 'entwirf einen verteilten cache mit konsistenzgarantien.']) {
    assert.ok(cuesIn(text).includes('code'), text);
  }
  assert.deepEqual(cuesIn('implémente un allocateur mémoire à la main en c.'), ['code']);
  assert.deepEqual(cuesIn('a distributed team with offices in three cities'), []);
});

test("a spreadsheet's error values and functions, and kubectl, are code's; a hashtag is not", () => {
  for (const text of ['googleスプレッドシートで別シートの値を参照すると#ref!になる。原因は？', 'sumif gibt immer #wert! zurück', 'why does my formula return #n/a?', 'countif counts zero', 'kubectl says crashloopbackoff for my pod']) {
    assert.ok(cuesIn(text).includes('code'), text);
  }
  assert.deepEqual(cuesIn('#tbt to our trip to lisbon'), []);
});

test('a robot (ロボット) in a Japanese story is no bot to build', () => {
  assert.ok(!cuesIn('猫とロボットが主人公の童話のあらすじを考えてください').includes('code'));
  assert.ok(cuesIn('discordのボットを作りたい').includes('code'));
});

test('a front or back end and an app that crashes, named in Chinese or Japanese, are code cues', () => {
  assertCue('code', ['前端页面在iphone上样式错乱，原因可能有哪些？', 'app一打开就闪退', 'androidアプリがapi通信のときだけクラッシュする', 'バックエンドのapiが遅い']);
});

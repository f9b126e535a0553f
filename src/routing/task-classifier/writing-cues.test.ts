import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuesIn } from './task-cues.js';
import { assertCue } from '../../../test/support/cue-assertions.js';
import { asksForSoftware } from './software-requests.js';

// The writing family's cues (cues/writing.ts) and the texts written for a program rather than the program (software-requests.ts).

test('a given text expanded or moved to another grammatical person is writing; a business expanded or the first person to do something is not', () => {
  for (const text of ['expand the following note into a full paragraph', 'amplía la siguiente frase con más detalles', 'change the paragraph from first person to second person', 'rewrite it in the third person', 'développe cette phrase']) {
    assert.deepEqual(cuesIn(text), ['writing'], text);
  }
  for (const text of ['we want to expand our business to spain', 'who was the first person to climb everest?', 'give it to the first person who asks', 'a first person shooter for kids']) {
    assert.ok(!cuesIn(text).includes('writing'), text);
  }
});

test("a website's page text is writing, not a website to build; a website, a game or a clone asked for is still software", () => {
  for (const text of ["write the 'about us' section of a website for the bakery below", 'write a tagline for our app', 'create a welcome message for our discord bot', 'write a short bio for my portfolio website']) {
    assert.ok(!asksForSoftware(text), text);
  }
  for (const text of ['build a website for my bakery', 'create a tic-tac-toe game', 'make a copy of this website', 'build a biography app']) assert.ok(asksForSoftware(text), text);
});

test('an analysis written, or a film scene analysed, names no writing; a scene, a motto or an essay to write does', () => {
  assert.deepEqual(cuesIn('write a short analysis of how the opening scene of the film jaws builds suspense.'), ['analysis']);
  assert.ok(!cuesIn('write a critical comparison of the two plans').includes('writing'));
  for (const text of ['write the opening scene of a thriller', 'write the final scene of the play', 'suggest a motto for our cycling club', 'give me five mottos for a gym', 'write an essay on tides']) {
    assert.ok(cuesIn(text).includes('writing'), text);
  }
  for (const text of ['what is the motto of harvard?', 'my motto is live and let live']) assert.ok(!cuesIn(text).includes('writing'), text);
});

test("a copywriter's role given in a system prompt is a writing cue in Spanish, French and German", () => {
  for (const text of ['eres redactor de una agencia de viajes.', 'tu es rédacteur web.', 'du bist texter für eine agentur.']) assert.deepEqual(cuesIn(text), ['writing'], text);
});

test('push notifications to write are writing; push notifications to implement are not', () => {
  for (const text of ['you write friendly push notifications of at most 90 characters.', 'draft three push notifications for the sale', 'あなたは親しみやすいプッシュ通知を40文字以内で書くライターです。']) {
    assert.deepEqual(cuesIn(text), ['writing'], text);
  }
  assert.ok(!cuesIn('how do i implement push notifications in flutter').includes('writing'));
});

test('fiction, verse and scripts are asked for by their genre: writing cues, and a script of a scene is no program', () => {
  assert.deepEqual(cuesIn('lyrics for an intro song to a cartoon about a clumsy villain'), ['writing']);
  assert.deepEqual(cuesIn('a script of two detectives meeting in a train station'), ['writing']);
  assert.deepEqual(cuesIn('genera el guion de un corto sobre dos hermanos'), ['writing']);
  assert.deepEqual(cuesIn('fais un dialogue entre socrate et un banquier'), ['writing']);
  assert.deepEqual(cuesIn('给我编一段相声'), ['writing']);
  assert.deepEqual(cuesIn('この設定で短いシナリオを考えて'), ['writing']);
  assert.deepEqual(cuesIn('a 30-second tv ad script for a family pizzeria'), ['writing']);
  // Not a genre: a program's script, docker compose, a reimbursement, a song recommended, a go-to-market plan.
  assert.deepEqual(cuesIn('draft a go to market plan for our app'), ['writing']);
  assert.deepEqual(cuesIn('a script to rename all files in a folder'), ['code']);
  assert.deepEqual(cuesIn('docker compose up exits with code 137'), ['code']);
  assert.deepEqual(cuesIn('what is our reimbursement policy for hotels'), []);
  assert.deepEqual(cuesIn('any song recommendations for a road trip?'), ['chat']);
});

test('a text of one\'s own to correct is writing; a program\'s text field is not', () => {
  for (const text of ['correct my english: i am agree with you', 'fix my grammar please', 'corrige mon texte : je suis allé a la plage', 'korrigiere meinen brief an den vermieter', 'corrige este texto', 'correggi questa frase']) assert.deepEqual(cuesIn(text), ['writing'], text);
  assert.ok(!cuesIn('fix the text field in my form').includes('writing'));
});

test('a poem, a story or a song is asked for in more languages than the six: Vietnamese, Persian, Hebrew, Czech, Russian', () => {
  for (const text of ['làm một bài thơ ca ngợi con người', 'یک شعر فارسی بساز', 'כתוב לי סיפור עליך', 'vymysli smyšlený příběh', 'придумай песню про дракона', 'thơ về biển']) assert.deepEqual(cuesIn(text), ['writing'], text);
  assert.deepEqual(cuesIn('история россии в двадцатом веке'), [], 'history is no story');
});

test('a story asked for in Japanese as "話" is a writing cue', () => {
  assert.deepEqual(cuesIn('猫が主人公の話を一つ作って'), ['writing']);
  assert.deepEqual(cuesIn('子どもに聞かせるお話を考えて'), ['writing']);
});

test('a story told on request is a writing cue in French, Spanish and Italian, where the word alone is history too', () => {
  assert.deepEqual(cuesIn('raconte-moi une histoire de pirates'), ['writing']);
  assert.deepEqual(cuesIn('cuéntame una historia de un dragón'), ['writing']);
  assert.deepEqual(cuesIn('raccontami una storia su un cane'), ['writing']);
  assert.deepEqual(cuesIn("l'histoire de la révolution française en bref"), []);
});

test('a given text to correct or to make sound another way is writing; errors in a program and a louder bass are not', () => {
  for (const text of ['corrige las faltas y mejora la redacción de este texto', 'corrige ce texte, stp', 'verbessere meinen text für die bewerbung', '帮我改一下错别字', 'make this paragraph sound friendlier and less corporate', 'make my bio read a bit warmer', 'tighten up this intro for my newsletter']) {
    assert.ok(cuesIn(text).includes('writing'), text);
  }
  assert.deepEqual(cuesIn('corrige los errores de este código'), ['code']);
  assert.deepEqual(cuesIn('make the bass sound louder'), []);
  assert.deepEqual(cuesIn('tighten the bolts on the wheel'), []);
});

test('a poem named by its form alone is writing: pantoum, villanelle, espinela, Sonett', () => {
  for (const text of ['una décima espinela sobre el mar.', "un pantoum sur l'insomnie.", 'a villanelle about loss', 'ein sonett über den herbst']) {
    assert.deepEqual(cuesIn(text), ['writing'], text);
  }
});

test('a speech to write, named with "a" or "my", is writing in Spanish, French, German and Italian; a speech analysed, or "keine Rede", is not', () => {
  for (const text of ['necesito un discurso corto para la boda de mi mejor amigo', 'aide-moi à écrire un discours de deux minutes', 'ich brauche eine rede zum 50. geburtstag', 'mi serve un discorso per il matrimonio']) {
    assert.ok(cuesIn(text).includes('writing'), text);
  }
  for (const text of ['analiza el discurso del presidente', 'davon kann keine rede sein']) assert.ok(!cuesIn(text).includes('writing'), text);
});

test('a reply asked for is writing; "no need to reply" and a text sent in several parts (分几次) name no task', () => {
  assert.ok(cuesIn('帮我回复这封邮件').includes('writing'));
  assert.deepEqual(cuesIn('接下来我会分几次发给你一篇论文的内容，你先不用回复，等我说“发完了”再开始。'), []);
});

test("a character's backstory, a setting's lore and a motto (in German too) are texts to write; a game's lore asked about is not", () => {
  assertCue('writing', ['i need a backstory for my rogue character', 'come up with some lore for a floating city in my homebrew campaign', 'wir brauchen ein motto für unser sommerfest', 'うちのパン屋のスローガンを5つ考えて']);
  assert.deepEqual(cuesIn("what's the lore of elden ring about?"), []);
});

test("a series' pitch (le pitch d'une série) and an elevator pitch are texts to write; a note's pitch is not", () => {
  assertCue('writing', ["donne-moi le pitch d'une série policière", 'give me an elevator pitch for my app']);
  assert.deepEqual(cuesIn('the pitch of the note rises'), []);
});

test('German "denk dir … aus" makes up a text; a number thought of is no text', () => {
  assert.ok(cuesIn('denk dir eine sage aus, warum der bodensee so blau ist.').includes('writing'));
  assert.ok(!cuesIn('denk dir eine zahl aus und verdopple sie').includes('writing'));
});

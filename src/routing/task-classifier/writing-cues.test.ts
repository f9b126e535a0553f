import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuesIn } from './task-cues.js';
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

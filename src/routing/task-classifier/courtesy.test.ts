import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isOnlyGreeting, isOnlyThanks, withoutCourtesy } from './courtesy.js';
import { asksSomething } from './request-reading.js';
import { assertFamily } from '../../../test/support/shipped-classifier.js';

const alone = (prompt: string) => withoutCourtesy(prompt, false, asksSomething);

test('a greeting before a request and a thanks after it are left out, in the languages of the set', () => {
  const cases: [string, string][] = [
    ["Hi! What's 15% of 80?", "What's 15% of 80?"],
    ['hey, write me a bash one liner', 'write me a bash one liner'],
    ['hey can u write me a bash one liner', 'can u write me a bash one liner'],
    ['Write a haiku about rain. Thanks in advance!', 'Write a haiku about rain.'],
    ['my useEffect runs twice on mount Thanks!', 'my useEffect runs twice on mount'],
    ['¡Hola! Traduce al inglés: buenos días. ¡Gracias!', 'Traduce al inglés: buenos días.'],
    ['Bonjour ! Résume ce texte en deux phrases. Merci !', 'Résume ce texte en deux phrases.'],
    ['你好！请帮我翻译这句话：我很累。谢谢！', '请帮我翻译这句话：我很累。'],
    ['こんにちは！この文を英語に訳してください。よろしくお願いします。', 'この文を英語に訳してください。'],
    ['  \n\nWhat is 2+2?\n\n ', 'What is 2+2?'],
  ];
  for (const [prompt, request] of cases) assert.equal(alone(prompt), request, prompt);
});

test('a bare plea for help before the request is left out too', () => {
  const cases: [string, string][] = [
    ['Hi! Can you help me with this? Convert 5 miles to km.', 'Convert 5 miles to km.'],
    ['Kannst du mir helfen? Ich brauche eine E-Mail an meinen Chef.', 'Ich brauche eine E-Mail an meinen Chef.'],
    ['Can you help me write a poem?', 'Can you help me write a poem?'],
    ['Please convert 5 miles to km.', 'convert 5 miles to km.'],
  ];
  for (const [prompt, request] of cases) assert.equal(alone(prompt), request, prompt);
});

test("an assistant's generic role before the request is left out; a role that is the request stays", () => {
  const cases: [string, string][] = [
    ['You are a helpful assistant. What is the capital of Peru?', 'What is the capital of Peru?'],
    ['You are an expert. Why did the Roman Empire fall?', 'Why did the Roman Empire fall?'],
    ['你是一个乐于助人的助手。秘鲁的首都是哪里？', '秘鲁的首都是哪里？'],
    ['You are a pirate. Tell me about your ship.', 'You are a pirate. Tell me about your ship.'],
  ];
  for (const [prompt, request] of cases) assert.equal(alone(prompt), request, prompt);
});

test('a greeting or a thanks that is the message, or part of the request, stays', () => {
  for (const prompt of ['Hi!', 'Can you help me?', 'Hello in Japanese?', 'Hello World program in C', 'How do you say thank you', 'write a poem about the city']) {
    assert.equal(alone(prompt), prompt);
  }
  // "that helps, thanks!" is appreciation: what is left ("that helps") is too short to be a request of its own.
  assert.equal(alone('that helps, thanks!'), 'that helps, thanks!');
  // In a conversation, what is left must name a task: "that really helps a lot" is still thanks for the answer.
  assert.equal(withoutCourtesy('that really helps a lot, thanks!', true, asksSomething), 'that really helps a lot, thanks!');
  assert.equal(withoutCourtesy('Now translate it into French, thanks!', true, asksSomething), 'Now translate it into French,');
});

test('the family of a request is the same with a greeting before it and a thanks after it', () => {
  assertFamily('math', ["Hi! What's 15% of 80?", 'Hello, convert 72 degrees Fahrenheit to Celsius. Thanks!']);
  assertFamily('code', ['Hi! How do I exit vim?', '¡Hola! oye como hago un merge de dos branches en git sin perder mis cambios?? ¡Gracias!']);
  assertFamily('reasoning', ['Bonjour ! Si avant-hier était mardi, quel jour sommes-nous ?', 'こんにちは！明日が日曜日なら、昨日は何曜日？']);
  assertFamily('translation', ['你好！“苹果”用德语怎么说？', "Hi there! What's 'cat' in German? Thanks so much!"]);
  assertFamily('chat', ['Hi! How are you today?', 'Hallo! Wie geht es dir?']);
});

test('a turn that is a greeting and no more is told from one that asks something', () => {
  for (const turn of ['Hi!', 'hello', 'Hello, how are you?', '你好', 'こんにちは！', '¡Hola!']) assert.ok(isOnlyGreeting(turn), turn);
  for (const turn of ['Hi! Write me a haiku about rain.', 'Hello in Japanese?', 'What is the capital of France?']) assert.ok(!isOnlyGreeting(turn), turn);
});

test('a turn that only thanks or approves closes the exchange, in every language of the cues; one that asks more, or only says yes, does not', () => {
  for (const turn of ['thanks, that helps!', 'Ok thanks, bye', 'perfect, thank you so much', 'gracias, me sirvió mucho', '¡Perfecto, muchas gracias!', 'Danke, das hilft mir sehr!', "merci, c'est parfait", '谢谢，很有帮助！', '好的，明白了，谢谢', 'ありがとう、助かりました！', 'grazie mille, perfetto', 'obrigado, ajudou muito']) assert.ok(isOnlyThanks(turn), turn);
  for (const turn of ['perfect, now do the same in Go', '谢谢！能再加个注释吗？', 'gracias, ¿y en Java?', 'yes please', 'great, but it fails on None values', 'ありがとう！TypeScript版もお願い', 'How do I say thank you in German?']) assert.ok(!isOnlyThanks(turn), turn);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withoutAnswerManner } from './answer-manner.js';
import { isLongEnough } from './courtesy.js';
import { assertFamily } from '../../../test/support/shipped-classifier.js';

const read = (prompt: string) => withoutAnswerManner(prompt, isLongEnough);

test('a last sentence that says how to answer is left out, in the languages of the set', () => {
  const cases: [string, string][] = [
    ["What's the capital of Peru? Let's think step by step.", "What's the capital of Peru?"],
    ['how far is the moon from earth Let\'s think step by step.', 'how far is the moon from earth'],
    ['Which plan is cheaper for two people? Explain your reasoning.', 'Which plan is cheaper for two people?'],
    ['Summarize the causes of the French Revolution. Be concise. Answer in English.', 'Summarize the causes of the French Revolution.'],
    ['¿Cuál es la capital de Perú? Piensa paso a paso.', '¿Cuál es la capital de Perú?'],
    ['Wie weit ist der Mond entfernt? Antworte auf Deutsch.', 'Wie weit ist der Mond entfernt?'],
    ['Quelle est la capitale du Pérou ? Réfléchis étape par étape.', 'Quelle est la capitale du Pérou ?'],
    ['秘鲁的首都是哪里？请一步一步思考。', '秘鲁的首都是哪里？'],
    ['ペルーの首都はどこですか？日本語で答えてください。', 'ペルーの首都はどこですか？'],
    ['Question: What is 7 times 8?\nAnswer:', 'Question: What is 7 times 8?'],
    ['Why is the sky blue? Answer in under 100 words.', 'Why is the sky blue?'],
    ['Compare Postgres and MySQL for a small shop. Use bullet points.', 'Compare Postgres and MySQL for a small shop.'],
    ['天空为什么是蓝色的？请在100字以内回答。', '天空为什么是蓝色的？'],
  ];
  for (const [prompt, request] of cases) assert.equal(read(prompt), request, prompt);
});

test('a sentence that is the request, or asks the manner as its task, stays', () => {
  for (const prompt of ["Let's think step by step.", 'Explain your reasoning.', 'Write a story in under 100 words.', 'how do I teach my kids to think step by step', 'Teach my kids how to think step by step', 'Translate into English: je suis fatigué', 'Explain step by step how to change a tire', '请对这个问题逐步分析']) {
    assert.equal(read(prompt), prompt, prompt);
  }
});

test('the family of a request is the same with a sentence on how to answer after it', () => {
  assertFamily('chat', ["What's the capital of Peru? Let's think step by step.", 'who is the author of the hobbit Answer in English.']);
  assertFamily('extraction', ["¿Qué número de teléfono aparece aquí? 'Llámanos al 912 345 678.' Piensa paso a paso."]);
  assertFamily('summarization', ['Shorten this: "Due to the fact that the weather conditions were unfavorable, the event has been postponed." Answer in English.']);
});

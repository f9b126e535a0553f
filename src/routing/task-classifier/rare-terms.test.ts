import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesRareTerm } from './rare-terms.js';

test('an English request naming a word outside the 50,000 of everyday text names a rare term', () => {
  for (const prompt of ["what's a monad", 'is a bijection invertible', "what's an idempotent request", 'What is an eigenvector?', "what's a merkle tree", "what's an operad"]) {
    assert.equal(namesRareTerm(prompt), true, prompt);
  }
  // A misspelling is not told from a term: sent to T2, it costs next to nothing.
  assert.equal(namesRareTerm('what is the captial of peru'), true);
});

test('everyday words, product names, chat spellings and other languages name none', () => {
  for (const prompt of ['what is the capital of peru', "what's the capital of mongolia", 'is chatgpt free?', 'hey whats up', 'hahaha that is so funny']) {
    assert.equal(namesRareTerm(prompt), false, prompt);
  }
  // Foreign words the word filter takes for English: in a text of another language, or quoted to translate, they are no term.
  for (const prompt of ["¿Cómo se dice 'ventana' en inglés?", "'Bonjour, ça va ?' in English please", 'Comment dit-on « chaussure » en anglais ?', "Was heißt 'Feierabend' auf Englisch?", 'qual é o maior rio do brasil?']) {
    assert.equal(namesRareTerm(prompt), false, prompt);
  }
});

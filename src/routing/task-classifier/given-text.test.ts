import assert from 'node:assert/strict';
import { test } from 'node:test';
import { questionOfGivenText } from './given-text.js';

const lines = (prompt: string) => prompt.split('\n');

test('a passage and a question asked apart from it: the question is found', () => {
  const prompt = 'Context: The Team plan costs $12 per user per month and includes two projects; SSO is part of the Pro plan only.\n\nQuestion: does the team plan include SSO?';
  assert.equal(questionOfGivenText(lines(prompt)), 'Question: does the team plan include SSO?');
});

test('a quotation in the line of its question: the rest of the line is the question', () => {
  const prompt = 'Hier ein Auszug: „Grillen auf dem Balkon ist nur mit Elektrogrill erlaubt, Holzkohle ist im ganzen Haus verboten.“ Darf ich mit Holzkohle grillen?';
  assert.equal(questionOfGivenText(lines(prompt)), 'Hier ein Auszug:   Darf ich mit Holzkohle grillen?');
});

test('a word problem told in one paragraph, a bare question, a passage with no question: none', () => {
  assert.equal(questionOfGivenText(lines('Janet has 16 eggs a day, eats three for breakfast and bakes muffins with four. She sells the rest at $2 each. How much does she make a day?')), undefined);
  assert.equal(questionOfGivenText(lines('What is the capital of Peru?')), undefined);
  assert.equal(questionOfGivenText(lines('The committee met on Tuesday and approved the budget for the new library, which opens in spring.\n\nPlease translate this into French.')), undefined);
  // A long question is a request of its own, not a question looked up in the text.
  assert.equal(questionOfGivenText(lines(`The committee met on Tuesday and approved the budget for the new library.\n\n${'Why '.repeat(70)}?`)), undefined);
});

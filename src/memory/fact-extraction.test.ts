import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractFacts } from './fact-extraction.js';

const entitiesOf = (text: string) => extractFacts(text).flatMap((fact) => fact.entities.map((entity) => `${entity.kind}:${entity.value}`));

test('English sentences: people, places, dates, quantities and organizations, with compromise', () => {
  assert.deepEqual(extractFacts('My sister Laura is getting married on June 14th, 2025 in Lisbon. Can you help me plan?').map((fact) => fact.text), ['My sister Laura is getting married on June 14th, 2025 in Lisbon.']);
  const wedding = entitiesOf('My sister Laura is getting married on June 14th, 2025 in Lisbon.');
  for (const expected of ['person:laura', 'place:lisbon', 'date:june 14th, 2025']) assert.ok(wedding.includes(expected), `${expected} in ${wedding}`);
  assert.ok(!wedding.includes('quantity:14th, 2025'), 'a number inside a date is not a quantity');
  const budget = entitiesOf('Our budget is $12,000 and we have 35 employees.');
  for (const expected of ['attribute:budget', 'quantity:$12,000', 'quantity:35']) assert.ok(budget.includes(expected), `${expected} in ${budget}`);
  const work = entitiesOf('My name is Dana Whitfield and I work at Acme Robotics in Portland.');
  for (const expected of ['name:dana whitfield', 'place:portland']) assert.ok(work.includes(expected), `${expected} in ${work}`);
});

test('preferences the user states, cut at the end of their clause', () => {
  assert.deepEqual(entitiesOf("I'm allergic to peanuts and I prefer vegetarian food."), ['preference:peanuts']);
  assert.ok(entitiesOf('I love hiking with my dog Biscuit.').includes('name:biscuit'));
});

test('the other languages of the set: self-statements, preferences and numbers', () => {
  assert.deepEqual(entitiesOf('Me llamo Lucía y vivo en Sevilla.'), ['name:lucía', 'place:sevilla']);
  assert.deepEqual(entitiesOf('Ich heiße Jonas und wohne in Hamburg.').slice(0, 1), ['name:jonas']);
  assert.deepEqual(entitiesOf('我叫王伟，我住在上海。我喜欢喝茶。'), ['name:王伟', 'place:上海', 'preference:喝茶']);
  assert.deepEqual(entitiesOf('私の名前は田中です。寿司が好きです。'), ['name:田中', 'preference:寿司']);
});

test('questions, small talk and requests state no fact', () => {
  assert.deepEqual(extractFacts('Which city do I live in?'), []);
  assert.deepEqual(extractFacts('Thanks!'), []);
  assert.deepEqual(extractFacts('Recommend a book.'), []);
  assert.deepEqual(extractFacts('Where is Lisbon?'), []);
});

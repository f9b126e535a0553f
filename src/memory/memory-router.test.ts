import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planMemoryRecall } from './memory-router.js';

test('a self-contained request reads no memory at all', () => {
  for (const prompt of ['Write a haiku about the autumn rain falling on an old city.', "Translate 'good morning' into Italian and Spanish, formal register please.", 'Explain how a hash map handles collisions, with an example in Python.']) {
    assert.deepEqual(planMemoryRecall(prompt, false), { recent: false, facts: false, reason: 'self-contained' }, prompt);
  }
});

test('a follow-up reads the recent turns and the facts; one that points back says so', () => {
  assert.deepEqual(planMemoryRecall('and in Go?', false), { recent: true, facts: true, reason: 'follow-up' });
  assert.deepEqual(planMemoryRecall('Make it rhyme, and keep the second line exactly as it is now please.', false), { recent: true, facts: true, reason: 'refers back' });
  assert.deepEqual(planMemoryRecall('さっきの文章をもう一度短くしてください', false).reason, 'refers back');
  assert.deepEqual(planMemoryRecall('¿Y eso cuánto cuesta en total con impuestos incluidos?', false).recent, true);
});

test('a request about the user reads the facts only; one that carries its own history reads no recent turns', () => {
  assert.deepEqual(planMemoryRecall('Book a table for my sister on Friday evening at eight tonight.', false), { recent: false, facts: true, reason: 'personal' });
  assert.deepEqual(planMemoryRecall('Say that again', true), { recent: false, facts: true, reason: 'refers back' });
});

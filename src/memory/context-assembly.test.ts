import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadTokenizer } from '../billing/token-estimator.js';
import { recallableTurns } from './context-assembly.js';

before(() => loadTokenizer());

const turn = (user: string, assistant: string) => ({ user, assistant });

test('recent turns are recalled newest first within the budget, returned oldest first, none the request carries', () => {
  const turns = [turn('My name is Ada.', 'Nice to meet you, Ada.'), turn('I live in Lisbon.', 'Lisbon is lovely.'), turn('What should I cook?', 'Try bacalhau.')];
  assert.deepEqual(recallableTurns(turns, new Set()).map((recalled) => recalled.user), ['My name is Ada.', 'I live in Lisbon.', 'What should I cook?']);
  assert.deepEqual(recallableTurns(turns, new Set(['I live in Lisbon.'])).map((recalled) => recalled.user), ['My name is Ada.', 'What should I cook?']);
});

test('a turn too long for what is left of the budget stops the recall, as one counted over it would', () => {
  const document = 'The quarterly report covers revenue, costs and hiring. '.repeat(2000);
  const turns = [turn('My name is Ada.', 'Hello Ada.'), turn(`Summarize: ${document}`, 'A summary.'), turn('And the costs?', 'They rose.')];
  assert.deepEqual(recallableTurns(turns, new Set()).map((recalled) => recalled.user), ['And the costs?']);
});

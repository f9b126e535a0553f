import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChatCompletion } from '../core/chat-types.js';
import { answerFromShared, answerToJson, cachedAnswer, completionOf } from './cached-answer.js';

const completion: ChatCompletion = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_764_000_000,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Paris — «la capitale»' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 },
};

test('each read of a cached answer is a copy of its own: changing one changes neither the cache nor the next read', () => {
  const answer = cachedAnswer(completion, 'openai/gpt-4o-mini');
  const first = completionOf(answer);
  first.choices[0].message.content = 'changed by a healer';
  first.choices.push({ ...first.choices[0], index: 1 });
  assert.deepEqual(completionOf(answer), completion);
});

test('the shared form is the one earlier versions wrote and read: {"completion": {…}, "servedModel": …, "warnings": […]}', () => {
  const answer = cachedAnswer(completion, 'openai/gpt-4o-mini', ['temperature clamped to 1']);
  assert.deepEqual(JSON.parse(answerToJson(answer)), { completion, servedModel: 'openai/gpt-4o-mini', warnings: ['temperature clamped to 1'] });
  const written = JSON.stringify({ completion, servedModel: 'openai/gpt-4o-mini' });
  assert.deepEqual(completionOf(answerFromShared(JSON.parse(written))!), completion);
  assert.equal(answerFromShared(JSON.parse(written))!.warnings, undefined);
});

test('a shared value that is not an answer is refused, not half-read', () => {
  for (const value of [null, 'text', 42, {}, { completion: 'text', servedModel: 'm' }, { completion: {} }, { completion: {}, servedModel: 7 }]) {
    assert.equal(answerFromShared(value), undefined, JSON.stringify(value));
  }
  assert.equal(answerFromShared({ completion, servedModel: 'm', warnings: [1] })?.warnings, undefined, 'warnings that are not strings are dropped');
});

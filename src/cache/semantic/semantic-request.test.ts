import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SEMANTIC_PROMPT_CHARS, semanticPromptOf } from './semantic-request.js';

const ask = (content: string) => ({ model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content }] });

test('the semantic cache compares the last user turn of a short conversation', () => {
  assert.equal(semanticPromptOf(ask('What is the capital of France?'), 3), 'What is the capital of France?');
  assert.equal(semanticPromptOf({ model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] }] }, 3), 'one\ntwo');
  assert.equal(semanticPromptOf(ask('   '), 3), undefined, 'nothing to compare');
});

test('a turn longer than 1,000 characters is left to the exact cache: comparing it word by word would hold the event loop', () => {
  assert.equal(MAX_SEMANTIC_PROMPT_CHARS, 1000);
  const document = `Summarize this report: ${'The quarterly figures rose again. '.repeat(40)}`;
  assert.ok(document.length > 1000);
  assert.equal(semanticPromptOf(ask(document), 3), undefined);
  assert.equal(semanticPromptOf(ask(document.slice(0, 1000)), 3), document.slice(0, 1000));
});

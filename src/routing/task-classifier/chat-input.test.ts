import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatRequest } from '../../core/chat-types.js';
import { classifierInputOfChat } from './chat-input.js';

const conversation = (turns: number): ChatRequest['messages'] =>
  Array.from({ length: turns }, (_, index) => ({ role: index % 2 === 0 ? 'user' : 'assistant', content: `turn ${index + 1}` }) as ChatRequest['messages'][number]);

test('a long conversation is read by its opening and its last turns: a follow-up refers to both', () => {
  const request = { model: 'auto', messages: [{ role: 'system', content: 'Be brief.' }, ...conversation(13)] } as ChatRequest;
  const input = classifierInputOfChat(request);
  assert.equal(input.prompt, 'turn 13');
  assert.equal(input.system, 'Be brief.');
  assert.deepEqual(input.history, ['turn 1', 'turn 8', 'turn 9', 'turn 10', 'turn 11', 'turn 12']);
});

test('a short conversation is read whole, and the turns memory recalled come before it', () => {
  const input = classifierInputOfChat({ model: 'auto', messages: conversation(3) } as ChatRequest, ['recalled']);
  assert.deepEqual(input.history, ['recalled', 'turn 1', 'turn 2']);
});

test("the tools' names go to the classifier with their count", () => {
  const tool = (name: string) => ({ type: 'function' as const, function: { name, parameters: { type: 'object' } } });
  const input = classifierInputOfChat({ model: 'auto', messages: conversation(1), tools: [tool('read_file'), tool('run_tests')] } as ChatRequest);
  assert.equal(input.tools, 2);
  assert.deepEqual(input.toolNames, ['read_file', 'run_tests']);
  assert.equal(classifierInputOfChat({ model: 'auto', messages: conversation(1) } as ChatRequest).toolNames, undefined);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatCompletionChunk, ChatRequest } from '../../core/chat-types.js';
import { anthropicEvent as event, anthropicTarget, buildBody } from '../../../test/fixtures/anthropic-fixtures.js';
import { anthropicAdapter } from './index.js';

const target = anthropicTarget();
const user = (content: ChatRequest['messages'][number]['content']) => ({ role: 'user' as const, content });

function translate(request: ChatRequest, events: ReturnType<typeof event>[]): ChatCompletionChunk[] {
  const translator = anthropicAdapter.chat!.createStreamTranslator(target, request);
  return [...events.flatMap((item) => translator.push(item)), ...translator.finish()];
}

const start = event('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude', content: [], stop_reason: null, usage: { input_tokens: 5, output_tokens: 1 } } });
const stop = [event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }), event('message_stop')];

test('prompt caching: cache_control on system parts, content parts and tools reaches Anthropic', () => {
  const { body } = buildBody({
    messages: [
      { role: 'system', content: [{ type: 'text', text: 'A long, stable system prompt.', cache_control: { type: 'ephemeral' } }] },
      user([{ type: 'text', text: 'Big document…', cache_control: { type: 'ephemeral', ttl: '1h' } }, { type: 'text', text: 'Question?' }]),
    ],
    tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: {} } }, cache_control: { type: 'ephemeral' } }],
  });
  assert.deepEqual(body.system, [{ type: 'text', text: 'A long, stable system prompt.', cache_control: { type: 'ephemeral' } }]);
  assert.deepEqual(body.messages[0].content, [
    { type: 'text', text: 'Big document…', cache_control: { type: 'ephemeral', ttl: '1h' } },
    { type: 'text', text: 'Question?' },
  ]);
  assert.deepEqual(body.tools[0].cache_control, { type: 'ephemeral' });
  // Without breakpoints the system prompt stays plain text.
  assert.equal(buildBody({ messages: [{ role: 'system', content: 'plain' }, user('hi')] }).body.system, 'plain');
});

test('json_object: the answer is prefilled with "{" and the caller gets the whole object back, whole and streamed', () => {
  const request: ChatRequest = { model: 'anthropic/claude-sonnet-4-5', messages: [user('Give me a JSON object')], response_format: { type: 'json_object' } };
  const { body } = buildBody(request);
  assert.deepEqual(body.messages.at(-1), { role: 'assistant', content: [{ type: 'text', text: '{' }] });
  assert.match(body.system, /one JSON object only/);

  const whole = anthropicAdapter.chat!.parseResponse(
    { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude', content: [{ type: 'text', text: '"answer": 42}' }], stop_reason: 'end_turn', usage: { input_tokens: 5, output_tokens: 4 } },
    target,
    request,
  );
  assert.equal(whole.choices[0].message.content, '{"answer": 42}');

  const chunks = translate({ ...request, stream: true }, [
    start,
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: '"answer"' } }),
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: ': 42}' } }),
    ...stop,
  ]);
  assert.equal(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''), '{"answer": 42}');
});

test('json_object after a final assistant turn, or with extended thinking, is not prefilled (Anthropic refuses both)', () => {
  const prefilled = buildBody({ messages: [user('x'), { role: 'assistant', content: 'Here:' }], response_format: { type: 'json_object' } }).body;
  assert.deepEqual(prefilled.messages.at(-1).content, [{ type: 'text', text: 'Here:' }]);
  const thinking = buildBody({ messages: [user('x')], response_format: { type: 'json_object' }, reasoning_effort: 'high' }).body;
  assert.equal(thinking.messages.at(-1).role, 'user');
});

test('a streamed tool call without arguments yields "{}", never an empty string', () => {
  const chunks = translate({ model: 'm', messages: [user('x')], stream: true }, [
    start,
    event('content_block_start', { index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_time', input: {} } }),
    event('content_block_stop', { index: 0 }),
    ...stop,
  ]);
  const argumentsText = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []).map((call) => call.function?.arguments ?? '').join('');
  assert.equal(argumentsText, '{}');
  assert.deepEqual(JSON.parse(argumentsText), {});
});

test('top_k goes to Anthropic, except with extended thinking', () => {
  assert.equal(buildBody({ messages: [user('x')], top_k: 40 }).body.top_k, 40);
  const { body, warnings } = buildBody({ messages: [user('x')], top_k: 40, reasoning_effort: 'high' });
  assert.equal(body.top_k, undefined);
  assert.ok(warnings.some((warning) => warning.startsWith('top_k was dropped')));
});

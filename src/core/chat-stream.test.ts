import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatCompletion, ChatCompletionChunk } from './chat-types.js';
import { collectChatStream, compactChunks } from './chat-stream.js';

const chunk = (delta: object, finishReason: string | null = null, index = 0): ChatCompletionChunk =>
  ({ id: 'c1', object: 'chat.completion.chunk', created: 7, model: 'm', choices: [{ index, delta, finish_reason: finishReason }] }) as ChatCompletionChunk;

async function* from(chunks: ChatCompletionChunk[]) {
  yield* chunks;
}

test('a stream of text, tool-call fragments and usage collects into the completion it stands for', async () => {
  const completion = await collectChatStream(
    from([
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Hel' }),
      chunk({ content: 'lo' }),
      chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'lookup', arguments: '{"q":' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'fetch', arguments: '{}' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '1}' } }] }),
      chunk({}, 'tool_calls'),
      { id: 'c1', object: 'chat.completion.chunk', created: 7, model: 'm', choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } },
    ]),
  );
  assert.deepEqual(completion, {
    id: 'c1',
    object: 'chat.completion',
    created: 7,
    model: 'm',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: 'Hello',
          tool_calls: [
            { id: 'call_a', type: 'function', function: { name: 'lookup', arguments: '{"q":1}' } },
            { id: 'call_b', type: 'function', function: { name: 'fetch', arguments: '{}' } },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
  });
});

test('choices are kept apart by index, and dialect text fields are joined', async () => {
  const completion = await collectChatStream(
    from([chunk({ content: 'a', reasoning_content: 'think ' }, null, 0), chunk({ content: 'b' }, null, 1), chunk({ reasoning_content: 'more' }, 'stop', 0), chunk({}, 'length', 1)]),
  );
  assert.equal(completion.choices[0].message.content, 'a');
  assert.equal(completion.choices[0].message.reasoning_content, 'think more');
  assert.equal(completion.choices[1].message.content, 'b');
  assert.equal(completion.choices[1].finish_reason, 'length');
});

test('the compact replay is a role chunk, a content chunk and the usage chunk, and collects back to the same completion', async () => {
  const original: ChatCompletion = {
    id: 'x',
    object: 'chat.completion',
    created: 1,
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content: 'Hi', tool_calls: [{ id: 't', type: 'function', function: { name: 'f', arguments: '{}' } }] }, finish_reason: 'tool_calls' }],
    usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
  };
  const chunks = compactChunks(original);
  assert.equal(chunks.length, 3);
  assert.deepEqual(chunks[0].choices[0].delta, { role: 'assistant', content: '' });
  assert.equal(chunks[1].choices[0].delta.content, 'Hi');
  assert.equal(chunks[1].choices[0].finish_reason, 'tool_calls');
  assert.deepEqual(chunks[2].choices, []);
  assert.deepEqual(await collectChatStream(from(chunks)), original);
});

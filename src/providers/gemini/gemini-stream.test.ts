import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatCompletionChunk, ChatRequest } from '../../core/chat-types.js';
import { type StreamTranslator } from '../provider-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { geminiTarget } from '../../../test/fixtures/gemini-fixtures.js';
import { geminiAdapter } from './index.js';
import type { GeminiResponse } from './wire-types.js';

const request: ChatRequest = { model: 'gemini/gemini-2.5-flash', messages: [{ role: 'user', content: 'Hi' }], stream: true };

function translator(): StreamTranslator<ChatCompletionChunk> {
  return geminiAdapter.chat!.createStreamTranslator(geminiTarget());
}

function push(stream: StreamTranslator<ChatCompletionChunk>, ...responses: GeminiResponse[]): ChatCompletionChunk[] {
  return responses.flatMap((response) => stream.push({ data: JSON.stringify(response) }));
}

/** The interesting part of each chunk: choice deltas and finish reasons, or the usage. */
function summarize(chunks: ChatCompletionChunk[]) {
  return chunks.map((chunk) => (chunk.choices.length === 0 ? { usage: chunk.usage } : chunk.choices.map(({ index, delta, finish_reason }) => ({ index, delta, finish_reason }))));
}

test('a realistic stream: role first, a content chunk per text part, a whole tool call, the finish, then usage', () => {
  const stream = translator();
  const chunks = push(
    stream,
    { candidates: [{ content: { role: 'model', parts: [{ text: 'Let me ' }] }, index: 0 }], usageMetadata: { promptTokenCount: 12, totalTokenCount: 12 }, responseId: 'r1', modelVersion: 'gemini-2.5-flash' },
    { candidates: [{ content: { role: 'model', parts: [{ text: 'thinking', thought: true }, { text: 'check.' }] }, index: 0 }], usageMetadata: { promptTokenCount: 12, totalTokenCount: 14 } },
    {
      candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'fc_1' }, thoughtSignature: 'c2ln' }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 9, thoughtsTokenCount: 5, totalTokenCount: 26 },
    },
  );
  const trailing = stream.finish();
  assert.deepEqual(summarize([...chunks, ...trailing]), [
    [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    [{ index: 0, delta: { content: 'Let me ' }, finish_reason: null }],
    [{ index: 0, delta: { content: 'check.' }, finish_reason: null }],
    [
      {
        index: 0,
        delta: { tool_calls: [{ index: 0, id: 'fc_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' }, extra_content: { google: { thought_signature: 'c2ln' } } }] },
        finish_reason: null,
      },
    ],
    [{ index: 0, delta: {}, finish_reason: 'tool_calls' }],
    {
      usage: { prompt_tokens: 12, completion_tokens: 14, total_tokens: 26, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 5 } },
    },
  ]);
  const all = [...chunks, ...trailing];
  assert.ok(all.every((chunk) => chunk.id === 'chatcmpl-r1' && chunk.object === 'chat.completion.chunk' && chunk.model === 'gemini-2.5-flash'));
});

test('tool call indexes count across events, and text then MAX_TOKENS gives length', () => {
  const stream = translator();
  const toolChunks = push(
    stream,
    { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'a', args: {} } }] } }] },
    { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'b', args: { x: 1 } } }] }, finishReason: 'STOP' }] },
  );
  const indexes = toolChunks.flatMap((chunk) => chunk.choices[0].delta.tool_calls ?? []).map((call) => [call.index, call.function?.name]);
  assert.deepEqual(indexes, [
    [0, 'a'],
    [1, 'b'],
  ]);

  const cut = translator();
  const cutChunks = push(cut, { candidates: [{ content: { role: 'model', parts: [{ text: 'Once upon' }] }, finishReason: 'MAX_TOKENS' }] });
  assert.equal(cutChunks.at(-1)?.choices[0].finish_reason, 'length');
  assert.deepEqual(cut.finish(), []);
});

test('a stream that ends without a finishReason is interrupted', () => {
  const stream = translator();
  push(stream, { candidates: [{ content: { role: 'model', parts: [{ text: 'Half an ans' }] } }] });
  assert.throws(() => stream.finish(), (error: unknown) => error instanceof UpstreamError && error.kind === 'stream_interrupted');
  assert.throws(() => translator().finish(), (error: unknown) => error instanceof UpstreamError && error.kind === 'stream_interrupted');
});

test('an {error} payload inside the stream is thrown as a typed upstream error', () => {
  const stream = translator();
  push(stream, { candidates: [{ content: { role: 'model', parts: [{ text: 'Hel' }] } }] });
  assert.throws(
    () => push(stream, { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }),
    (error: unknown) => error instanceof UpstreamError && error.kind === 'overloaded' && error.message === 'The model is overloaded.' && error.providerCode === 'UNAVAILABLE',
  );
});

test('a prompt blocked in the first chunk is a content_filter error', () => {
  assert.throws(
    () => push(translator(), { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 4, totalTokenCount: 4 } }),
    (error: unknown) => error instanceof UpstreamError && error.kind === 'content_filter' && error.message.includes('SAFETY'),
  );
});

test('several candidates stream as several choices, each with its own role chunk and finish', () => {
  const stream = translator();
  const chunks = push(stream, {
    candidates: [
      { content: { role: 'model', parts: [{ text: 'A' }] }, index: 0, finishReason: 'STOP' },
      { content: { role: 'model', parts: [{ text: 'B' }] }, index: 1, finishReason: 'STOP' },
    ],
  });
  assert.deepEqual(
    chunks.map((chunk) => [chunk.choices[0].index, chunk.choices[0].delta.content ?? null, chunk.choices[0].finish_reason]),
    [
      [0, '', null],
      [0, 'A', null],
      [0, null, 'stop'],
      [1, '', null],
      [1, 'B', null],
      [1, null, 'stop'],
    ],
  );
});

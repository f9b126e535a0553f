import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatCompletionChunk } from '../../core/chat-types.js';
import { type ServerSentEvent } from '../provider-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { anthropicAdapter } from './index.js';
import { verbatimOf } from '../../core/verbatim-chunk.js';
import { anthropicEvent as event, anthropicTarget } from '../../../test/fixtures/anthropic-fixtures.js';

const target = anthropicTarget();
const request = { model: 'anthropic/claude-sonnet-4-5', messages: [{ role: 'user' as const, content: 'hi' }], stream: true };

/** A realistic stream: thinking, text, a ping, then two tool calls whose input arrives in fragments. */
const toolStream: ServerSentEvent[] = [
  event('message_start', {
    message: { id: 'msg_stream', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5-20250929', content: [], stop_reason: null, usage: { input_tokens: 40, cache_read_input_tokens: 100, cache_creation_input_tokens: 0, output_tokens: 1 } },
  }),
  event('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }),
  event('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'The user wants weather.' } }),
  event('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'EqQBCg' } }),
  event('content_block_stop', { index: 0 }),
  event('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }),
  event('ping'),
  event('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'Checking ' } }),
  event('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'both cities.' } }),
  event('content_block_stop', { index: 1 }),
  event('content_block_start', { index: 2, content_block: { type: 'tool_use', id: 'toolu_a', name: 'weather', input: {} } }),
  event('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: '' } }),
  event('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: '{"city": "Pa' } }),
  event('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: 'ris"}' } }),
  event('content_block_stop', { index: 2 }),
  event('content_block_start', { index: 3, content_block: { type: 'tool_use', id: 'toolu_b', name: 'weather', input: {} } }),
  event('content_block_delta', { index: 3, delta: { type: 'input_json_delta', partial_json: '{"city"' } }),
  event('content_block_delta', { index: 3, delta: { type: 'input_json_delta', partial_json: ': "Rome", "unit": "C"}' } }),
  event('content_block_stop', { index: 3 }),
  event('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 95 } }),
  event('message_stop'),
];

function translateAll(events: ServerSentEvent[]): ChatCompletionChunk[] {
  const translator = anthropicAdapter.chat!.createStreamTranslator(target);
  const chunks = events.flatMap((item) => translator.push(item));
  return [...chunks, ...translator.finish()];
}

test('message_start gives a role chunk; text deltas give content chunks; ping gives nothing', () => {
  const chunks = translateAll(toolStream);
  assert.deepEqual(chunks[0].choices, [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
  const content = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
  assert.equal(content, 'Checking both cities.');
});

test('thinking passes as thinking pieces closed by its signature, before the text, never as content', () => {
  const chunks = translateAll(toolStream);
  const thinkingChunks = chunks.filter((chunk) => chunk.choices[0]?.delta.thinking !== undefined || chunk.choices[0]?.delta.thinking_signature !== undefined);
  assert.equal(thinkingChunks.map((chunk) => chunk.choices[0].delta.thinking ?? '').join(''), 'The user wants weather.');
  assert.deepEqual(thinkingChunks.at(-1)!.choices[0].delta, { thinking_signature: 'EqQBCg' });
  assert.ok(chunks.indexOf(thinkingChunks.at(-1)!) < chunks.findIndex((chunk) => chunk.choices[0]?.delta.content), 'thinking comes first');
  assert.doesNotMatch(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''), /user wants weather/);
});

test('tool_use blocks stream as OpenAI tool calls indexed from 0, their fragments adding up to the input JSON', () => {
  const chunks = translateAll(toolStream);
  const calls = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
  const starts = calls.filter((call) => call.id !== undefined);
  assert.deepEqual(starts, [
    { index: 0, id: 'toolu_a', type: 'function', function: { name: 'weather', arguments: '' } },
    { index: 1, id: 'toolu_b', type: 'function', function: { name: 'weather', arguments: '' } },
  ]);
  const argumentsOf = (index: number) => calls.filter((call) => call.index === index).map((call) => call.function?.arguments ?? '').join('');
  assert.deepEqual(JSON.parse(argumentsOf(0)), { city: 'Paris' });
  assert.deepEqual(JSON.parse(argumentsOf(1)), { city: 'Rome', unit: 'C' });
});

test('message_delta gives the finish reason; message_stop a final usage chunk with no choices', () => {
  const chunks = translateAll(toolStream);
  const finishChunks = chunks.filter((chunk) => chunk.choices[0]?.finish_reason);
  assert.equal(finishChunks.length, 1);
  assert.deepEqual(finishChunks[0].choices[0], { index: 0, delta: {}, finish_reason: 'tool_calls' });
  const last = chunks[chunks.length - 1];
  assert.deepEqual(last.choices, []);
  assert.deepEqual(last.usage, {
    prompt_tokens: 140,
    completion_tokens: 95,
    total_tokens: 235,
    prompt_tokens_details: { cached_tokens: 100, cache_write_tokens: 0 },
  });
});

test('every chunk carries the same id, created and model', () => {
  const chunks = translateAll(toolStream);
  assert.ok(chunks.length > 5);
  for (const chunk of chunks) {
    assert.equal(chunk.object, 'chat.completion.chunk');
    assert.equal(chunk.id, 'msg_stream');
    assert.equal(chunk.model, 'claude-sonnet-4-5-20250929');
    assert.equal(chunk.created, chunks[0].created);
  }
});

test('each chunk is emitted as its event arrives, without waiting for the end', () => {
  const translator = anthropicAdapter.chat!.createStreamTranslator(target);
  translator.push(toolStream[0]);
  const textChunks = translator.push(event('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'early' } }));
  assert.equal(textChunks.length, 1);
  assert.equal(textChunks[0].choices[0].delta.content, 'early');
});

test('an in-band error event throws a typed UpstreamError with Anthropic’s message', () => {
  const table: Array<[string, string]> = [
    ['overloaded_error', 'overloaded'],
    ['rate_limit_error', 'rate_limited'],
    ['api_error', 'server_error'],
  ];
  for (const [type, kind] of table) {
    const translator = anthropicAdapter.chat!.createStreamTranslator(target);
    translator.push(toolStream[0]);
    assert.throws(
      () => translator.push(event('error', { error: { type, message: 'Overloaded' } })),
      (error: unknown) => error instanceof UpstreamError && error.kind === kind && error.message === 'Overloaded' && error.providerCode === type,
      type,
    );
  }
});

test('a stream that ends without message_stop is interrupted', () => {
  const translator = anthropicAdapter.chat!.createStreamTranslator(target);
  for (const item of toolStream.slice(0, 9)) translator.push(item);
  assert.throws(
    () => translator.finish(),
    (error: unknown) => error instanceof UpstreamError && error.kind === 'stream_interrupted',
  );
});

test('an event whose data is not JSON is an upstream error, not a crash', () => {
  const translator = anthropicAdapter.chat!.createStreamTranslator(target);
  assert.throws(
    () => translator.push({ event: 'message_start', data: 'not json' }),
    (error: unknown) => error instanceof UpstreamError && error.kind === 'server_error',
  );
});

test('a text chunk goes to an OpenAI-shaped stream as the JSON of exactly that chunk, whatever the text holds', () => {
  const awkward = ['"quoted" \\ back\\slash', 'line\nbreak\r\ttab', '\u0000\u001f', '日本語 🙂', '\ud800 lone'];
  const chunks = translateAll([
    event('message_start', { message: { id: 'msg_"odd"', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5-20250929', content: [], stop_reason: null, usage: { input_tokens: 3, output_tokens: 1 } } }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    ...awkward.map((text) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })),
    event('content_block_stop', { index: 0 }),
    event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 9 } }),
    event('message_stop'),
  ]);
  const textChunks = chunks.filter((chunk) => typeof chunk.choices[0]?.delta.content === 'string' && chunk.choices[0].delta.content !== '');
  assert.deepEqual(
    textChunks.map((chunk) => chunk.choices[0].delta.content),
    awkward,
  );
  for (const chunk of textChunks) {
    const wire = verbatimOf(chunk);
    assert.ok(wire !== undefined && !wire.includes('\n'), 'a text chunk carries one line of wire text');
    assert.deepEqual(JSON.parse(wire), chunk);
  }
  assert.equal(chunks[0].id, 'msg_"odd"');
});

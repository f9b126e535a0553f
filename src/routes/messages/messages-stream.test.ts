import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chatChunk as chunk, parsedEvents as parsed } from '../../../test/support/stream-events.js';
import { MessagesStreamEncoder } from './messages-stream.js';

test('thinking, then text, then a tool call stream as numbered blocks with the deltas Anthropic sends', () => {
  const encoder = new MessagesStreamEncoder('claude-sonnet-4-5', 12);
  const events = parsed([
    ...encoder.events(chunk({ thinking: 'Let me see.' })),
    ...encoder.events(chunk({ thinking_signature: 'sig' })),
    ...encoder.events(chunk({ content: 'Hel' })),
    ...encoder.events(chunk({ content: 'lo' })),
    ...encoder.events(chunk({ tool_calls: [{ index: 0, id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":' } }] })),
    ...encoder.events(chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }, 'tool_calls')),
    ...encoder.closing(),
  ]);
  assert.deepEqual(events.slice(1, -2), [
    { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Let me see.' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
    { type: 'content_block_stop', index: 0 },
    { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hel' } },
    { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'lo' } },
    { type: 'content_block_stop', index: 1 },
    { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } },
    { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"city":' } },
    { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '"Paris"}' } },
    { type: 'content_block_stop', index: 2 },
  ]);
  assert.equal(events[0].type, 'message_start');
  assert.deepEqual((events.at(-2) as { delta: unknown }).delta, { stop_reason: 'tool_use', stop_sequence: null });
  assert.deepEqual(events.at(-1), { type: 'message_stop' });
});

test('text holding quotes, backslashes, line breaks, control characters and non-Latin text reaches the caller unchanged', () => {
  const awkward = ['"quoted" \\ back\\slash', 'line\nbreak\r\ttab', '\u0000\u001f', '日本語 🙂', '{"type":"message_stop"}', '\ud800 lone'];
  const encoder = new MessagesStreamEncoder('claude-sonnet-4-5', 1);
  const texts = awkward.flatMap((text) => parsed(encoder.events(chunk({ content: text })))).flatMap((event) => (event.type === 'content_block_delta' ? [(event.delta as { text: string }).text] : []));
  assert.deepEqual(texts, awkward);
});

test('message_start goes out with the first chunk and carries an Anthropic upstream’s own message id; any other upstream’s gets a new one', () => {
  const fromAnthropic = new MessagesStreamEncoder('claude-sonnet-4-5', 5);
  const [start, ...rest] = parsed(fromAnthropic.events({ ...chunk({ role: 'assistant', content: 'Hi' }), id: 'msg_01XFDUDYJgAACzvnptvVoYEL' }));
  assert.equal(start.type, 'message_start');
  assert.equal((start.message as { id: string }).id, 'msg_01XFDUDYJgAACzvnptvVoYEL');
  assert.deepEqual(rest.map((event) => event.type), ['content_block_start', 'content_block_delta']);
  assert.equal(parsed(fromAnthropic.events(chunk({ content: '!' }))).filter((event) => event.type === 'message_start').length, 0, 'sent once');

  const ids = [1, 2].map(() => {
    const fromOpenAI = new MessagesStreamEncoder('gpt-4o-mini', 5);
    const [opening] = parsed(fromOpenAI.events(chunk({ role: 'assistant', content: '' })));
    return (opening.message as { id: string }).id;
  });
  for (const id of ids) assert.match(id, /^msg_[0-9a-f]{32}$/);
  assert.notEqual(ids[0], ids[1]);
});

test('an upstream id that is no Anthropic message id, or no string at all, is replaced with a new one', () => {
  for (const id of [42, null, { msg: 1 }, 'msg_', 'msg_a"b', `msg_${'x'.repeat(200)}`, 'chatcmpl-msg_1']) {
    const [opening] = parsed(new MessagesStreamEncoder('claude-sonnet-4-5', 1).events({ ...chunk({ content: 'Hi' }), id: id as never }));
    assert.match((opening.message as { id: string }).id, /^msg_[0-9a-f]{32}$/, JSON.stringify(id));
  }
});

test('a stream that ended without a chunk still opens with message_start before it closes', () => {
  const events = parsed(new MessagesStreamEncoder('gpt-4o-mini', 3).closing());
  assert.deepEqual(events.map((event) => event.type), ['message_start', 'message_delta', 'message_stop']);
});

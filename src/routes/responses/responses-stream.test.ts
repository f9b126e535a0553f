import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chatChunk as chunk, parsedEvents as parsed } from '../../../test/support/stream-events.js';
import { ResponsesStreamEncoder } from './responses-stream.js';
import type { ResponsesRequestFacts } from './responses-types.js';

const facts: ResponsesRequestFacts = {
  responseId: 'resp_1',
  createdAt: 1_700_000_000,
  model: 'gpt-4o-mini',
  instructions: null,
  previousResponseId: null,
  store: false,
  conversation: [],
  echo: { temperature: null, top_p: null, max_output_tokens: null, tool_choice: 'auto', tools: [], parallel_tool_calls: true, text: { format: { type: 'text' } }, reasoning: null, metadata: {}, user: null, service_tier: null },
};

test('text opens one message item and its output_text part, then one delta an upstream token, as the SDK expects', () => {
  const encoder = new ResponsesStreamEncoder(facts);
  const events = parsed([...encoder.opening(), ...encoder.events(chunk({ role: 'assistant', content: 'Hel' })), ...encoder.events(chunk({ content: 'lo' }))]);
  assert.deepEqual(
    events.map((event) => event.type),
    ['response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added', 'response.output_text.delta', 'response.output_text.delta'],
  );
  const [created, inProgress, added, partAdded, first, second] = events;
  const opened = { id: 'resp_1', object: 'response', created_at: 1_700_000_000, status: 'in_progress', error: null, incomplete_details: null, instructions: null, model: 'gpt-4o-mini', output: [], output_text: '', previous_response_id: null, store: false, usage: null, ...facts.echo };
  assert.deepEqual(created, { type: 'response.created', sequence_number: 0, response: opened });
  assert.deepEqual(inProgress, { type: 'response.in_progress', sequence_number: 1, response: opened });
  const item = added.item as { id: string };
  assert.match(item.id, /^msg_[0-9a-f]{32}$/);
  assert.deepEqual(added, { type: 'response.output_item.added', sequence_number: 2, output_index: 0, item: { type: 'message', id: item.id, role: 'assistant', status: 'in_progress', content: [] } });
  assert.deepEqual(partAdded, { type: 'response.content_part.added', sequence_number: 3, item_id: item.id, output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
  assert.deepEqual(first, { type: 'response.output_text.delta', sequence_number: 4, item_id: item.id, output_index: 0, content_index: 0, delta: 'Hel', logprobs: [] });
  assert.deepEqual(second, { type: 'response.output_text.delta', sequence_number: 5, item_id: item.id, output_index: 0, content_index: 0, delta: 'lo', logprobs: [] });
});

test('a delta holding quotes, backslashes, line breaks, control characters and non-Latin text reaches the caller unchanged', () => {
  const awkward = ['"quoted" \\ back\\slash', 'line\nbreak\r\ttab', '\u0000\u001f', '日本語 🙂', '</script>{"type":"x"}', '\ud800 lone'];
  const encoder = new ResponsesStreamEncoder(facts);
  encoder.opening();
  const deltas = awkward.flatMap((text) => parsed(encoder.events(chunk({ content: text }))).filter((event) => event.type === 'response.output_text.delta'));
  assert.deepEqual(
    deltas.map((event) => event.delta),
    awkward,
  );
  const { events, response } = encoder.closing({});
  const output = response.output as Array<{ content: Array<{ text: string }> }>;
  assert.equal(output[0].content[0].text, awkward.join(''));
  const [textDone, partDone, itemDone, completed] = parsed(events);
  const id = (itemDone.item as { id: string }).id;
  const where = { item_id: id, output_index: 0, content_index: 0 };
  const part = { type: 'output_text', text: awkward.join(''), annotations: [] };
  assert.deepEqual(textDone, { type: 'response.output_text.done', sequence_number: textDone.sequence_number, ...where, text: awkward.join(''), logprobs: [] });
  assert.deepEqual(partDone, { type: 'response.content_part.done', sequence_number: (textDone.sequence_number as number) + 1, ...where, part });
  assert.deepEqual(itemDone, { type: 'response.output_item.done', sequence_number: (textDone.sequence_number as number) + 2, output_index: 0, item: { type: 'message', id, role: 'assistant', status: 'completed', content: [part] } });
  assert.deepEqual((completed.response as { output: unknown[] }).output, [itemDone.item], 'response.completed carries the same item');
});

test('a refusal streams as refusal deltas in a refusal part, and a tool call after text closes the message first', () => {
  const encoder = new ResponsesStreamEncoder(facts);
  encoder.opening();
  const refusal = parsed(encoder.events(chunk({ refusal: 'I can\'t "do" that' })));
  assert.deepEqual(
    refusal.map((event) => event.type),
    ['response.output_item.added', 'response.content_part.added', 'response.refusal.delta'],
  );
  assert.deepEqual(refusal[1].part, { type: 'refusal', refusal: '' });
  assert.equal(refusal[2].delta, 'I can\'t "do" that');
  assert.equal(refusal[2].logprobs, undefined, 'a refusal delta carries no logprobs');

  const call = parsed(encoder.events(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Pa' } }] })));
  assert.deepEqual(
    call.map((event) => event.type),
    ['response.refusal.done', 'response.content_part.done', 'response.output_item.done', 'response.output_item.added', 'response.function_call_arguments.delta'],
  );
  assert.equal(call[0].refusal, 'I can\'t "do" that');
  assert.deepEqual(call[1].part, { type: 'refusal', refusal: 'I can\'t "do" that' });
  assert.deepEqual((call[2].item as { content: unknown[] }).content, [{ type: 'refusal', refusal: 'I can\'t "do" that' }]);
  const callItem = call[3].item as { id: string };
  assert.deepEqual(call[4], { type: 'response.function_call_arguments.delta', sequence_number: 9, item_id: callItem.id, output_index: 1, delta: '{"city":"Pa' });
  const more = parsed(encoder.events(chunk({ tool_calls: [{ index: 0, function: { arguments: 'ris"}' } }] }, 'tool_calls')));
  assert.equal(more[0].delta, 'ris"}');
  const { events } = encoder.closing({});
  const done = parsed(events).find((event) => event.type === 'response.function_call_arguments.done');
  assert.equal(done?.arguments, '{"city":"Paris"}');
});

test('each message of a response gets an id of its own', () => {
  const encoder = new ResponsesStreamEncoder(facts);
  encoder.opening();
  const ids = [
    ...parsed(encoder.events(chunk({ content: 'first' }))),
    ...parsed(encoder.events(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] }))),
    ...parsed(encoder.events(chunk({ content: 'second' }))),
  ]
    .filter((event) => event.type === 'response.output_item.added')
    .map((event) => (event.item as { id: string }).id);
  assert.equal(ids.length, 3);
  assert.equal(new Set(ids).size, 3);
});

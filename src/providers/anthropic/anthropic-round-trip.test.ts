import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatCompletion, ChatCompletionChunk, ChatRequest } from '../../core/chat-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { SseParser } from '../shared/sse-parser.js';
import { startMockUpstream, type MockUpstream } from '../../../test/mock-upstream/server.js';
import { anthropicAdapter } from './index.js';
import { anthropicTarget } from '../../../test/fixtures/anthropic-fixtures.js';
import { jsonBodyText } from '../../../test/support/json-body-text.js';

let mock: MockUpstream;
before(async () => {
  mock = await startMockUpstream();
});
after(() => mock.close());

const weatherTool = { type: 'function' as const, function: { name: 'weather', parameters: { type: 'object', properties: { query: { type: 'string' } } } } };
const clockTool = { type: 'function' as const, function: { name: 'clock' } };

/** Sends an adapter-built request to the mock; returns the raw response. */
async function send(request: ChatRequest): Promise<Response> {
  const target = anthropicTarget({ baseUrl: mock.url });
  const httpRequest = anthropicAdapter.chat!.buildRequest(request, target, []);
  return fetch(httpRequest.url, { method: httpRequest.method, headers: httpRequest.headers, body: jsonBodyText(httpRequest) });
}

async function complete(request: ChatRequest): Promise<ChatCompletion> {
  const response = await send(request);
  assert.equal(response.status, 200);
  return anthropicAdapter.chat!.parseResponse(await response.json(), anthropicTarget({ baseUrl: mock.url }), request);
}

/** Reads the SSE body through the shared parser and the adapter's translator, as the gateway does. */
async function streamChunks(request: ChatRequest): Promise<ChatCompletionChunk[]> {
  const response = await send({ ...request, stream: true });
  assert.equal(response.headers.get('content-type'), 'text/event-stream');
  const parser = new SseParser();
  const translator = anthropicAdapter.chat!.createStreamTranslator(anthropicTarget({ baseUrl: mock.url }));
  const chunks: ChatCompletionChunk[] = [];
  for await (const bytes of response.body!) for (const event of parser.push(bytes)) chunks.push(...translator.push(event));
  for (const event of parser.finish()) chunks.push(...translator.push(event));
  return [...chunks, ...translator.finish()];
}

test('plain text: the mock reads the Anthropic request and the answer converts back', async () => {
  mock.reset();
  const completion = await complete({ model: 'anthropic/claude-sonnet-4-5', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hello there' }] });
  assert.equal(completion.choices[0].message.content, 'Echo: hello there');
  assert.equal(completion.choices[0].finish_reason, 'stop');
  const recorded = mock.requests[0];
  assert.equal(recorded.wire, 'anthropic');
  assert.equal(recorded.apiKey, 'sk-ant-test');
  assert.equal(recorded.headers['anthropic-version'], '2023-06-01');
  assert.equal(recorded.body.system, 'Be brief.');
  assert.equal(recorded.body.max_tokens, 4096);
});

test('usage with cached input survives the round trip', async () => {
  mock.reset();
  mock.enqueueReply({ content: 'cached answer', usage: { input: 120, output: 4, cached: 100 } });
  const completion = await complete({ model: 'm', messages: [{ role: 'user', content: 'again' }] });
  assert.equal(completion.usage?.prompt_tokens, 120);
  assert.equal(completion.usage?.prompt_tokens_details?.cached_tokens, 100);
  assert.equal(completion.usage?.completion_tokens, 4);
});

test('tools: the mock calls the offered tools and the calls come back as tool_calls', async () => {
  mock.reset();
  const completion = await complete({ model: 'm', messages: [{ role: 'user', content: 'weather?' }], tools: [weatherTool, clockTool] });
  const calls = completion.choices[0].message.tool_calls ?? [];
  assert.equal(completion.choices[0].finish_reason, 'tool_calls');
  assert.deepEqual(calls.map((call) => call.function.name), ['weather', 'clock']);
  assert.deepEqual(JSON.parse(calls[0].function.arguments), { query: 'weather?', index: 0 });
});

test('tools: parallel_tool_calls false and a forced tool reach the mock as Anthropic tool_choice', async () => {
  mock.reset();
  const single = await complete({ model: 'm', messages: [{ role: 'user', content: 'one' }], tools: [weatherTool, clockTool], parallel_tool_calls: false });
  assert.equal(single.choices[0].message.tool_calls?.length, 1);
  const forced = await complete({ model: 'm', messages: [{ role: 'user', content: 'time' }], tools: [weatherTool, clockTool], tool_choice: { type: 'function', function: { name: 'clock' } } });
  assert.deepEqual(forced.choices[0].message.tool_calls?.map((call) => call.function.name), ['clock']);
});

test('tools: the tool results go back and the model answers in text', async () => {
  mock.reset();
  const completion = await complete({
    model: 'm',
    messages: [
      { role: 'user', content: 'weather in Paris' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'toolu_mock_0', type: 'function', function: { name: 'weather', arguments: '{"query":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'toolu_mock_0', content: 'sunny' },
    ],
    tools: [weatherTool],
  });
  assert.equal(completion.choices[0].message.content, 'Echo: weather in Paris');
});

test('JSON: json_object (system instruction) and json_schema (output_config) both make the mock answer in JSON', async () => {
  mock.reset();
  const jsonObject = await complete({ model: 'm', messages: [{ role: 'user', content: 'give json' }], response_format: { type: 'json_object' } });
  assert.deepEqual(JSON.parse(jsonObject.choices[0].message.content!), { echo: 'give json' });
  const schema = { type: 'object', properties: { echo: { type: 'string' } }, required: ['echo'] };
  const jsonSchema = await complete({ model: 'm', messages: [{ role: 'user', content: 'schema' }], response_format: { type: 'json_schema', json_schema: { name: 'echo', schema } } });
  assert.deepEqual(JSON.parse(jsonSchema.choices[0].message.content!), { echo: 'schema' });
  assert.equal(mock.requests[1].body.output_config.format.type, 'json_schema');
});

test('stream, plain text: role chunk, content, finish reason and usage chunk', async () => {
  mock.reset();
  const chunks = await streamChunks({ model: 'm', messages: [{ role: 'user', content: 'stream me please' }] });
  assert.equal(chunks[0].choices[0].delta.role, 'assistant');
  assert.equal(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join(''), 'Echo: stream me please');
  assert.equal(chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0].finish_reason, 'stop');
  assert.deepEqual(chunks[chunks.length - 1].choices, []);
  assert.equal(chunks[chunks.length - 1].usage?.completion_tokens, 4);
});

test('stream, tools: two tool calls whose argument fragments add up to the JSON', async () => {
  mock.reset();
  const chunks = await streamChunks({ model: 'm', messages: [{ role: 'user', content: 'both' }], tools: [weatherTool, clockTool] });
  const calls = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
  assert.deepEqual(calls.filter((call) => call.id).map((call) => [call.index, call.function?.name]), [[0, 'weather'], [1, 'clock']]);
  for (const index of [0, 1]) {
    const text = calls.filter((call) => call.index === index).map((call) => call.function?.arguments ?? '').join('');
    assert.deepEqual(JSON.parse(text), { query: 'both', index });
  }
  assert.equal(chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0].finish_reason, 'tool_calls');
});

test('errors: a 529 answer maps to overloaded; an in-band error event throws', async () => {
  mock.reset();
  mock.enqueueFault({ status: 529, message: 'Overloaded' });
  const response = await send({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
  const mapped = anthropicAdapter.mapError(response.status, Object.fromEntries(response.headers), await response.text());
  assert.deepEqual(mapped, { kind: 'overloaded', status: 529, message: 'Overloaded', providerCode: 'overloaded_error' });

  mock.enqueueFault({ errorEventAfter: 3, message: 'Overloaded mid-stream' });
  await assert.rejects(streamChunks({ model: 'm', messages: [{ role: 'user', content: 'x' }] }), (error: unknown) => error instanceof UpstreamError && error.kind === 'overloaded');
});

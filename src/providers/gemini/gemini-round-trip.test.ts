import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMockUpstream, type MockUpstream } from '../../../test/mock-upstream/server.js';
import type { ChatCompletion, ChatCompletionChunk, ChatRequest } from '../../core/chat-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { SseParser } from '../shared/sse-parser.js';
import { geminiTarget } from '../../../test/fixtures/gemini-fixtures.js';
import { geminiAdapter } from './index.js';
import { jsonBodyText } from '../../../test/support/json-body-text.js';

// The adapter's request goes to the mock upstream speaking Gemini; its answer comes back through the adapter.
let mock: MockUpstream;
before(async () => {
  mock = await startMockUpstream();
});
after(() => mock.close());
beforeEach(() => mock.reset());

async function send(request: ChatRequest) {
  const target = geminiTarget({ baseUrl: mock.url });
  const http = geminiAdapter.chat!.buildRequest(request, target, []);
  const response = await fetch(http.url, { method: http.method, headers: http.headers, body: jsonBodyText(http) });
  if (!response.ok) {
    const init = geminiAdapter.mapError(response.status, Object.fromEntries(response.headers), await response.text());
    throw new UpstreamError(target.provider.id, init);
  }
  return { response, target };
}

async function complete(request: ChatRequest): Promise<ChatCompletion> {
  const { response, target } = await send(request);
  return geminiAdapter.chat!.parseResponse(await response.json(), target);
}

async function streamChunks(request: ChatRequest): Promise<ChatCompletionChunk[]> {
  const { response, target } = await send({ ...request, stream: true });
  const parser = new SseParser();
  const translator = geminiAdapter.chat!.createStreamTranslator(target);
  const chunks: ChatCompletionChunk[] = [];
  for await (const bytes of response.body!) for (const event of parser.push(bytes)) chunks.push(...translator.push(event));
  for (const event of parser.finish()) chunks.push(...translator.push(event));
  return [...chunks, ...translator.finish()];
}

const textOf = (chunks: ChatCompletionChunk[]) => chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
const tools: ChatRequest['tools'] = [{ type: 'function', function: { name: 'search', parameters: { type: 'object', properties: { query: { type: 'string' } } } } }];

test('plain text, not streamed', async () => {
  const completion = await complete({ model: 'gemini/gemini-2.5-flash', messages: [{ role: 'system', content: 'Be kind.' }, { role: 'user', content: 'Hello there' }] });
  assert.equal(completion.choices[0].message.content, 'Echo: Hello there');
  assert.equal(completion.choices[0].finish_reason, 'stop');
  assert.equal(completion.usage?.total_tokens, completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
  const [recorded] = mock.requests;
  assert.equal(recorded.wire, 'gemini');
  assert.equal(recorded.path, '/v1beta/models/gemini-2.5-flash:generateContent');
  assert.equal(recorded.apiKey, 'test-key');
});

test('plain text, streamed: word chunks, a stop, then usage', async () => {
  mock.enqueueReply({ content: 'One two three', usage: { input: 7, output: 5, cached: 2, reasoning: 2 } });
  const chunks = await streamChunks({ model: 'gemini/gemini-2.5-flash', messages: [{ role: 'user', content: 'Count' }] });
  assert.equal(mock.requests[0].path, '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
  assert.equal(textOf(chunks), 'One two three');
  assert.equal(chunks.filter((chunk) => chunk.choices[0]?.delta.content).length, 3);
  assert.equal(chunks.at(-2)?.choices[0].finish_reason, 'stop');
  assert.deepEqual(chunks.at(-1)?.usage, {
    prompt_tokens: 7,
    completion_tokens: 5,
    total_tokens: 12,
    prompt_tokens_details: { cached_tokens: 2 },
    completion_tokens_details: { reasoning_tokens: 2 },
  });
});

test('tools, not streamed: a call, then its result sent back (signature included) gives the final answer', async () => {
  const messages: ChatRequest['messages'] = [{ role: 'user', content: 'Find cats' }];
  const first = await complete({ model: 'gemini/gemini-2.5-flash', messages, tools, tool_choice: { type: 'function', function: { name: 'search' } } });
  assert.equal(first.choices[0].finish_reason, 'tool_calls');
  const [call] = first.choices[0].message.tool_calls!;
  assert.equal(call.function.name, 'search');
  assert.deepEqual(JSON.parse(call.function.arguments), { query: 'Find cats', index: 0 });
  assert.deepEqual(mock.requests[0].body.toolConfig, { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['search'] } });

  messages.push(first.choices[0].message as ChatRequest['messages'][number], { role: 'tool', tool_call_id: call.id, content: '3 cats found' });
  const second = await complete({ model: 'gemini/gemini-2.5-flash', messages, tools });
  assert.equal(second.choices[0].finish_reason, 'stop');
  const sentBack = mock.requests[1].body.contents;
  const signatureFromMock = Buffer.from('mock thought signature').toString('base64');
  assert.equal(sentBack[1].parts[0].thoughtSignature, signatureFromMock);
  assert.deepEqual(sentBack[2].parts[0].functionResponse, { name: 'search', response: { result: '3 cats found' }, id: call.id });
});

test('tools, streamed: one whole tool_call delta, then finish tool_calls', async () => {
  const chunks = await streamChunks({ model: 'gemini/gemini-2.5-flash', messages: [{ role: 'user', content: 'Find dogs' }], tools });
  const deltas = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
  assert.equal(deltas.length, 1);
  assert.equal(deltas[0].function?.name, 'search');
  assert.deepEqual(JSON.parse(deltas[0].function?.arguments ?? ''), { query: 'Find dogs', index: 0 });
  assert.equal(chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0].finish_reason, 'tool_calls');
});

test('json_schema reaches the stream endpoint as responseJsonSchema and JSON comes back', async () => {
  const schema = { type: 'object', properties: { echo: { type: 'string' } } };
  const chunks = await streamChunks({ model: 'gemini/gemini-2.5-flash', messages: [{ role: 'user', content: 'Hi' }], response_format: { type: 'json_schema', json_schema: { name: 'echo', schema } } });
  assert.deepEqual(mock.requests[0].body.generationConfig, { responseMimeType: 'application/json', responseJsonSchema: schema });
  assert.deepEqual(JSON.parse(textOf(chunks)), { echo: 'Hi' });
});

test('a 429 becomes rate_limited with the retry-after delay; an error event mid-stream is thrown', async () => {
  mock.enqueueFault({ status: 429, message: 'Resource has been exhausted', retryAfterSeconds: 2 });
  await assert.rejects(complete({ model: 'gemini/gemini-2.5-flash', messages: [{ role: 'user', content: 'Hi' }] }), (error: unknown) => {
    return error instanceof UpstreamError && error.kind === 'rate_limited' && error.retryAfterMs === 2000 && error.providerCode === 'RESOURCE_EXHAUSTED';
  });
  mock.enqueueFault({ errorEventAfter: 1, message: 'backend died' });
  await assert.rejects(streamChunks({ model: 'gemini/gemini-2.5-flash', messages: [{ role: 'user', content: 'Tell me a long story' }] }), (error: unknown) => {
    return error instanceof UpstreamError && error.kind === 'server_error' && error.message === 'backend died';
  });
});

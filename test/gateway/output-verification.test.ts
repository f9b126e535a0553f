import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { postChat, readSse } from './gateway-test-helpers.js';

const personSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name', 'age'],
  additionalProperties: false,
};

/** Output verification and JSON healing (issue 10; spec 2.3 healer_report, 4.9: cache and full modes only). */
describe('output verification and healing', () => {
  let harness: TestGateway;
  let client: OpenAI;

  before(async () => {
    harness = await startTestGateway();
    client = harness.client();
  });
  after(() => harness.close());
  beforeEach(() => harness.mock.reset());

  const jsonObject = { type: 'json_object' };
  const jsonSchema = { type: 'json_schema', json_schema: { name: 'person', schema: personSchema, strict: true } };
  const chat = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const response = await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Who was Ada Lovelace? Answer as JSON.' }], ...body }, { headers });
    assert.equal(response.status, 200);
    return { response, body: await response.json() };
  };

  test('a fenced JSON answer is healed: the content becomes the JSON, healer_report says how', async () => {
    harness.mock.enqueueReply({ content: 'Here you go:\n```json\n{"name": "Ada", "age": 36}\n```' });
    const { body } = await chat({ response_format: jsonObject });
    assert.equal(body.choices[0].message.content, '{"name":"Ada","age":36}');
    const report = body.svc_metadata.healer_report;
    assert.deepEqual({ ...report, healing_time_ms: 0 }, { original: 'Here you go:\n```json\n{"name": "Ada", "age": 36}\n```', healed: '{"name":"Ada","age":36}', stage: 'extract', confidence: 0.95, healing_time_ms: 0 });
    assert.equal(typeof report.healing_time_ms, 'number');
  });

  test('a long broken answer (60 KB, healed off the event loop) is healed as a short one is', async () => {
    const items = Array.from({ length: 1_500 }, (_, id) => ({ id, name: `item ${id}` }));
    const broken = `{'items': [${items.map(({ id, name }) => `{'id': ${id}, 'name': '${name}',}`).join(', ')},]}`;
    assert.ok(broken.length > 16 * 1024);
    harness.mock.enqueueReply({ content: broken });
    const { body } = await chat({ response_format: jsonObject });
    assert.deepEqual(JSON.parse(body.choices[0].message.content), { items });
    assert.equal(body.svc_metadata.healer_report.stage, 'syntax_repair');
  });

  test('valid JSON is untouched and gets no report; proxy mode never heals', async () => {
    harness.mock.enqueueReply({ content: '{"name": "Ada", "age": 36}' });
    const valid = await chat({ response_format: jsonObject });
    assert.equal(valid.body.choices[0].message.content, '{"name": "Ada", "age": 36}');
    assert.equal(valid.body.svc_metadata.healer_report, undefined);
    harness.mock.enqueueReply({ content: "{'name': 'Ada', 'age': 36,}" });
    const proxied = await chat({ response_format: jsonObject }, { 'x-intelligence-mode': 'proxy' });
    assert.equal(proxied.body.choices[0].message.content, "{'name': 'Ada', 'age': 36,}");
    assert.equal(proxied.body.svc_metadata.healer_report, undefined);
  });

  test('json_schema: types are coerced where unambiguous and forbidden properties dropped (through the SDK)', async () => {
    harness.mock.enqueueReply({ content: '{"name": "Ada", "age": "36", "title": "Countess"}' });
    const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Ada?' }], response_format: jsonSchema as never });
    assert.deepEqual(JSON.parse(completion.choices[0].message.content!), { name: 'Ada', age: 36 });
    const report = (completion as unknown as { svc_metadata: { healer_report: { stage: string; confidence: number } } }).svc_metadata.healer_report;
    assert.deepEqual([report.stage, report.confidence], ['schema_coercion', 0.75]);
  });

  test('hopeless at standard reliability: the answer is returned as written, with a warning; nothing is invented', async () => {
    harness.mock.enqueueReply({ content: '{"name": "Ada"}' });
    const { body } = await chat({ response_format: jsonSchema });
    assert.equal(body.choices[0].message.content, '{"name": "Ada"}', 'the missing age is not made up');
    assert.equal(body.svc_metadata.healer_report, undefined);
    assert.ok(body.svc_metadata.warnings.some((warning: string) => /output verification: content is not valid JSON.*required property 'age'/.test(warning)), body.svc_metadata.warnings.join(' | '));
    assert.equal(harness.mock.requests.length, 1, 'no second call at standard reliability');
  });

  test('reliability high: the model is asked again once with the errors; both calls are billed', async () => {
    harness.mock.enqueueReply({ content: '{"name": "Ada"}', usage: { input: 100, output: 10 } });
    harness.mock.enqueueReply({ content: '{"name": "Ada", "age": 36}', usage: { input: 180, output: 12 } });
    const { response, body } = await chat({ response_format: jsonSchema, svc: { reliability_level: 'high' } });
    assert.equal(harness.mock.requests.length, 2);
    const reask = harness.mock.requests[1].body.messages.at(-1);
    assert.equal(reask.role, 'user');
    assert.match(reask.content, /must have required property 'age'/);
    assert.match(reask.content, /You wrote: \{"name": "Ada"\}/);
    assert.equal(body.choices[0].message.content, '{"name": "Ada", "age": 36}');
    assert.deepEqual([body.svc_metadata.healer_report.stage, body.svc_metadata.healer_report.confidence, body.svc_metadata.healer_report.original], ['re_ask', 1, '{"name": "Ada"}']);
    assert.equal(response.headers.get('x-svc-input-tokens'), '280');
    assert.equal(response.headers.get('x-svc-output-tokens'), '22');
    // gpt-4o-mini: 0.15 / 0.60 per million → (280 × 0.15 + 22 × 0.60) / 1e6.
    assert.equal(body.svc_metadata.cost_usd, (280 * 0.15 + 22 * 0.6) / 1e6);
  });

  test('a cut answer is closed at standard reliability and reported with low confidence; asked again with output_verification schema', async () => {
    harness.mock.enqueueReply({ content: '{"answer": 42, "items": ["a", "b"' });
    const standard = await chat({ response_format: jsonObject });
    assert.deepEqual(JSON.parse(standard.body.choices[0].message.content), { answer: 42, items: ['a', 'b'] });
    assert.equal(standard.body.svc_metadata.healer_report.stage, 'truncation_close');
    assert.ok(standard.body.svc_metadata.healer_report.confidence < 0.7, 'a guess, and said to be one');
    harness.mock.enqueueReply({ content: '{"name": "Ada", "age": 3' });
    harness.mock.enqueueReply({ content: '{"name": "Ada", "age": 36}' });
    const verified = await chat({ response_format: jsonObject, svc: { output_verification: 'schema' } });
    assert.equal(verified.body.choices[0].message.content, '{"name": "Ada", "age": 36}');
    assert.equal(harness.mock.requests.length, 3);
  });

  test('a JSON-mode stream is collected, healed, and sent in the compact form', async () => {
    harness.mock.enqueueReply({ content: '```json\n{"name": "Ada", "age": 36}\n```', chunks: ['```json\n{"name": ', '"Ada", "age": 36}', '\n```'] });
    const response = await postChat(harness, { model: 'gpt-4o-mini', stream: true, response_format: jsonObject, messages: [{ role: 'user', content: 'Ada as JSON' }] });
    const { events } = await readSse(response, performance.now());
    const chunks = events.filter((event) => event.data !== '[DONE]').map((event) => JSON.parse(event.data));
    assert.equal(chunks.length, 2);
    assert.equal(chunks[1].choices[0].delta.content, '{"name":"Ada","age":36}');
    assert.equal(events.at(-1)!.data, '[DONE]');
  });

  test('tool-call arguments are checked against the tool parameters and healed', async () => {
    harness.mock.enqueueReply({ toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: "{'city': 'Oslo', 'days': '3'}" }] });
    const { body } = await chat({
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] } } }],
    });
    assert.equal(body.choices[0].message.tool_calls[0].function.arguments, '{"city":"Oslo","days":3}');
    assert.equal(body.svc_metadata.healer_report.stage, 'schema_coercion');
  });

  test('streamed tool-call arguments are healed like whole ones, while the text before them flows as it comes', async () => {
    const weatherTool = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] } } };
    harness.mock.enqueueReply({ content: 'Let me check the weather.', chunks: ['Let me ', 'check the weather.'], toolCalls: [{ id: 'call_9', name: 'get_weather', arguments: "{'city': 'Oslo', 'days': '3',}" }] });
    const response = await postChat(harness, { model: 'gpt-4o-mini', stream: true, tools: [weatherTool], messages: [{ role: 'user', content: 'Weather in Oslo?' }] });
    const { events } = await readSse(response, performance.now());
    const chunks = events.filter((event) => event.data !== '[DONE]').map((event) => JSON.parse(event.data));
    const text = chunks.flatMap((chunk) => chunk.choices.map((choice: { delta: { content?: string } }) => choice.delta.content ?? '')).join('');
    assert.equal(text, 'Let me check the weather.');
    const firstText = chunks.findIndex((chunk) => chunk.choices[0]?.delta.content);
    const callChunks = chunks.filter((chunk) => chunk.choices[0]?.delta.tool_calls);
    assert.equal(callChunks.length, 1, 'one delta per call, with its whole arguments');
    assert.ok(firstText < chunks.indexOf(callChunks[0]), 'the text came before the held tool call');
    assert.deepEqual(callChunks[0].choices[0].delta.tool_calls, [{ index: 0, id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo","days":3}' } }]);
    assert.equal(chunks.at(-1).choices[0]?.finish_reason ?? chunks.at(-2).choices[0]?.finish_reason, 'tool_calls');

    // The official SDK assembles the same call.
    harness.mock.enqueueReply({ toolCalls: [{ id: 'call_10', name: 'get_weather', arguments: '{"city": "Bergen", "days": 2' }] });
    const stream = client.chat.completions.stream({ model: 'gpt-4o-mini', tools: [weatherTool as never], messages: [{ role: 'user', content: 'Weather in Bergen?' }] });
    const final = await stream.finalChatCompletion();
    assert.equal(final.choices[0].message.tool_calls?.[0].type === 'function' && final.choices[0].message.tool_calls[0].function.arguments, '{"city":"Bergen","days":2}');
  });

  test('the Responses API: text.format json_schema answers are verified too', async () => {
    harness.mock.enqueueReply({ content: 'Sure: {"name": "Ada", "age": 36,}' });
    const response = await client.responses.create({ model: 'gpt-4o-mini', input: 'Ada?', text: { format: { type: 'json_schema', name: 'person', schema: personSchema, strict: true } } });
    assert.deepEqual(JSON.parse(response.output_text), { name: 'Ada', age: 36 });
  });

  test('cross_model at critical reliability: a model of another provider checks the answer; a rejection asks again', async () => {
    harness.mock.enqueueReply({ content: '{"name": "Ada", "age": 3}' }, { wire: 'openai' });
    harness.mock.enqueueReply({ content: '{"valid": false, "problems": ["Ada Lovelace died at 36, not 3"]}' }, { wire: 'anthropic' });
    harness.mock.enqueueReply({ content: '{"name": "Ada", "age": 36}' }, { wire: 'openai' });
    const { body } = await chat({ response_format: jsonSchema, svc: { reliability_level: 'critical', output_verification: 'cross_model' } });
    assert.deepEqual(harness.mock.requests.map((request) => request.wire), ['openai', 'anthropic', 'openai']);
    assert.match(JSON.stringify(harness.mock.requests[1].body), /Answer to check/);
    assert.match(harness.mock.requests[2].body.messages.at(-1).content, /died at 36, not 3/);
    assert.equal(body.choices[0].message.content, '{"name": "Ada", "age": 36}');
    assert.ok(body.svc_metadata.warnings.some((warning: string) => /cross_model check by anthropic\/.*: invalid/.test(warning)));
    assert.equal(body.svc_metadata.healer_report.stage, 're_ask');
  });

  test('cross_model is a strategy of its own: without a reliability level the answer is checked by another provider and asked again', async () => {
    harness.mock.enqueueReply({ content: '{"name": "Ada", "age": 3}' }, { wire: 'openai' });
    harness.mock.enqueueReply({ content: '{"valid": false, "problems": ["age is wrong"]}' }, { wire: 'anthropic' });
    harness.mock.enqueueReply({ content: '{"name": "Ada", "age": 36}' }, { wire: 'openai' });
    const { body } = await chat({ response_format: jsonSchema, svc: { output_verification: 'cross_model' } });
    assert.deepEqual(harness.mock.requests.map((request) => request.wire), ['openai', 'anthropic', 'openai']);
    assert.equal(body.choices[0].message.content, '{"name": "Ada", "age": 36}');
  });
});

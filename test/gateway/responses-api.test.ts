import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { createKey, createOrg, expectError, readSse, waitFor } from './gateway-test-helpers.js';

interface Streamed {
  type: string;
  sequence_number: number;
  output_index?: number;
  item_id?: string;
  content_index?: number;
  delta?: string;
  item?: { id: string; type: string; status: string; name?: string; call_id?: string; arguments?: string };
  response?: { id: string; status: string; output: unknown[]; output_text?: string; usage: unknown; error?: { code: string } };
  text?: string;
  arguments?: string;
}

/** POST /v1/responses (spec 4.3, 2.5, 6): a translator over chat, through the official SDK and raw HTTP. */
describe('Responses API', () => {
  let harness: TestGateway;
  let client: OpenAI;

  before(async () => {
    harness = await startTestGateway();
    client = harness.client();
  });
  after(() => harness.close());
  beforeEach(() => harness.mock.reset());

  const post = (body: unknown, key?: string) => harness.request('/v1/responses', { body, key });
  const weatherTool = { type: 'function' as const, name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, strict: true };

  async function streamEvents(body: Record<string, unknown>): Promise<{ events: Streamed[]; names: string[]; arrivals: number[] }> {
    const startedAt = performance.now();
    const response = await post({ ...body, stream: true });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const { events } = await readSse(response, startedAt);
    const parsed = events.map((event) => JSON.parse(event.data) as Streamed);
    // Every event is named, and its name is its type.
    for (const [index, event] of events.entries()) assert.equal(event.event, parsed[index].type);
    assert.deepEqual(parsed.map((event) => event.sequence_number), parsed.map((_, index) => index), 'sequence numbers count from 0 without gaps');
    return { events: parsed, names: parsed.map((event) => event.type), arrivals: events.map((event) => event.at) };
  }

  test('responses.create: instructions become a system message; the answer is a response object with output_text and usage details', async () => {
    harness.mock.enqueueReply({ content: 'Bonjour.', usage: { input: 20, output: 6, cached: 8, reasoning: 2 } });
    const sentAt = Date.now();
    const response = await client.responses.create({ model: 'gpt-4o-mini', instructions: 'Answer in French.', input: 'Say hello', max_output_tokens: 50, temperature: 0.2 });
    const answeredAt = Date.now();
    assert.equal(response.object, 'response');
    // resp_ + 32 hex, time-ordered like OpenAI's: the first 12 are the millisecond it was made in (the store's key index is appended to).
    assert.match(response.id, /^resp_[0-9a-f]{32}$/);
    const madeAt = parseInt(response.id.slice(5, 17), 16);
    assert.ok(madeAt >= sentAt && madeAt <= answeredAt, `the id's clock ${madeAt} lies within ${sentAt}–${answeredAt}`);
    assert.equal(response.status, 'completed');
    assert.equal(response.output_text, 'Bonjour.');
    assert.equal(response.output.length, 1);
    const [message] = response.output;
    assert.equal(message.type, 'message');
    assert.ok(message.type === 'message');
    assert.equal(message.role, 'assistant');
    assert.match(message.id, /^msg_/);
    assert.deepEqual(message.content, [{ type: 'output_text', text: 'Bonjour.', annotations: [] }]);
    assert.deepEqual(response.usage, { input_tokens: 20, input_tokens_details: { cached_tokens: 8 }, output_tokens: 6, output_tokens_details: { reasoning_tokens: 2 }, total_tokens: 26 });
    assert.equal(typeof response.created_at, 'number');
    const sent = harness.mock.requests[0].body;
    assert.deepEqual(sent.messages, [{ role: 'system', content: 'Answer in French.' }, { role: 'user', content: 'Say hello' }]);
    assert.deepEqual([sent.max_completion_tokens, sent.temperature], [50, 0.2]);
  });

  test('input items: messages with input_text and input_image parts, prior function calls and their outputs', async () => {
    harness.mock.enqueueReply({ content: 'It is sunny.' });
    const response = await post({
      model: 'gpt-4o-mini',
      input: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'input_text', text: 'What is in this image, and the weather?' }, { type: 'input_image', image_url: 'https://example.com/cat.png' }] },
        { role: 'assistant', content: [{ type: 'output_text', text: 'Let me check.' }] },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: '{"sky":"clear"}' },
      ],
      tools: [weatherTool],
    });
    assert.equal(response.status, 200);
    assert.deepEqual(harness.mock.requests[0].body.messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'What is in this image, and the weather?' }, { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }] },
      { role: 'assistant', content: 'Let me check.' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear"}' },
    ]);
  });

  test('with tools: flat function tools become chat tools; a tool call comes back as a function_call output item', async () => {
    harness.mock.enqueueReply({ toolCalls: [{ id: 'call_w1', name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const response = await client.responses.create({ model: 'gpt-4o-mini', input: 'Weather in Oslo?', tools: [weatherTool], tool_choice: 'required' });
    const sent = harness.mock.requests[0].body;
    assert.deepEqual(sent.tools, [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: weatherTool.parameters, strict: true } }]);
    assert.equal(sent.tool_choice, 'required');
    assert.equal(response.output.length, 1);
    const [call] = response.output;
    assert.ok(call.type === 'function_call');
    assert.deepEqual([call.call_id, call.name, call.arguments, call.status], ['call_w1', 'get_weather', '{"city":"Oslo"}', 'completed']);
    assert.match(call.id!, /^fc_/);
    assert.equal(response.output_text, '');
  });

  test('text.format json_schema becomes response_format; reasoning.effort becomes reasoning_effort', async () => {
    harness.mock.enqueueReply({ content: '{"name":"Ada","age":36}' });
    const schema = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name', 'age'], additionalProperties: false };
    const response = await client.responses.create({
      model: 'gpt-5-mini',
      input: 'Who wrote the first program?',
      text: { format: { type: 'json_schema', name: 'person', schema, strict: true } },
      reasoning: { effort: 'low' },
    });
    const sent = harness.mock.requests[0].body;
    assert.deepEqual(sent.response_format, { type: 'json_schema', json_schema: { name: 'person', schema, strict: true } });
    assert.equal(sent.reasoning_effort, 'low');
    assert.deepEqual(JSON.parse(response.output_text), { name: 'Ada', age: 36 });
    assert.deepEqual(response.text, { format: { type: 'json_schema', name: 'person', schema, strict: true } });
  });

  test('responses.stream: the SDK assembles the final response from the events', async () => {
    harness.mock.enqueueReply({ content: 'One two three four.', usage: { input: 9, output: 4 } });
    const stream = client.responses.stream({ model: 'gpt-4o-mini', input: 'Count to four' });
    const deltas: string[] = [];
    stream.on('response.output_text.delta', (event) => deltas.push(event.delta));
    const final = await stream.finalResponse();
    assert.equal(final.status, 'completed');
    assert.equal(final.output_text, 'One two three four.');
    assert.equal(deltas.join(''), 'One two three four.');
    assert.ok(deltas.length >= 4, 'text arrives in several deltas');
    assert.deepEqual(final.usage, { input_tokens: 9, input_tokens_details: { cached_tokens: 0 }, output_tokens: 4, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 13 });
  });

  test('service_tier reports the tier that served the request, as OpenAI names it, streamed or not', async () => {
    const asked = await client.responses.create({ model: 'gpt-4o-mini', input: 'hello', service_tier: 'flex' });
    assert.equal(asked.service_tier, 'flex');
    assert.equal(harness.mock.requests.at(-1)!.body.service_tier, 'flex');
    // Not asked: OpenAI answers `default`, and so does the response (not the null of a tier never named).
    const plain = await client.responses.create({ model: 'gpt-4o-mini', input: 'hello' });
    assert.equal(plain.service_tier, 'default');
    const streamed = await client.responses.stream({ model: 'gpt-4o-mini', input: 'hello', service_tier: 'priority' }).finalResponse();
    assert.equal(streamed.service_tier, 'priority');
  });

  test('the event sequence of a text answer, event by event; deltas leave as the upstream sends them', async () => {
    harness.mock.enqueueReply({ content: 'alpha beta gamma', chunks: ['alpha ', 'beta ', 'gamma'], eventDelayMs: 60, usage: { input: 5, output: 3 } });
    const { events, names, arrivals } = await streamEvents({ model: 'gpt-4o-mini', input: 'Greek letters' });
    assert.deepEqual(names, [
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const itemId = events[2].item!.id;
    assert.match(itemId, /^msg_/);
    assert.equal(events[2].item!.status, 'in_progress');
    for (const event of events.slice(3, 9)) assert.deepEqual([event.item_id, event.output_index, event.content_index], [itemId, 0, 0]);
    assert.deepEqual(events.slice(4, 7).map((event) => event.delta), ['alpha ', 'beta ', 'gamma']);
    assert.equal(events[7].text, 'alpha beta gamma');
    assert.deepEqual([events[9].output_index, events[9].item!.id, events[9].item!.status], [0, itemId, 'completed']);
    const completed = events[10].response!;
    assert.equal(completed.status, 'completed');
    assert.equal(completed.output_text, 'alpha beta gamma');
    assert.deepEqual(completed.usage, { input_tokens: 5, input_tokens_details: { cached_tokens: 0 }, output_tokens: 3, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 8 });
    assert.equal(events[0].response!.id, completed.id);
    assert.equal(events[0].response!.status, 'in_progress');
    // Live, not produced at the end: the upstream paused 60 ms between its chunks.
    assert.ok(arrivals[6] - arrivals[4] >= 80, `deltas spread over the upstream's pauses (${arrivals[4].toFixed(0)} → ${arrivals[6].toFixed(0)} ms)`);
  });

  test('the event sequence of a tool-call answer (text first, then two calls), event by event', async () => {
    harness.mock.enqueueReply({
      content: 'Checking.',
      chunks: ['Checking.'],
      toolCalls: [
        { id: 'call_a', name: 'get_weather', arguments: '{"city":"Lisbon, Portugal"}' },
        { id: 'call_b', name: 'get_weather', arguments: '{"city":"Porto"}' },
      ],
    });
    const { events, names } = await streamEvents({ model: 'gpt-4o-mini', input: 'Weather in Lisbon and Porto?', tools: [weatherTool] });
    const argumentDeltas = (from: number) => {
      let count = 0;
      while (names[from + count] === 'response.function_call_arguments.delta') count++;
      return count;
    };
    const firstDeltas = argumentDeltas(9);
    const secondStart = 9 + firstDeltas + 2;
    const secondDeltas = argumentDeltas(secondStart + 1);
    assert.ok(firstDeltas >= 2 && secondDeltas >= 2, 'arguments arrive in several deltas');
    assert.deepEqual(names, [
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      ...Array(firstDeltas).fill('response.function_call_arguments.delta'),
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.output_item.added',
      ...Array(secondDeltas).fill('response.function_call_arguments.delta'),
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const first = events[8];
    assert.deepEqual([first.output_index, first.item!.type, first.item!.call_id, first.item!.name, first.item!.arguments], [1, 'function_call', 'call_a', 'get_weather', '']);
    const firstArguments = events.slice(9, 9 + firstDeltas);
    for (const event of firstArguments) assert.deepEqual([event.item_id, event.output_index], [first.item!.id, 1]);
    assert.equal(firstArguments.map((event) => event.delta).join(''), '{"city":"Lisbon, Portugal"}');
    assert.equal(events[9 + firstDeltas].arguments, '{"city":"Lisbon, Portugal"}');
    const second = events[secondStart];
    assert.deepEqual([second.output_index, second.item!.call_id], [2, 'call_b']);
    assert.equal(events[secondStart + 1 + secondDeltas].arguments, '{"city":"Porto"}');
    const completed = events[events.length - 1].response!;
    assert.deepEqual(
      (completed.output as Array<{ type: string; call_id?: string }>).map((item) => [item.type, item.call_id]),
      [['message', undefined], ['function_call', 'call_a'], ['function_call', 'call_b']],
    );
  });

  test('an upstream failure mid-stream ends with response.failed and an error event, never response.completed', async () => {
    harness.mock.enqueueReply({ content: 'one two three four five six', chunks: ['one ', 'two ', 'three ', 'four ', 'five ', 'six'] });
    harness.mock.enqueueFault({ dropAfterEvents: 3 });
    const { names, events } = await streamEvents({ model: 'gpt-4o-mini', input: 'Count', store: false });
    assert.ok(!names.includes('response.completed'));
    assert.deepEqual(names.slice(-2), ['response.failed', 'error']);
    const failed = events[events.length - 2].response!;
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error!.code, 'internal_error');
    assert.ok(names.includes('response.output_text.delta'), 'what was streamed before the cut was delivered');
  });

  test('store: previous_response_id continues the conversation and GET /v1/responses/{id} returns the response; other orgs see 404', async () => {
    harness.mock.enqueueReply({ toolCalls: [{ id: 'call_p1', name: 'get_weather', arguments: '{"city":"Rome"}' }] });
    const first = await client.responses.create({ model: 'gpt-4o-mini', instructions: 'Use tools.', input: 'Weather in Rome?', tools: [weatherTool] });
    harness.mock.enqueueReply({ content: 'Rome is sunny.' });
    const second = await client.responses.create({
      model: 'gpt-4o-mini',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: 'call_p1', output: '{"sky":"sunny"}' }],
      tools: [weatherTool],
    });
    assert.equal(second.previous_response_id, first.id);
    assert.deepEqual(harness.mock.requests[1].body.messages, [
      { role: 'user', content: 'Weather in Rome?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_p1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } }] },
      { role: 'tool', tool_call_id: 'call_p1', content: '{"sky":"sunny"}' },
    ], 'the earlier turn comes first; its instructions are not carried over');

    const fetched = await client.responses.retrieve(second.id);
    assert.equal(fetched.output_text, 'Rome is sunny.');
    assert.equal(fetched.id, second.id);

    // Written to the database behind the answer, per org.
    await harness.gateway.services.responses.flush();
    const stored = await harness.gateway.services.store.responses.getResponse('default', second.id, new Date().toISOString());
    assert.ok(stored, 'the response is in the database');
    assert.equal(JSON.parse(stored.response).output_text, 'Rome is sunny.');

    const otherOrg = await createOrg(harness, 'responses-other');
    const otherKey = (await createKey(harness, { org_id: otherOrg })).key;
    const denied = await harness.request(`/v1/responses/${second.id}`, { method: 'GET', key: otherKey });
    await expectError(denied, { status: 404, type: 'not_found_error', code: 'resource_not_found' });
    await expectError(await post({ model: 'gpt-4o-mini', previous_response_id: second.id, input: 'and tomorrow?' }, otherKey), {
      status: 400,
      type: 'invalid_request_error',
      code: 'previous_response_not_found',
      param: 'previous_response_id',
      message: 'not found',
    });
    // The OpenAI SDK sees what it sees from OpenAI: a BadRequestError with that code.
    await assert.rejects(harness.client(otherKey).responses.create({ model: 'gpt-4o-mini', previous_response_id: 'resp_unknown', input: 'x' }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.BadRequestError);
      assert.equal(error.code, 'previous_response_not_found');
      return true;
    });
    assert.equal(harness.mock.requests.length, 2, 'no upstream call for a refused continuation');
  });

  test('the stored response is the object the caller received, without svc_metadata; the body is JSON with its charset', async () => {
    harness.mock.enqueueReply({ content: 'kept as sent' });
    const answer = await post({ model: 'gpt-4o-mini', input: 'keep this' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
    const { svc_metadata: svcMetadata, ...asSent } = (await answer.json()) as Record<string, unknown>;
    assert.equal((svcMetadata as { requested_model: string }).requested_model, 'gpt-4o-mini');
    assert.equal(asSent.output_text, 'kept as sent');
    await harness.gateway.services.responses.flush();
    const stored = await harness.gateway.services.store.responses.getResponse('default', asSent.id as string, new Date().toISOString());
    assert.ok(stored, 'the response is in the database');
    assert.deepEqual(JSON.parse(stored.response), asSent);
    assert.deepEqual(JSON.parse(stored.conversation), [
      { role: 'user', content: 'keep this' },
      { role: 'assistant', content: 'kept as sent' },
    ]);
  });

  test('store: false keeps nothing; a streamed response is stored when it completes', async () => {
    harness.mock.enqueueReply({ content: 'not kept' });
    const unkept = await client.responses.create({ model: 'gpt-4o-mini', input: 'x', store: false });
    await expectError(await harness.request(`/v1/responses/${unkept.id}`, { method: 'GET' }), { status: 404, type: 'not_found_error', code: 'resource_not_found' });
    harness.mock.enqueueReply({ content: 'kept after streaming' });
    const final = await client.responses.stream({ model: 'gpt-4o-mini', input: 'y' }).finalResponse();
    assert.ok(await waitFor(async () => (await harness.request(`/v1/responses/${final.id}`, { method: 'GET' })).status === 200));
    assert.equal((await client.responses.retrieve(final.id)).output_text, 'kept after streaming');
  });

  test('400s: unsupported tool type, empty input, invalid content part, each naming the field; nothing reaches the upstream', async () => {
    const invalid = { status: 400, type: 'invalid_request_error', code: 'validation_error' };
    await expectError(await post({ model: 'gpt-4o-mini', input: 'x', tools: [{ type: 'web_search' }] }), { ...invalid, param: 'tools[0].type', message: 'web_search' });
    await expectError(await post({ model: 'gpt-4o-mini', input: '' }), { ...invalid, param: 'input' });
    await expectError(await post({ model: 'gpt-4o-mini', input: [] }), { ...invalid, param: 'input' });
    await expectError(await post({ model: 'gpt-4o-mini' }), { ...invalid, param: 'input' });
    await expectError(await post({ model: 'gpt-4o-mini', input: [{ role: 'user', content: [{ type: 'input_audio', data: 'x' }] }] }), {
      ...invalid,
      param: 'input[0].content[0].type',
      message: 'input_audio',
    });
    await expectError(await post({ model: 'gpt-4o-mini', input: 'x', temperature: 3 }), { ...invalid, param: 'temperature', message: 'temperature must be between 0 and 2' });
    await expectError(await post({ input: 'x' }), { ...invalid, param: 'model' });
    assert.equal(harness.mock.requests.length, 0);
  });

  test('the responses rows of spec 7: 401, 429 rate_limit_error, 500 internal_error for a provider failure; x-svc headers on each', async () => {
    const unauthenticated = await post({ model: 'gpt-4o-mini', input: 'x' }, 'nope');
    assert.equal(unauthenticated.headers.get('x-svc-intelligence-mode'), 'full');
    await expectError(unauthenticated, { status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    harness.mock.enqueueFault({ status: 500, message: 'model crashed' });
    await expectError(await post({ model: 'gpt-4o-mini', input: 'x' }), { status: 500, type: 'internal_error', code: 'internal_error', message: 'model crashed' });
    const cooling = await startTestGateway({ mock: harness.mock });
    try {
      harness.mock.enqueueFault({ status: 429, retryAfterSeconds: 2 });
      const limited = await cooling.request('/v1/responses', { body: { model: 'gpt-4o-mini', input: 'x' } });
      assert.equal(limited.headers.get('x-svc-intelligence-mode'), 'full');
      await expectError(limited, { status: 429, type: 'rate_limit_error', code: 'upsteam_rate_limit' });
    } finally {
      await cooling.close();
    }
    harness.mock.enqueueReply({ content: 'ok', usage: { input: 4, output: 1 } });
    const ok = await post({ model: 'gpt-4o-mini', input: 'x' });
    for (const header of ['x-svc-request-id', 'x-svc-provider', 'x-svc-tier-used', 'x-svc-input-tokens', 'x-svc-output-tokens', 'x-svc-intelligence-mode']) {
      assert.ok(ok.headers.get(header), `${header} is set`);
    }
    const body = await ok.json();
    assert.equal(body.svc_metadata.request_id, ok.headers.get('x-svc-request-id'));
  });

  test('usage of the responses endpoint is in the ledger, by endpoint, stream and non-stream', async () => {
    const orgId = await createOrg(harness, 'responses-usage');
    const key = (await createKey(harness, { org_id: orgId })).key;
    harness.mock.enqueueReply({ content: 'counted', usage: { input: 30, output: 7 } });
    assert.equal((await post({ model: 'gpt-4o-mini', input: 'count me', store: false }, key)).status, 200);
    harness.mock.enqueueReply({ content: 'streamed', usage: { input: 12, output: 3 } });
    const streamed = await post({ model: 'gpt-4o-mini', input: 'count me too', store: false, stream: true }, key);
    await readSse(streamed, performance.now());
    type Summary = { by_endpoint: Array<{ endpoint: string; requests: number; prompt_tokens: number; completion_tokens: number }> };
    const usage = async () => (await (await harness.request(`/v1/admin/usage?org_id=${orgId}`)).json()) as Summary;
    assert.ok(await waitFor(async () => (await usage()).by_endpoint.some((row) => row.requests === 2), 2000));
    assert.deepEqual((await usage()).by_endpoint.map((row) => [row.endpoint, row.requests, row.prompt_tokens, row.completion_tokens]), [['responses', 2, 42, 10]]);
  });
});

describe('Responses API refusals', () => {
  let harness: TestGateway;
  before(async () => {
    harness = await startTestGateway();
  });
  after(() => harness.close());

  test('a streamed refusal arrives as response.refusal.delta / done and stays in the final output; replaying it as input is accepted', async () => {
    harness.mock.enqueueReply({ refusal: "I can't help with that." });
    const stream = harness.client().responses.stream({ model: 'gpt-4o-mini', input: 'something forbidden' });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    const final = await stream.finalResponse();
    assert.ok(types.includes('response.refusal.delta'), types.join(' '));
    assert.ok(types.includes('response.refusal.done'), types.join(' '));
    const message = final.output.find((item) => item.type === 'message') as { content: Array<{ type: string; refusal?: string }> };
    assert.deepEqual(message.content.map((part) => [part.type, part.refusal]), [['refusal', "I can't help with that."]]);

    harness.mock.enqueueReply({ content: 'Understood.' });
    const replay = await harness.client().responses.create({ model: 'gpt-4o-mini', input: [{ role: 'user', content: 'something forbidden' }, { role: 'assistant', content: [{ type: 'refusal', refusal: "I can't help with that." }] } as never, { role: 'user', content: 'fine, something else' }] });
    assert.equal(replay.output_text, 'Understood.');
    const sent = harness.mock.requests.at(-1)!.body.messages[1];
    assert.deepEqual(sent, { role: 'assistant', content: [{ type: 'refusal', refusal: "I can't help with that." }] });
  });

  test('a function_call_output may hold images: the tool message keeps the text, the images follow the tool turn as a user message', async () => {
    harness.mock.enqueueReply({ content: 'A red square.' });
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    const response = await harness.client().responses.create({
      model: 'gpt-4o-mini',
      input: [
        { role: 'user', content: 'Take a screenshot and describe it' },
        { type: 'function_call', call_id: 'call_s1', name: 'screenshot', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_s1', output: [{ type: 'input_text', text: 'captured' }, { type: 'input_image', image_url: image }] } as never,
      ],
    });
    assert.equal(response.output_text, 'A red square.');
    const messages = harness.mock.requests.at(-1)!.body.messages;
    assert.deepEqual(messages.slice(2), [
      { role: 'tool', tool_call_id: 'call_s1', content: 'captured' },
      { role: 'user', content: [{ type: 'text', text: 'Images returned by the tool calls above:' }, { type: 'image_url', image_url: { url: image } }] },
    ]);
  });
});

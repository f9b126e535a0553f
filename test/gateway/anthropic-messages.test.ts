import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import { gatewayForSuite, testMasterKey } from '../support/test-gateway.js';
import { chatBody, createKey, createOrg, postChat } from './gateway-test-helpers.js';
import { mockThinkingSignature } from '../mock-upstream/request-validation.js';

/** Issue 19: POST /v1/messages, driven by the official Anthropic SDK as Claude Code would drive it. */
describe('the Anthropic Messages API (POST /v1/messages) through the official SDK', () => {
  const harness = gatewayForSuite();
  const anthropic = (options: { apiKey?: string | null; authToken?: string } = {}) =>
    new Anthropic({ apiKey: options.apiKey === undefined ? testMasterKey : options.apiKey, authToken: options.authToken ?? null, baseURL: harness.url, maxRetries: 0 });

  test('a plain message, with the svc key as x-api-key, served by an OpenAI model: text, stop reason and the upstream usage', async () => {
    harness.mock.enqueueReply({ content: 'Paris is the capital of France.', usage: { input: 31, output: 8 } });
    const message = await anthropic().messages.create({ model: 'gpt-4o-mini', max_tokens: 100, system: 'Answer in one sentence.', messages: [{ role: 'user', content: 'What is the capital of France?' }] });
    assert.equal(message.type, 'message');
    assert.equal(message.role, 'assistant');
    assert.match(message.id, /^msg_/);
    assert.deepEqual(message.content, [{ type: 'text', text: 'Paris is the capital of France.' }]);
    assert.equal(message.stop_reason, 'end_turn');
    assert.equal(message.usage.input_tokens, 31);
    assert.equal(message.usage.output_tokens, 8);
    const sent = harness.mock.requests.at(-1)!;
    assert.equal(sent.wire, 'openai');
    assert.deepEqual(sent.body.messages, [{ role: 'system', content: 'Answer in one sentence.' }, { role: 'user', content: 'What is the capital of France?' }]);
    assert.equal(sent.body.max_tokens ?? sent.body.max_completion_tokens, 100);
  });

  test('the key as Bearer works too; a wrong key is the SDK’s AuthenticationError; a bad body its BadRequestError naming the field', async () => {
    harness.mock.enqueueReply({ content: 'ok' });
    const viaBearer = await anthropic({ apiKey: null, authToken: testMasterKey }).messages.create({ model: 'gpt-4o-mini', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] });
    assert.equal(viaBearer.content[0].type, 'text');
    await assert.rejects(anthropic({ apiKey: 'svc_wrong' }).messages.create({ model: 'gpt-4o-mini', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] }), (error: unknown) => {
      assert.ok(error instanceof Anthropic.AuthenticationError, String(error));
      assert.equal((error.error as { type: string; error: { type: string } }).error.type, 'authentication_error');
      return true;
    });
    await assert.rejects(anthropic().messages.create({ model: 'gpt-4o-mini', max_tokens: 0, messages: [{ role: 'user', content: 'Hi' }] }), (error: unknown) => {
      assert.ok(error instanceof Anthropic.BadRequestError, String(error));
      const body = error.error as { type: string; error: { type: string; message: string } };
      assert.equal(body.type, 'error');
      assert.equal(body.error.type, 'invalid_request_error');
      assert.match(body.error.message, /max_tokens/);
      return true;
    });
    assert.equal(harness.mock.requests.length, 1, 'refused requests never reach the upstream');
  });

  test('a key scoped to chat may use the Messages routes; a key of another family may not', async () => {
    const org = await createOrg(harness, `msg-scopes-${Date.now()}`);
    const chatKey = (await createKey(harness, { org_id: org, scopes: ['chat'] })).key;
    harness.mock.enqueueReply({ content: 'fine' });
    assert.equal((await anthropic({ apiKey: chatKey }).messages.create({ model: 'gpt-4o-mini', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] })).content.length, 1);
    const embeddingsKey = (await createKey(harness, { org_id: org, scopes: ['embeddings'] })).key;
    await assert.rejects(anthropic({ apiKey: embeddingsKey }).messages.create({ model: 'gpt-4o-mini', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] }), Anthropic.PermissionDeniedError);
  });

  test('streaming: Anthropic’s named events in order, text deltas as they come, usage in message_delta', async () => {
    harness.mock.enqueueReply({ chunks: ['The ', 'sky ', 'is ', 'blue.'], usage: { input: 12, output: 4 } });
    const stream = anthropic().messages.stream({ model: 'openai/gpt-4o-mini', max_tokens: 50, messages: [{ role: 'user', content: 'Why is the sky blue?' }] });
    const types: string[] = [];
    const deltas: string[] = [];
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') deltas.push(event.delta.text);
    }
    const final = await stream.finalMessage();
    assert.deepEqual(deltas, ['The ', 'sky ', 'is ', 'blue.']);
    assert.deepEqual(types, ['message_start', 'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_delta', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    assert.equal(final.content.length, 1);
    assert.equal(final.content[0].type === 'text' && final.content[0].text, 'The sky is blue.');
    assert.equal(final.model, 'gpt-4o-mini', 'message_start names the model that serves, not what was asked');
    assert.equal(final.stop_reason, 'end_turn');
    assert.equal(final.usage.output_tokens, 4);
    assert.equal(final.usage.input_tokens, 12);
  });

  test('a tool-use round trip: the model’s call comes back as tool_use, the tool_result goes upstream as the answer to that call', async () => {
    const tools = [{ name: 'get_weather', description: 'Weather of a city', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] } }];
    harness.mock.enqueueReply({ toolCalls: [{ id: 'call_w1', name: 'get_weather', arguments: '{"city":"Paris"}' }], finish: 'tool_calls' });
    const first = await anthropic().messages.create({ model: 'gpt-4o-mini', max_tokens: 100, tools, messages: [{ role: 'user', content: 'Weather in Paris?' }] });
    assert.equal(first.stop_reason, 'tool_use');
    const call = first.content.find((block) => block.type === 'tool_use');
    assert.ok(call && call.type === 'tool_use');
    assert.deepEqual({ id: call.id, name: call.name, input: call.input }, { id: 'call_w1', name: 'get_weather', input: { city: 'Paris' } });
    assert.deepEqual(harness.mock.requests.at(-1)!.body.tools, [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: tools[0].input_schema } }]);

    harness.mock.enqueueReply({ content: 'Sunny, 21 °C in Paris.' });
    const second = await anthropic().messages.create({
      model: 'gpt-4o-mini',
      max_tokens: 100,
      tools,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '{"sky":"sunny","celsius":21}' }] },
      ],
    });
    assert.deepEqual(second.content, [{ type: 'text', text: 'Sunny, 21 °C in Paris.' }]);
    const sent = harness.mock.requests.at(-1)!.body.messages;
    assert.deepEqual(sent.slice(1), [
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: 'call_w1', content: '{"sky":"sunny","celsius":21}' },
    ]);
  });

  test('streamed tool use: input_json_delta fragments the SDK assembles into the input object', async () => {
    harness.mock.enqueueReply({ toolCalls: [{ id: 'call_s1', name: 'lookup', arguments: '{"query":"svc gateway","limit":3}' }], finish: 'tool_calls' });
    const stream = anthropic().messages.stream({ model: 'gpt-4o-mini', max_tokens: 100, tools: [{ name: 'lookup', input_schema: { type: 'object' } }], messages: [{ role: 'user', content: 'Find svc' }] });
    const final = await stream.finalMessage();
    assert.equal(final.stop_reason, 'tool_use');
    const block = final.content[0];
    assert.ok(block.type === 'tool_use');
    assert.deepEqual({ id: block.id, name: block.name, input: block.input }, { id: 'call_s1', name: 'lookup', input: { query: 'svc gateway', limit: 3 } });
  });

  test('to an Anthropic model nothing is lost: system blocks and cache_control, images, stop sequences, thinking', async () => {
    harness.mock.enqueueReply({ content: 'A red square.' });
    const image = { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=' } };
    await anthropic().messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 8000,
      system: [{ type: 'text', text: 'You describe images.', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, image] }],
      stop_sequences: ['END'],
    });
    const sent = harness.mock.requests.at(-1)!;
    assert.equal(sent.wire, 'anthropic');
    assert.equal(sent.apiKey, 'sk-ant-test', 'the platform key goes upstream, never the caller\'s svc key');
    assert.deepEqual(sent.body.system, [{ type: 'text', text: 'You describe images.', cache_control: { type: 'ephemeral' } }]);
    assert.deepEqual(sent.body.messages[0].content[1], image);
    assert.deepEqual(sent.body.stop_sequences, ['END']);
    harness.mock.enqueueReply({ content: 'Thought about it.' });
    await anthropic().messages.create({ model: 'claude-sonnet-4-5', max_tokens: 8000, thinking: { type: 'enabled', budget_tokens: 4096 }, messages: [{ role: 'user', content: 'Think, then answer: 17 × 23?' }] });
    assert.deepEqual(harness.mock.requests.at(-1)!.body.thinking, { type: 'enabled', budget_tokens: 4096 });
  });

  test('thinking: an Anthropic model’s thinking reaches the SDK with its signature, and goes back upstream intact in a tool round trip', async () => {
    const thought = 'The user wants the weather; I should call get_weather for Paris.';
    const tools = [{ name: 'get_weather', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] } }];
    harness.mock.enqueueReply({ thinking: thought, toolCalls: [{ id: 'toolu_t1', name: 'get_weather', arguments: '{"city":"Paris"}' }], finish: 'tool_calls' });
    const thinking = { type: 'enabled' as const, budget_tokens: 2048 };
    const first = await anthropic().messages.create({ model: 'claude-sonnet-4-5', max_tokens: 8000, thinking, tools, messages: [{ role: 'user', content: 'Weather in Paris?' }] });
    assert.deepEqual(first.content[0], { type: 'thinking', thinking: thought, signature: mockThinkingSignature(thought) });
    assert.equal(first.content[1].type, 'tool_use');

    harness.mock.enqueueReply({ thinking: 'It is sunny; answer briefly.', content: 'Sunny in Paris.' });
    const history = [
      { role: 'user' as const, content: 'Weather in Paris?' },
      { role: 'assistant' as const, content: first.content },
      { role: 'user' as const, content: [{ type: 'tool_result' as const, tool_use_id: 'toolu_t1', content: 'sunny, 21 °C' }] },
    ];
    const second = await anthropic().messages.create({ model: 'claude-sonnet-4-5', max_tokens: 8000, thinking, tools, messages: history });
    assert.equal(second.content.at(-1)?.type, 'text');
    const sent = harness.mock.requests.at(-1)!.body;
    assert.deepEqual(sent.messages[1].content[0], { type: 'thinking', thinking: thought, signature: mockThinkingSignature(thought) }, 'the thinking block went back as the model signed it');
    assert.deepEqual(sent.thinking, thinking, 'thinking stays on for the tool round trip');

    // A block changed on its way is refused by Anthropic, and the refusal reaches the SDK as its own error.
    const tampered = [history[0], { role: 'assistant' as const, content: [{ type: 'thinking' as const, thinking: `${thought} (edited)`, signature: mockThinkingSignature(thought) }, first.content[1]] }, history[2]];
    await assert.rejects(anthropic().messages.create({ model: 'claude-sonnet-4-5', max_tokens: 8000, thinking, tools, messages: tampered as never }), (error: unknown) => {
      assert.ok(error instanceof Anthropic.APIError, String(error));
      assert.match(String((error.error as { error?: { message?: string } }).error?.message), /signature/);
      return true;
    });
  });

  test('the message id: an Anthropic model’s answer keeps the id Anthropic gave it, streamed or not; any other model’s gets a new msg_ id', async () => {
    // The mock names every Anthropic message msg_mock, as Anthropic names each msg_…
    harness.mock.enqueueReply({ content: 'Four.' });
    const whole = await anthropic().messages.create({ model: 'claude-sonnet-4-5', max_tokens: 50, messages: [{ role: 'user', content: 'Two plus two?' }] });
    assert.equal(whole.id, 'msg_mock');
    harness.mock.enqueueReply({ chunks: ['Fo', 'ur.'] });
    const streamed = await anthropic().messages.stream({ model: 'claude-sonnet-4-5', max_tokens: 50, messages: [{ role: 'user', content: 'Two plus two?' }] }).finalMessage();
    assert.equal(streamed.id, 'msg_mock');
    assert.equal(harness.mock.requests.at(-1)!.wire, 'anthropic');

    const ids: string[] = [];
    for (const stream of [false, true]) {
      harness.mock.enqueueReply({ content: 'Four.' });
      const request = { model: 'gpt-4o-mini', max_tokens: 50, messages: [{ role: 'user' as const, content: `Two plus two? (${stream})` }] };
      ids.push((stream ? await anthropic().messages.stream(request).finalMessage() : await anthropic().messages.create(request)).id);
    }
    for (const id of ids) assert.match(id, /^msg_[0-9a-f]{32}$/);
    assert.notEqual(ids[0], ids[1]);
  });

  test('thinking streamed: a thinking block with thinking_delta pieces and its signature_delta, before the text', async () => {
    const thought = 'Count from one to three, plainly.';
    harness.mock.enqueueReply({ thinking: thought, chunks: ['1, ', '2, ', '3'] });
    const stream = anthropic().messages.stream({ model: 'claude-sonnet-4-5', max_tokens: 8000, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: [{ role: 'user', content: 'Count to 3' }] });
    const events: Array<{ type: string; [key: string]: any }> = [];
    stream.on('streamEvent', (event) => events.push(event as never));
    const final = await stream.finalMessage();
    assert.deepEqual(final.content[0], { type: 'thinking', thinking: thought, signature: mockThinkingSignature(thought) });
    assert.equal(final.content[1].type, 'text');
    assert.equal(final.content[1].type === 'text' && final.content[1].text, '1, 2, 3');
    const deltas = events.filter((event) => event.type === 'content_block_delta').map((event) => event.delta.type);
    assert.ok(deltas.indexOf('thinking_delta') < deltas.indexOf('signature_delta') && deltas.indexOf('signature_delta') < deltas.indexOf('text_delta'), deltas.join(','));
    assert.ok(deltas.filter((type) => type === 'thinking_delta').length > 1, 'the thinking arrives in pieces');
  });

  test('thinking never shows in an OpenAI-shaped answer, streamed or not; an OpenAI model is not sent thinking blocks it cannot take', async () => {
    harness.mock.enqueueReply({ thinking: 'hidden reasoning', content: 'Visible answer.' });
    const whole = await (await postChat(harness, chatBody({ model: 'anthropic/claude-sonnet-4-5', reasoning_effort: 'low', max_tokens: 8000 }))).text();
    assert.ok(whole.includes('Visible answer.') && !whole.includes('hidden reasoning') && !whole.includes('thinking'), whole);
    harness.mock.enqueueReply({ thinking: 'hidden streamed reasoning', content: 'Streamed answer.' });
    const streamed = await (await postChat(harness, chatBody({ model: 'anthropic/claude-sonnet-4-5', stream: true }))).text();
    assert.ok(streamed.includes('Streamed') && !streamed.includes('hidden') && !streamed.includes('thinking'), streamed);

    harness.mock.enqueueReply({ content: 'fine' });
    const message = await anthropic().messages.create({
      model: 'gpt-4o-mini',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'earlier', signature: mockThinkingSignature('earlier') }, { type: 'text', text: 'Hello.' }] },
        { role: 'user', content: 'Again' },
      ],
    });
    assert.equal(message.content[0].type, 'text');
    assert.deepEqual(harness.mock.requests.at(-1)!.body.messages[1], { role: 'assistant', content: 'Hello.' });
  });

  test('count_tokens counts the prompt without calling the upstream', async () => {
    const counted = await anthropic().messages.countTokens({ model: 'claude-sonnet-4-5', system: 'Be brief.', messages: [{ role: 'user', content: 'Hello there, how are you today?' }] });
    assert.ok(counted.input_tokens >= 8 && counted.input_tokens <= 40, String(counted.input_tokens));
    assert.equal(harness.mock.requests.length, 0);
  });

  test('count_tokens of a prompt that spells a special token counts it as plain text (OpenAI counts user text so)', async () => {
    const plain = await anthropic().messages.countTokens({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'What does mean?' }] });
    const spelled = await anthropic().messages.countTokens({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'What does <|endoftext|> mean?' }] });
    // '<|endoftext|>' as text is several tokens of punctuation and letters, never the one special token.
    assert.ok(spelled.input_tokens >= plain.input_tokens + 3, `${spelled.input_tokens} against ${plain.input_tokens}`);
  });

  test('raw HTTP: a stream the upstream cuts ends with Anthropic’s error event, never message_stop', async () => {
    harness.mock.enqueueFault({ dropAfterEvents: 2 });
    const response = await harness.request('/v1/messages', { headers: { 'x-api-key': testMasterKey, 'anthropic-version': '2023-06-01' }, key: null, body: { model: 'gpt-4o-mini', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'Tell me a long story about a lighthouse keeper.' }] } });
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.match(text, /^event: message_start\n/);
    assert.match(text, /event: error\ndata: \{"type":"error","error":\{"type":"api_error","message":"[^"]+"\}\}/);
    assert.doesNotMatch(text, /message_stop/);
  });

  test('x-api-key opens the Anthropic routes only: the OpenAI routes still ask for Bearer (spec 5)', async () => {
    const response = await harness.request('/v1/chat/completions', { headers: { 'x-api-key': testMasterKey }, key: null, body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] } });
    assert.equal(response.status, 401);
    assert.equal((await response.json()).error.code, 'invalid_api_key');
  });
});

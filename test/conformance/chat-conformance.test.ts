import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type OpenAI from 'openai';
import type { MockReply, RecordedRequest } from '../mock-upstream/mock-types.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import {
  assertCloseTo,
  catalogModel,
  expectApiError,
  expectedChatCostUsd,
  postChat,
  readSseData,
  requestsSince,
  sdkClient,
  svcMetadataOf,
} from './conformance-helpers.js';

/**
 * One table of scenarios, run through the gateway with the official openai SDK against every chat wire
 * adapter. Each scenario checks what the caller sees AND what the upstream received in its own wire
 * format. Every target gets fresh gateways (key cool-downs and circuits are per gateway).
 */

type Wire = 'openai' | 'anthropic' | 'gemini';

interface Target {
  slug: string;
  provider: string;
  wire: Wire;
  /** The platform key the test harness configures for the provider. */
  apiKey: string;
  /** The status this provider uses for "overloaded". */
  overloadedStatus: number;
  /** Stream events to let through before a mid-stream drop: enough for at least one content delta. */
  dropAfterEvents: number;
}

const targets: Target[] = [
  { slug: 'openai/gpt-4o-mini', provider: 'openai', wire: 'openai', apiKey: 'sk-openai-test', overloadedStatus: 503, dropAfterEvents: 3 },
  { slug: 'groq/llama-3.3-70b-versatile', provider: 'groq', wire: 'openai', apiKey: 'gsk-groq-test', overloadedStatus: 503, dropAfterEvents: 3 },
  // message_start, content_block_start, ping, first text delta.
  { slug: 'anthropic/claude-haiku-4-5', provider: 'anthropic', wire: 'anthropic', apiKey: 'sk-ant-test', overloadedStatus: 529, dropAfterEvents: 4 },
  { slug: 'gemini/gemini-2.5-flash', provider: 'gemini', wire: 'gemini', apiKey: 'gemini-test', overloadedStatus: 503, dropAfterEvents: 2 },
];

/** The thought signature the mock puts on Gemini's first function call (test/mock-upstream/gemini-wire.ts). */
const MOCK_THOUGHT_SIGNATURE = Buffer.from('mock thought signature').toString('base64');

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
const IMAGE_HTTPS_URL = 'https://example.com/images/cat.jpg';

const weatherParameters = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
  required: ['city'],
};
const timeParameters = { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] };
const weatherTool: OpenAI.ChatCompletionTool = { type: 'function', function: { name: 'get_weather', description: 'Current weather of a city', parameters: weatherParameters } };
const timeTool: OpenAI.ChatCompletionTool = { type: 'function', function: { name: 'get_time', description: 'Current time in a zone', parameters: timeParameters } };

const personSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name', 'age'],
  additionalProperties: false,
};

interface Turn {
  role: string;
  text: string;
}

/** The conversation the upstream received, as {role, text} turns in the caller's terms (Gemini `model` = assistant). */
function upstreamTurns(request: RecordedRequest): Turn[] {
  const textOf = (content: unknown): string => {
    if (typeof content === 'string') return content;
    if (!Array.isArray(content)) return '';
    return content.map((part: any) => (typeof part?.text === 'string' && (part.type === undefined || part.type === 'text') ? part.text : '')).join('');
  };
  switch (request.wire) {
    case 'openai':
      return request.body.messages.map((message: any) => ({ role: message.role, text: textOf(message.content) }));
    case 'anthropic':
      return request.body.messages.map((message: any) => ({ role: message.role, text: textOf(message.content) }));
    case 'gemini':
      return request.body.contents.map((content: any) => ({ role: content.role === 'model' ? 'assistant' : content.role, text: textOf(content.parts) }));
    default:
      throw new Error(`unknown wire ${request.wire}`);
  }
}

/** The system text the upstream received: system/developer messages (OpenAI), top-level system (Anthropic), systemInstruction (Gemini). */
function upstreamSystemTexts(request: RecordedRequest): string[] {
  switch (request.wire) {
    case 'openai':
      return request.body.messages.filter((message: any) => message.role === 'system' || message.role === 'developer').map((message: any) => message.content);
    case 'anthropic': {
      const system = request.body.system;
      if (system === undefined) return [];
      return typeof system === 'string' ? [system] : system.map((block: any) => block.text);
    }
    case 'gemini':
      return (request.body.systemInstruction?.parts ?? []).map((part: any) => part.text);
    default:
      throw new Error(`unknown wire ${request.wire}`);
  }
}

function assertUpstreamModelAndKey(request: RecordedRequest, target: Target, stream: boolean): void {
  const model = catalogModel(target.slug).upstream_model;
  assert.equal(request.wire, target.wire, 'the upstream was called in its own wire format');
  assert.equal(request.apiKey, target.apiKey, 'the upstream got the platform key in its own auth header');
  switch (target.wire) {
    case 'openai':
      assert.equal(request.body.model, model);
      assert.equal(request.body.stream === true, stream);
      if (stream) assert.equal(request.body.stream_options?.include_usage, true);
      break;
    case 'anthropic':
      assert.equal(request.body.model, model);
      assert.equal(request.headers['anthropic-version'], '2023-06-01');
      assert.equal(typeof request.body.max_tokens, 'number', 'Anthropic requires max_tokens');
      assert.equal(request.body.stream === true, stream);
      break;
    case 'gemini':
      assert.equal(request.path, stream ? `/v1beta/models/${model}:streamGenerateContent?alt=sse` : `/v1beta/models/${model}:generateContent`);
      assert.equal(request.body.model, undefined);
      break;
  }
  // svc-only fields never travel upstream.
  for (const field of ['svc', 'routing_hints', 'routing_override']) assert.equal(request.body[field], undefined, `${field} is not sent upstream`);
}

/** Reassembles streamed tool-call deltas by index. */
function reassembleToolCalls(chunks: OpenAI.ChatCompletionChunk[]): { calls: { id?: string; name: string; arguments: string; fragments: number }[]; finishReason: string | null } {
  const calls: { id?: string; name: string; arguments: string; fragments: number }[] = [];
  let finishReason: string | null = null;
  for (const chunk of chunks) {
    for (const choice of chunk.choices) {
      for (const delta of choice.delta?.tool_calls ?? []) {
        const call = (calls[delta.index] ??= { name: '', arguments: '', fragments: 0 });
        if (delta.id) {
          assert.ok(call.id === undefined || call.id === delta.id, 'a tool call keeps its id');
          call.id = delta.id;
        }
        if (delta.function?.name) call.name += delta.function.name;
        if (delta.function?.arguments) {
          call.arguments += delta.function.arguments;
          call.fragments++;
        }
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
  }
  return { calls, finishReason };
}

for (const target of targets) {
  describe(`chat conformance: ${target.slug} (${target.wire} wire)`, () => {
    let harness: TestGateway;
    let client: OpenAI;
    const model = target.slug;
    const enqueue = (reply: MockReply) => harness.mock.enqueueReply(reply, { wire: target.wire });

    /** Runs one non-stream call and returns the completion, its headers and the one upstream request it caused. */
    async function call(params: Omit<OpenAI.ChatCompletionCreateParamsNonStreaming, 'model'>) {
      const start = harness.mock.requests.length;
      const { data, response } = await client.chat.completions.create({ model, ...params }).withResponse();
      const received = requestsSince(harness.mock, start);
      assert.equal(received.length, 1, 'one caller request is one upstream request');
      assertUpstreamModelAndKey(received[0], target, false);
      return { completion: data, headers: response.headers, upstream: received[0] };
    }

    before(async () => {
      harness = await startTestGateway();
      client = sdkClient(harness);
    });
    after(() => harness.close());

    test('plain chat', async () => {
      enqueue({ content: 'Hello from the mock.', usage: { input: 12, output: 5 } });
      const { completion, headers, upstream } = await call({ messages: [{ role: 'user', content: 'Say hello' }] });
      assert.equal(completion.object, 'chat.completion');
      assert.equal(completion.choices.length, 1);
      assert.equal(completion.choices[0].message.role, 'assistant');
      assert.equal(completion.choices[0].message.content, 'Hello from the mock.');
      assert.equal(completion.choices[0].finish_reason, 'stop');
      assert.deepEqual([completion.usage?.prompt_tokens, completion.usage?.completion_tokens, completion.usage?.total_tokens], [12, 5, 17]);
      const metadata = svcMetadataOf(completion);
      assert.equal(metadata.provider, target.provider);
      assert.equal(metadata.cost_attribution, 'svc');
      assert.equal(headers.get('x-svc-provider'), target.slug);
      assert.equal(headers.get('x-svc-request-id'), metadata.request_id);
      assert.deepEqual(upstreamTurns(upstream), [{ role: 'user', text: 'Say hello' }]);
      assert.deepEqual(upstreamSystemTexts(upstream), []);
    });

    test('multi-turn conversation keeps every turn in order', async () => {
      enqueue({ content: 'Your name is Ada.' });
      const { completion, upstream } = await call({
        messages: [
          { role: 'user', content: 'My name is Ada.' },
          { role: 'assistant', content: 'Nice to meet you, Ada.' },
          { role: 'user', content: 'What is my name?' },
        ],
      });
      assert.equal(completion.choices[0].message.content, 'Your name is Ada.');
      assert.deepEqual(upstreamTurns(upstream), [
        { role: 'user', text: 'My name is Ada.' },
        { role: 'assistant', text: 'Nice to meet you, Ada.' },
        { role: 'user', text: 'What is my name?' },
      ]);
    });

    test('system and developer messages reach the upstream as its system prompt', async () => {
      enqueue({ content: 'Bonjour.' });
      const { completion, upstream } = await call({
        messages: [
          { role: 'system', content: 'You are terse.' },
          { role: 'developer', content: 'Answer in French.' },
          { role: 'user', content: 'Hello?' },
        ],
      });
      assert.equal(completion.choices[0].message.content, 'Bonjour.');
      const system = upstreamSystemTexts(upstream).join('\n');
      assert.ok(system.includes('You are terse.') && system.includes('Answer in French.'), `system prompt upstream: ${JSON.stringify(system)}`);
      if (target.wire === 'openai') {
        assert.deepEqual(upstream.body.messages.map((message: any) => message.role), ['system', 'developer', 'user']);
      } else {
        // Anthropic and Gemini have no system role inside the conversation.
        assert.deepEqual(upstreamTurns(upstream), [{ role: 'user', text: 'Hello?' }]);
      }
      if (target.wire === 'anthropic') assert.equal(typeof upstream.body.system, 'string', 'Anthropic got a top-level system');
      if (target.wire === 'gemini') assert.ok(upstream.body.systemInstruction, 'Gemini got a systemInstruction');
    });

    test('tools: a tool call, then the tool result round trip', async () => {
      const question: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'Weather in Paris?' };
      enqueue({ toolCalls: [{ id: 'call_weather_1', name: 'get_weather', arguments: '{"city":"Paris"}' }] });
      const first = await call({ messages: [question], tools: [weatherTool] });
      const choice = first.completion.choices[0];
      assert.equal(choice.finish_reason, 'tool_calls');
      assert.equal(choice.message.tool_calls?.length, 1);
      const toolCall = choice.message.tool_calls![0] as OpenAI.ChatCompletionMessageFunctionToolCall;
      assert.equal(toolCall.type, 'function');
      assert.equal(toolCall.id, 'call_weather_1');
      assert.equal(toolCall.function.name, 'get_weather');
      assert.deepEqual(JSON.parse(toolCall.function.arguments), { city: 'Paris' });

      // The tools reached the upstream in its native shape.
      const tools = first.upstream.body.tools;
      if (target.wire === 'openai') assert.deepEqual(tools, [weatherTool]);
      if (target.wire === 'anthropic') {
        assert.equal(tools[0].name, 'get_weather');
        assert.equal(tools[0].description, 'Current weather of a city');
        assert.deepEqual(tools[0].input_schema, weatherParameters);
      }
      if (target.wire === 'gemini') {
        assert.equal(tools[0].functionDeclarations[0].name, 'get_weather');
        assert.deepEqual(tools[0].functionDeclarations[0].parametersJsonSchema, weatherParameters);
      }

      enqueue({ content: 'It is 18 °C in Paris.' });
      const second = await call({
        messages: [question, choice.message, { role: 'tool', tool_call_id: toolCall.id, content: '{"temperature_c":18}' }],
        tools: [weatherTool],
      });
      assert.equal(second.completion.choices[0].message.content, 'It is 18 °C in Paris.');
      assert.equal(second.completion.choices[0].finish_reason, 'stop');

      const body = second.upstream.body;
      switch (target.wire) {
        case 'openai':
          assert.equal(body.messages[1].role, 'assistant');
          assert.deepEqual(body.messages[1].tool_calls[0], { id: 'call_weather_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
          assert.deepEqual(body.messages[2], { role: 'tool', tool_call_id: 'call_weather_1', content: '{"temperature_c":18}' });
          break;
        case 'anthropic':
          assert.deepEqual(body.messages.map((message: any) => message.role), ['user', 'assistant', 'user']);
          assert.deepEqual(
            body.messages[1].content.find((block: any) => block.type === 'tool_use'),
            { type: 'tool_use', id: 'call_weather_1', name: 'get_weather', input: { city: 'Paris' } },
          );
          assert.deepEqual(body.messages[2].content[0], { type: 'tool_result', tool_use_id: 'call_weather_1', content: '{"temperature_c":18}' });
          break;
        case 'gemini': {
          assert.deepEqual(body.contents.map((content: any) => content.role), ['user', 'model', 'user']);
          const callPart = body.contents[1].parts.find((part: any) => part.functionCall);
          assert.deepEqual(callPart.functionCall, { name: 'get_weather', args: { city: 'Paris' }, id: 'call_weather_1' });
          // The thought signature handed to the caller came back with the call.
          assert.equal(callPart.thoughtSignature, MOCK_THOUGHT_SIGNATURE);
          assert.deepEqual(body.contents[2].parts[0].functionResponse, { name: 'get_weather', response: { temperature_c: 18 }, id: 'call_weather_1' });
          break;
        }
      }
    });

    test('tool_choice naming a function forces that function in the native field', async () => {
      enqueue({ toolCalls: [{ id: 'call_forced', name: 'get_time', arguments: '{"zone":"UTC"}' }] });
      const { completion, upstream } = await call({
        messages: [{ role: 'user', content: 'Time?' }],
        tools: [weatherTool, timeTool],
        tool_choice: { type: 'function', function: { name: 'get_time' } },
      });
      assert.equal(completion.choices[0].finish_reason, 'tool_calls');
      switch (target.wire) {
        case 'openai':
          assert.deepEqual(upstream.body.tool_choice, { type: 'function', function: { name: 'get_time' } });
          break;
        case 'anthropic':
          assert.deepEqual(upstream.body.tool_choice, { type: 'tool', name: 'get_time' });
          break;
        case 'gemini':
          assert.deepEqual(upstream.body.toolConfig, { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_time'] } });
          break;
      }
    });

    test('parallel tools: two calls in one answer, both results sent back', async () => {
      const question: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'Weather and time in Oslo?' };
      enqueue({
        toolCalls: [
          { id: 'call_a', name: 'get_weather', arguments: '{"city":"Oslo"}' },
          { id: 'call_b', name: 'get_time', arguments: '{"zone":"Europe/Oslo"}' },
        ],
      });
      const first = await call({ messages: [question], tools: [weatherTool, timeTool] });
      const choice = first.completion.choices[0];
      assert.equal(choice.finish_reason, 'tool_calls');
      const calls = (choice.message.tool_calls ?? []) as OpenAI.ChatCompletionMessageFunctionToolCall[];
      assert.deepEqual(
        calls.map((toolCall) => [toolCall.id, toolCall.function.name, JSON.parse(toolCall.function.arguments)]),
        [
          ['call_a', 'get_weather', { city: 'Oslo' }],
          ['call_b', 'get_time', { zone: 'Europe/Oslo' }],
        ],
      );

      enqueue({ content: 'Cold, and it is noon.' });
      const second = await call({
        messages: [
          question,
          choice.message,
          { role: 'tool', tool_call_id: 'call_a', content: '{"temperature_c":-3}' },
          { role: 'tool', tool_call_id: 'call_b', content: '12:00' },
        ],
        tools: [weatherTool, timeTool],
      });
      assert.equal(second.completion.choices[0].message.content, 'Cold, and it is noon.');

      const body = second.upstream.body;
      switch (target.wire) {
        case 'openai':
          assert.deepEqual(body.messages[1].tool_calls.map((toolCall: any) => toolCall.id), ['call_a', 'call_b']);
          assert.deepEqual(body.messages.slice(2), [
            { role: 'tool', tool_call_id: 'call_a', content: '{"temperature_c":-3}' },
            { role: 'tool', tool_call_id: 'call_b', content: '12:00' },
          ]);
          break;
        case 'anthropic': {
          // Both results in one user turn (Anthropic needs strict alternation), matched by tool_use_id.
          assert.deepEqual(body.messages.map((message: any) => message.role), ['user', 'assistant', 'user']);
          assert.deepEqual(body.messages[1].content.filter((block: any) => block.type === 'tool_use').map((block: any) => [block.id, block.name, block.input]), [
            ['call_a', 'get_weather', { city: 'Oslo' }],
            ['call_b', 'get_time', { zone: 'Europe/Oslo' }],
          ]);
          assert.deepEqual(body.messages[2].content, [
            { type: 'tool_result', tool_use_id: 'call_a', content: '{"temperature_c":-3}' },
            { type: 'tool_result', tool_use_id: 'call_b', content: '12:00' },
          ]);
          break;
        }
        case 'gemini': {
          assert.deepEqual(body.contents.map((content: any) => content.role), ['user', 'model', 'user']);
          const callParts = body.contents[1].parts.filter((part: any) => part.functionCall);
          assert.deepEqual(callParts.map((part: any) => part.functionCall.name), ['get_weather', 'get_time']);
          assert.equal(callParts[0].thoughtSignature, MOCK_THOUGHT_SIGNATURE, 'the signature of the first call came back');
          assert.deepEqual(body.contents[2].parts.map((part: any) => part.functionResponse), [
            { name: 'get_weather', response: { temperature_c: -3 }, id: 'call_a' },
            { name: 'get_time', response: { result: '12:00' }, id: 'call_b' },
          ]);
          break;
        }
      }
    });

    test('JSON schema: the answer parses and the upstream got the schema in its native field', async () => {
      enqueue({ content: '{"name":"Ada","age":36}' });
      const { completion, upstream } = await call({
        messages: [{ role: 'user', content: 'Who wrote the first program?' }],
        response_format: { type: 'json_schema', json_schema: { name: 'person', schema: personSchema, strict: true } },
      });
      assert.deepEqual(JSON.parse(completion.choices[0].message.content ?? ''), { name: 'Ada', age: 36 });
      switch (target.wire) {
        case 'openai':
          assert.deepEqual(upstream.body.response_format, { type: 'json_schema', json_schema: { name: 'person', schema: personSchema, strict: true } });
          break;
        case 'anthropic':
          assert.equal(upstream.body.output_config?.format?.type, 'json_schema');
          assert.deepEqual(upstream.body.output_config.format.schema, personSchema);
          assert.equal(upstream.body.response_format, undefined);
          break;
        case 'gemini':
          assert.equal(upstream.body.generationConfig?.responseMimeType, 'application/json');
          assert.deepEqual(upstream.body.generationConfig?.responseJsonSchema, personSchema);
          break;
      }
    });

    test('image input: a data URL and an https URL', async () => {
      enqueue({ content: 'A pixel and a cat.' });
      const { completion, upstream } = await call({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is in these images?' },
              { type: 'image_url', image_url: { url: PNG_DATA_URL } },
              { type: 'image_url', image_url: { url: IMAGE_HTTPS_URL } },
            ],
          },
        ],
      });
      assert.equal(completion.choices[0].message.content, 'A pixel and a cat.');
      assert.equal(svcMetadataOf(completion).warnings, undefined, 'nothing was dropped');
      switch (target.wire) {
        case 'openai':
          assert.deepEqual(upstream.body.messages[0].content, [
            { type: 'text', text: 'What is in these images?' },
            { type: 'image_url', image_url: { url: PNG_DATA_URL } },
            { type: 'image_url', image_url: { url: IMAGE_HTTPS_URL } },
          ]);
          break;
        case 'anthropic':
          assert.deepEqual(upstream.body.messages[0].content, [
            { type: 'text', text: 'What is in these images?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
            { type: 'image', source: { type: 'url', url: IMAGE_HTTPS_URL } },
          ]);
          break;
        case 'gemini':
          assert.deepEqual(upstream.body.contents[0].parts, [
            { text: 'What is in these images?' },
            { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } },
            { fileData: { mimeType: 'image/jpeg', fileUri: IMAGE_HTTPS_URL } },
          ]);
          break;
      }
    });

    test('streaming with tools: argument deltas reassemble into valid JSON with the right name and id', async () => {
      enqueue({
        content: 'Let me check.',
        toolCalls: [
          { id: 'call_s1', name: 'get_weather', arguments: '{"city":"Rome","unit":"celsius"}' },
          { id: 'call_s2', name: 'get_time', arguments: '{"zone":"Europe/Rome"}' },
        ],
      });
      const start = harness.mock.requests.length;
      const stream = await client.chat.completions.create({ model, stream: true, messages: [{ role: 'user', content: 'Weather and time in Rome?' }], tools: [weatherTool, timeTool] });
      const chunks: OpenAI.ChatCompletionChunk[] = [];
      for await (const chunk of stream) chunks.push(chunk);
      const { calls, finishReason } = reassembleToolCalls(chunks);
      assert.equal(finishReason, 'tool_calls');
      assert.deepEqual(
        calls.map((toolCall) => [toolCall.id, toolCall.name, JSON.parse(toolCall.arguments)]),
        [
          ['call_s1', 'get_weather', { city: 'Rome', unit: 'celsius' }],
          ['call_s2', 'get_time', { zone: 'Europe/Rome' }],
        ],
      );
      // OpenAI and Anthropic stream the arguments in fragments; Gemini sends each call whole.
      if (target.wire !== 'gemini') assert.ok(calls[0].fragments > 1, `arguments arrived in ${calls[0].fragments} fragment(s)`);
      assert.equal(chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join(''), 'Let me check.', 'the text before the calls');
      assert.ok(chunks.every((chunk) => !chunk.usage), 'no usage in the stream unless stream_options.include_usage asked for it');
      assert.ok(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.id === chunks[0].id), 'every chunk has the same id');
      const received = requestsSince(harness.mock, start);
      assert.equal(received.length, 1);
      assertUpstreamModelAndKey(received[0], target, true);
    });

    test('usage with cached tokens: cached_tokens reported and the cost uses the catalog cached rate', async () => {
      const usage = { input: 100, output: 20, cached: 60, reasoning: 5 };
      const expectedCost = expectedChatCostUsd(target.slug, usage);
      enqueue({ content: 'cached answer', usage });
      const { completion, headers } = await call({ messages: [{ role: 'user', content: 'Long shared prefix…' }] });
      assert.equal(completion.usage?.prompt_tokens, 100);
      assert.equal(completion.usage?.completion_tokens, 20);
      assert.equal(completion.usage?.total_tokens, 120);
      assert.equal(completion.usage?.prompt_tokens_details?.cached_tokens, 60);
      // Reasoning tokens are part of completion_tokens (billed as output) and reported on their own.
      assert.equal(completion.usage?.completion_tokens_details?.reasoning_tokens, 5);
      assertCloseTo(svcMetadataOf(completion).cost_usd, expectedCost, 'svc_metadata.cost_usd');
      assert.equal(headers.get('x-svc-input-tokens'), '100');

      // The same usage arrives in the stream's usage chunk.
      enqueue({ content: 'cached answer', usage });
      const stream = await client.chat.completions.create({ model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Long shared prefix…' }] });
      let streamedUsage: OpenAI.CompletionUsage | null | undefined;
      let text = '';
      for await (const chunk of stream) {
        if (chunk.usage) streamedUsage = chunk.usage;
        text += chunk.choices[0]?.delta?.content ?? '';
      }
      assert.equal(text, 'cached answer');
      assert.equal(streamedUsage?.prompt_tokens, 100);
      assert.equal(streamedUsage?.completion_tokens, 20);
      assert.equal(streamedUsage?.prompt_tokens_details?.cached_tokens, 60);
    });

    test('a filtered answer says content_filter, never a plain stop', async () => {
      enqueue({ content: '', finish: 'content_filter' });
      const { completion } = await call({ messages: [{ role: 'user', content: 'Something the filter dislikes' }] });
      assert.equal(completion.choices[0].finish_reason, 'content_filter');
      assert.ok(!completion.choices[0].message.content, 'no answer text');
    });

    if (target.wire === 'gemini') {
      test('Gemini safety: a prompt blocked before generation is a 400 error, not an empty success (JSON and stream)', async () => {
        for (const stream of [false, true]) {
          harness.mock.enqueueReply({ promptBlockReason: 'SAFETY' }, { wire: 'gemini' });
          const start = harness.mock.requests.length;
          await expectApiError(client.chat.completions.create({ model, stream, messages: [{ role: 'user', content: 'blocked prompt' }] }), {
            status: 400,
            code: 'validation_error',
            message: ['gemini', 'SAFETY'],
          });
          assert.equal(requestsSince(harness.mock, start).length, 1, 'a content filter is not retried elsewhere');
        }
      });
    }

    describe('faults', () => {
      let faulty: TestGateway;
      let faultyClient: OpenAI;
      const fault = (spec: Parameters<TestGateway['mock']['enqueueFault']>[0]) => faulty.mock.enqueueFault({ wire: target.wire, ...spec });

      before(async () => {
        faulty = await startTestGateway();
        faultyClient = sdkClient(faulty);
      });
      after(() => faulty.close());

      test('500 → 502 provider_error keeping the provider message', async () => {
        fault({ status: 500, message: 'mock upstream exploded' });
        const start = faulty.mock.requests.length;
        await expectApiError(faultyClient.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }), {
          status: 502,
          code: 'provider_error',
          type: 'upstream_error',
          message: 'mock upstream exploded',
        });
        assert.equal(requestsSince(faulty.mock, start).length, 1, 'no other key or target to try');
      });

      test(`overloaded (${target.overloadedStatus}) → 502 keeping the provider message`, async () => {
        fault({ status: target.overloadedStatus, message: 'Overloaded, try again later' });
        await expectApiError(faultyClient.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }), {
          status: 502,
          code: 'provider_error',
          message: ['Overloaded, try again later', String(target.overloadedStatus)],
        });
      });

      test('a stream that fails before its first token → a plain JSON 502, no SSE', async () => {
        fault({ status: 500, message: 'exploded before streaming' });
        const response = await postChat(faulty, { model, stream: true, messages: [{ role: 'user', content: 'hi' }] });
        assert.equal(response.status, 502);
        assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
        const body = (await response.json()) as { error: { code: string; message: string } };
        assert.equal(body.error.code, 'provider_error');
        assert.ok(body.error.message.includes('exploded before streaming'));
      });

      test('an in-band error event before the first token → a plain JSON 502 keeping the provider message', async () => {
        fault({ errorEventAfter: 0, message: 'in-band failure at once' });
        const start = faulty.mock.requests.length;
        await expectApiError(faultyClient.chat.completions.create({ model, stream: true, messages: [{ role: 'user', content: 'hi' }] }), {
          status: 502,
          code: 'provider_error',
          message: 'in-band failure at once',
        });
        assert.equal(requestsSince(faulty.mock, start).length, 1);
      });

      test('an in-band error event after the first tokens → an error event keeping the provider message, no [DONE]', async () => {
        fault({ errorEventAfter: target.dropAfterEvents, message: 'in-band failure midway' });
        faulty.mock.enqueueReply({ content: 'one two three four five six seven eight' }, { wire: target.wire });
        const response = await postChat(faulty, { model, stream: true, messages: [{ role: 'user', content: 'count' }] });
        assert.equal(response.status, 200);
        const payloads = await readSseData(response);
        assert.ok(!payloads.includes('[DONE]'));
        const last = JSON.parse(payloads.at(-1)!) as { error?: { code: string; message: string } };
        assert.equal(last.error?.code, 'provider_error');
        assert.ok(last.error?.message.includes('in-band failure midway'), `error event: ${payloads.at(-1)}`);
        assert.ok(payloads.slice(0, -1).some((payload) => (JSON.parse(payload) as OpenAI.ChatCompletionChunk).choices[0]?.delta?.content), 'content came before the error');
      });

      test('mid-stream drop → an error event and no [DONE]', async () => {
        const content = 'one two three four five six seven eight';
        fault({ dropAfterEvents: target.dropAfterEvents });
        faulty.mock.enqueueReply({ content }, { wire: target.wire });
        const response = await postChat(faulty, { model, stream: true, messages: [{ role: 'user', content: 'count' }] });
        assert.equal(response.status, 200);
        const payloads = await readSseData(response);
        assert.ok(!payloads.includes('[DONE]'), 'a broken stream never ends with [DONE]');
        const last = JSON.parse(payloads.at(-1)!) as { error?: { code: string; type: string } };
        assert.equal(last.error?.code, 'provider_error', `last event: ${payloads.at(-1)}`);
        const text = payloads
          .slice(0, -1)
          .map((payload) => (JSON.parse(payload) as OpenAI.ChatCompletionChunk).choices[0]?.delta?.content ?? '')
          .join('');
        assert.ok(text.length > 0 && content.startsWith(text) && text !== content, `a partial answer came first: ${JSON.stringify(text)}`);

        // The SDK surfaces the same stream as an error while iterating.
        fault({ dropAfterEvents: target.dropAfterEvents });
        faulty.mock.enqueueReply({ content }, { wire: target.wire });
        const stream = await faultyClient.chat.completions.create({ model, stream: true, messages: [{ role: 'user', content: 'count' }] });
        await assert.rejects(async () => {
          for await (const _chunk of stream) {
            // drain
          }
        });
      });
    });

    describe('rate limit', () => {
      let limited: TestGateway;
      before(async () => {
        limited = await startTestGateway();
      });
      after(() => limited.close());

      test('429 with Retry-After and no other key or target → 429 upsteam_rate_limit with retry-after', async () => {
        limited.mock.enqueueFault({ wire: target.wire, status: 429, retryAfterSeconds: 7, message: 'slow down please' });
        const error = await expectApiError(sdkClient(limited).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }), {
          status: 429,
          code: 'upsteam_rate_limit',
          type: 'rate_limit_error',
          message: 'slow down please',
        });
        assert.equal(error.headers?.get('retry-after'), '7');
        assert.equal(limited.mock.requests.length, 1);

        // The key now cools down: the next call is refused at once, without reaching the upstream.
        const again = await expectApiError(sdkClient(limited).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }), { status: 429, code: 'upsteam_rate_limit' });
        const retryAfter = Number(again.headers?.get('retry-after'));
        assert.ok(retryAfter >= 1 && retryAfter <= 7, `retry-after while cooling down: ${retryAfter}`);
        assert.equal(limited.mock.requests.length, 1);
      });
    });
  });
}

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type OpenAI from 'openai';
import type { TestGateway } from '../support/test-gateway.js';
import {
  requestsSince,
} from './conformance-helpers.js';

import { targets, useConformanceGateway, MOCK_THOUGHT_SIGNATURE, weatherParameters, weatherTool, timeTool, assertUpstreamModelAndKey, reassembleToolCalls } from './conformance-targets.js';

/** Chat conformance, tools, forced tool choice, parallel tool calls and streamed tool-call arguments: the same scenarios against every wire adapter, through the openai SDK. */
for (const target of targets) {
  describe(`chat conformance (tools): ${target.slug} (${target.wire} wire)`, () => {
    let harness: TestGateway;
    let client: OpenAI;
    const { model, enqueue, call } = useConformanceGateway(target, (ready, readyClient) => {
      harness = ready;
      client = readyClient;
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

    test('a streamed answer of tool calls only: the role chunk says content null and no chunk carries content ""', async () => {
      enqueue({ toolCalls: [{ id: 'call_only', name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
      const response = await harness.request('/v1/chat/completions', { body: { model, stream: true, messages: [{ role: 'user', content: 'Weather in Oslo?' }], tools: [weatherTool] } });
      const deltas = (await response.text())
        .split('\n')
        .filter((line) => line.startsWith('data: {'))
        .flatMap((line) => (JSON.parse(line.slice(6)).choices as Array<{ delta: Record<string, unknown> }>).map((choice) => choice.delta));
      const roleDelta = deltas.find((delta) => delta.role === 'assistant');
      assert.ok(roleDelta, 'a role chunk');
      assert.equal(roleDelta.content, null, `role chunk: ${JSON.stringify(roleDelta)}`);
      assert.ok(deltas.every((delta) => delta.content !== ''), `no empty content: ${JSON.stringify(deltas)}`);
      assert.ok(deltas.some((delta) => Array.isArray(delta.tool_calls)), 'the tool call streams');
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
  });
}

import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type OpenAI from 'openai';
import type { MockReply, RecordedRequest } from '../mock-upstream/mock-types.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { catalogModel, requestsSince, sdkClient } from './conformance-helpers.js';

/**
 * What the chat conformance suites share: the table of targets (one per wire adapter, plus a second
 * OpenAI-wire provider), request fixtures, readers of what the upstream received in its own wire
 * format, and the per-target gateway set-up. Every target gets fresh gateways (key cool-downs and
 * circuits are per gateway).
 */

export type Wire = 'openai' | 'anthropic' | 'gemini';

export interface Target {
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

export const targets: Target[] = [
  { slug: 'openai/gpt-4o-mini', provider: 'openai', wire: 'openai', apiKey: 'sk-openai-test', overloadedStatus: 503, dropAfterEvents: 3 },
  { slug: 'groq/llama-3.3-70b-versatile', provider: 'groq', wire: 'openai', apiKey: 'gsk-groq-test', overloadedStatus: 503, dropAfterEvents: 3 },
  // message_start, content_block_start, ping, first text delta.
  { slug: 'anthropic/claude-haiku-4-5', provider: 'anthropic', wire: 'anthropic', apiKey: 'sk-ant-test', overloadedStatus: 529, dropAfterEvents: 4 },
  { slug: 'gemini/gemini-2.5-flash', provider: 'gemini', wire: 'gemini', apiKey: 'gemini-test', overloadedStatus: 503, dropAfterEvents: 2 },
];

/** The thought signature the mock puts on Gemini's first function call (test/mock-upstream/gemini-wire.ts). */
export const MOCK_THOUGHT_SIGNATURE = Buffer.from('mock thought signature').toString('base64');

export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
export const IMAGE_HTTPS_URL = 'https://example.com/images/cat.jpg';

export const weatherParameters = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
  required: ['city'],
};
export const timeParameters = { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] };
export const weatherTool: OpenAI.ChatCompletionTool = { type: 'function', function: { name: 'get_weather', description: 'Current weather of a city', parameters: weatherParameters } };
export const timeTool: OpenAI.ChatCompletionTool = { type: 'function', function: { name: 'get_time', description: 'Current time in a zone', parameters: timeParameters } };

export const personSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name', 'age'],
  additionalProperties: false,
};

export interface Turn {
  role: string;
  text: string;
}

/** The conversation the upstream received, as {role, text} turns in the caller's terms (Gemini `model` = assistant). */
export function upstreamTurns(request: RecordedRequest): Turn[] {
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
export function upstreamSystemTexts(request: RecordedRequest): string[] {
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

export function assertUpstreamModelAndKey(request: RecordedRequest, target: Target, stream: boolean): void {
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
export function reassembleToolCalls(chunks: OpenAI.ChatCompletionChunk[]): { calls: { id?: string; name: string; arguments: string; fragments: number }[]; finishReason: string | null } {
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

/** Starts one gateway per describe block and gives the scenarios a caller bound to the target. */
export function useConformanceGateway(target: Target, onReady: (harness: TestGateway, client: OpenAI) => void) {
  let harness: TestGateway;
  const model = target.slug;
  const enqueue = (reply: MockReply) => harness.mock.enqueueReply(reply, { wire: target.wire });

  /** Runs one non-stream call and returns the completion, its headers and the one upstream request it caused. */
  async function call(params: Omit<OpenAI.ChatCompletionCreateParamsNonStreaming, 'model'>) {
    const start = harness.mock.requests.length;
    const client = sdkClient(harness);
    const { data, response } = await client.chat.completions.create({ model, ...params }).withResponse();
    const received = requestsSince(harness.mock, start);
    assert.equal(received.length, 1, 'one caller request is one upstream request');
    assertUpstreamModelAndKey(received[0], target, false);
    return { completion: data, headers: response.headers, upstream: received[0] };
  }

  before(async () => {
    harness = await startTestGateway();
    onReady(harness, sdkClient(harness));
  });
  after(() => harness.close());
  return { model, enqueue, call };
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatRequest } from '../../core/chat-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import { geminiTarget } from '../../../test/fixtures/gemini-fixtures.js';
import { geminiAdapter } from './index.js';
import type { GeminiResponse } from './wire-types.js';
import { unreadableFieldsOf } from '../shared/token-counts.js';

const request: ChatRequest = { model: 'gemini/gemini-2.5-flash', messages: [{ role: 'user', content: 'Hi' }] };
const parse = (body: GeminiResponse) => geminiAdapter.chat!.parseResponse(body, geminiTarget());

test('text parts are joined into the message; thought parts are reasoning and left out', () => {
  const completion = parse({
    candidates: [{ content: { role: 'model', parts: [{ text: 'planning…', thought: true }, { text: 'Hello, ' }, { text: 'world.' }] }, finishReason: 'STOP', index: 0 }],
    modelVersion: 'gemini-2.5-flash-001',
    responseId: 'abc123',
  });
  assert.equal(completion.object, 'chat.completion');
  assert.equal(completion.id, 'chatcmpl-abc123');
  assert.equal(completion.model, 'gemini-2.5-flash-001');
  assert.deepEqual(completion.choices, [{ index: 0, message: { role: 'assistant', content: 'Hello, world.', refusal: null }, logprobs: null, finish_reason: 'stop' }]);
});

test('functionCall parts become tool_calls (arguments as JSON text) and STOP becomes tool_calls', () => {
  const completion = parse({
    candidates: [
      {
        content: {
          role: 'model',
          parts: [
            { functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'fc_1' }, thoughtSignature: 'c2ln' },
            { functionCall: { name: 'get_time', args: { zone: 'CET' } } },
          ],
        },
        finishReason: 'STOP',
      },
    ],
  });
  const [choice] = completion.choices;
  assert.equal(choice.finish_reason, 'tool_calls');
  assert.equal(choice.message.content, null);
  const [first, second] = choice.message.tool_calls!;
  assert.deepEqual(first, { id: 'fc_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' }, extra_content: { google: { thought_signature: 'c2ln' } } });
  // Gemini left out the id: one is made up so the tool result can refer to it.
  assert.match(second.id, /^call_[0-9a-f]{24}$/);
  assert.deepEqual(second.function, { name: 'get_time', arguments: '{"zone":"CET"}' });
  assert.equal('extra_content' in second, false);
});

test('finish reasons map to the chat completions ones', () => {
  const table: [string, string][] = [
    ['STOP', 'stop'],
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content_filter'],
    ['RECITATION', 'content_filter'],
    ['BLOCKLIST', 'content_filter'],
    ['PROHIBITED_CONTENT', 'content_filter'],
    ['SPII', 'content_filter'],
    ['IMAGE_SAFETY', 'content_filter'],
    ['LANGUAGE', 'stop'],
    ['OTHER', 'stop'],
  ];
  for (const [geminiReason, expected] of table) {
    const completion = parse({ candidates: [{ content: { role: 'model', parts: [{ text: 'x' }] }, finishReason: geminiReason }] });
    assert.equal(completion.choices[0].finish_reason, expected, geminiReason);
  }
});

test('a candidate cut by a safety filter without content gives null content', () => {
  const completion = parse({ candidates: [{ finishReason: 'SAFETY', index: 0 }] });
  assert.equal(completion.choices[0].message.content, null);
  assert.equal(completion.choices[0].finish_reason, 'content_filter');
});

test('several candidates become several choices, ordered by candidate index', () => {
  const completion = parse({
    candidates: [
      { content: { role: 'model', parts: [{ text: 'second' }] }, finishReason: 'STOP', index: 1 },
      { content: { role: 'model', parts: [{ text: 'first' }] }, finishReason: 'MAX_TOKENS', index: 0 },
    ],
  });
  assert.deepEqual(
    completion.choices.map((choice) => [choice.index, choice.message.content, choice.finish_reason]),
    [
      [0, 'first', 'length'],
      [1, 'second', 'stop'],
    ],
  );
});

test('a prompt blocked before generation is a content_filter error naming the block reason, not an empty success', () => {
  assert.throws(
    () => parse({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 } }),
    (error: unknown) => error instanceof UpstreamError && error.kind === 'content_filter' && error.message.includes('PROHIBITED_CONTENT') && !error.retryable,
  );
});

test('usage: cached prompt tokens and thinking tokens (counted as completion tokens)', () => {
  const completion = parse({
    candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }],
    usageMetadata: { promptTokenCount: 1200, cachedContentTokenCount: 1000, candidatesTokenCount: 40, thoughtsTokenCount: 300, totalTokenCount: 1540 },
  });
  assert.deepEqual(completion.usage, {
    prompt_tokens: 1200,
    completion_tokens: 340,
    total_tokens: 1540,
    prompt_tokens_details: { cached_tokens: 1000 },
    completion_tokens_details: { reasoning_tokens: 300 },
  });
});

test('usage: a candidatesTokenCount left out (Gemini omits a zero) is what the total leaves; with no total, or no prompt count, the answer is estimated', () => {
  const candidates = [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP' }];
  const empty = parse({ candidates, usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 } }).usage;
  assert.deepEqual([empty?.prompt_tokens, empty?.completion_tokens, empty?.total_tokens, unreadableFieldsOf(empty)], [9, 0, 9, undefined]);
  const derived = parse({ candidates, usageMetadata: { promptTokenCount: 9, thoughtsTokenCount: 3, totalTokenCount: 14 } }).usage;
  assert.deepEqual([derived?.completion_tokens, derived?.total_tokens], [5, 14]);
  assert.deepEqual(unreadableFieldsOf(parse({ candidates, usageMetadata: { promptTokenCount: 9 } }).usage), ['candidatesTokenCount absent']);
  assert.deepEqual(unreadableFieldsOf(parse({ candidates, usageMetadata: { candidatesTokenCount: 5, totalTokenCount: 14 } }).usage), ['promptTokenCount absent']);
  // A total that disagrees with the counts is not passed on: the caller's total is what is billed.
  assert.equal(parse({ candidates, usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 5, totalTokenCount: 0 } }).usage?.total_tokens, 14);
});

test('candidates that are not a list of objects are the upstream failing, not a crash', () => {
  for (const candidates of [-1, 'x', [null], [1.5], { a: 1 }]) {
    assert.throws(() => parse({ candidates } as unknown as GeminiResponse), (error: unknown) => error instanceof UpstreamError && error.kind === 'server_error', JSON.stringify(candidates));
  }
});

test('logprobsResult becomes choices[].logprobs with the chosen token and its top alternatives', () => {
  const completion = parse({
    candidates: [
      {
        content: { role: 'model', parts: [{ text: 'Hi' }] },
        finishReason: 'STOP',
        logprobsResult: {
          chosenCandidates: [{ token: 'Hi', logProbability: -0.1 }],
          topCandidates: [{ candidates: [{ token: 'Hi', logProbability: -0.1 }, { token: 'Hey', logProbability: -2.5 }] }],
        },
      },
    ],
  });
  assert.deepEqual(completion.choices[0].logprobs, {
    content: [
      {
        token: 'Hi',
        logprob: -0.1,
        bytes: [72, 105],
        top_logprobs: [
          { token: 'Hi', logprob: -0.1, bytes: [72, 105] },
          { token: 'Hey', logprob: -2.5, bytes: [72, 101, 121] },
        ],
      },
    ],
    refusal: null,
  });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UpstreamError } from '../../errors/upstream-error.js';
import { anthropicAdapter } from './index.js';
import { anthropicTarget } from '../../../test/fixtures/anthropic-fixtures.js';
import { convertStopReason } from './finish-reason.js';
import { unreadableFieldsOf } from '../shared/token-counts.js';

const target = anthropicTarget();
const request = { model: 'anthropic/claude-sonnet-4-5', messages: [{ role: 'user' as const, content: 'hi' }] };

function message(content: object[], extra: object = {}) {
  return { id: 'msg_01', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5-20250929', content, stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 12, output_tokens: 7 }, ...extra };
}

test('text blocks are joined into content; thinking is kept whole beside it (never in content); id, model and created are filled', () => {
  const before = Math.floor(Date.now() / 1000);
  const completion = anthropicAdapter.chat!.parseResponse(message([
      { type: 'thinking', thinking: 'secret reasoning', signature: 'sig' },
      { type: 'redacted_thinking', data: 'opaque' },
      { type: 'text', text: 'Hello, ' },
      { type: 'text', text: 'world.' },
    ]), target, );
  assert.equal(completion.id, 'msg_01');
  assert.equal(completion.object, 'chat.completion');
  assert.equal(completion.model, 'claude-sonnet-4-5-20250929');
  assert.ok(completion.created >= before && completion.created <= before + 1);
  assert.deepEqual(completion.choices, [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: 'Hello, world.',
        thinking_blocks: [
          { type: 'thinking', thinking: 'secret reasoning', signature: 'sig' },
          { type: 'redacted_thinking', data: 'opaque' },
        ],
      },
      finish_reason: 'stop',
    },
  ]);
});

test('tool_use blocks become tool_calls with the input as JSON arguments', () => {
  const completion = anthropicAdapter.chat!.parseResponse(message(
      [
        { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'toolu_2', name: 'clock', input: {} },
      ],
      { stop_reason: 'tool_use' },
    ), target, );
  const choice = completion.choices[0];
  assert.equal(choice.finish_reason, 'tool_calls');
  assert.equal(choice.message.content, null, 'no text beside tool calls → null content, as OpenAI sends');
  assert.deepEqual(choice.message.tool_calls, [
    { id: 'toolu_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
    { id: 'toolu_2', type: 'function', function: { name: 'clock', arguments: '{}' } },
  ]);
});

test('stop_reason maps to finish_reason', () => {
  const table: Array<[string | null, string]> = [
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['pause_turn', 'stop'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['tool_use', 'tool_calls'],
    ['refusal', 'content_filter'],
    [null, 'stop'],
  ];
  for (const [stopReason, finishReason] of table) assert.equal(convertStopReason(stopReason), finishReason, String(stopReason));
});

test('usage: prompt tokens include cache reads and writes, which are also reported apart; thinking is in output_tokens', () => {
  const completion = anthropicAdapter.chat!.parseResponse(
    message([{ type: 'text', text: 'ok' }], { usage: { input_tokens: 10, cache_creation_input_tokens: 200, cache_read_input_tokens: 1000, output_tokens: 50 } }),
    target,
  );
  assert.deepEqual(completion.usage, {
    prompt_tokens: 1210,
    completion_tokens: 50,
    total_tokens: 1260,
    prompt_tokens_details: { cached_tokens: 1000, cache_write_tokens: 200 },
  });
});

test('usage without input_tokens or output_tokens is estimated, never billed as 0', () => {
  const withoutOutput = anthropicAdapter.chat!.parseResponse(message([{ type: 'text', text: 'ok' }], { usage: { input_tokens: 10 } }), target);
  assert.deepEqual(unreadableFieldsOf(withoutOutput.usage), ['output_tokens absent']);
  const withoutInput = anthropicAdapter.chat!.parseResponse(message([{ type: 'text', text: 'ok' }], { usage: { output_tokens: 3 } }), target);
  assert.deepEqual(unreadableFieldsOf(withoutInput.usage), ['input_tokens absent']);
});

test('a 2xx body that is not a message is an upstream server error', () => {
  assert.throws(
    () => anthropicAdapter.chat!.parseResponse({ hello: 'world' }, target),
    (error: unknown) => error instanceof UpstreamError && error.kind === 'server_error' && error.providerId === 'anthropic',
  );
});

const errorBody = (type: string, text: string) => JSON.stringify({ type: 'error', error: { type, message: text }, request_id: 'req_1' });

test('mapError: status and Anthropic error type → error kind, keeping Anthropic’s message and type', () => {
  const table: Array<[number, string, string]> = [
    [400, 'invalid_request_error', 'bad_request'],
    [401, 'authentication_error', 'auth'],
    [403, 'permission_error', 'auth'],
    [402, 'billing_error', 'quota_exhausted'],
    [404, 'not_found_error', 'bad_request'],
    [413, 'request_too_large', 'bad_request'],
    [429, 'rate_limit_error', 'rate_limited'],
    [500, 'api_error', 'server_error'],
    [504, 'timeout_error', 'timeout'],
    [529, 'overloaded_error', 'overloaded'],
  ];
  for (const [status, type, kind] of table) {
    const mapped = anthropicAdapter.mapError(status, {}, errorBody(type, `message for ${status}`));
    assert.deepEqual(mapped, { kind, status, message: `message for ${status}`, providerCode: type }, `${status} ${type}`);
  }
});

test('mapError: 429 with retry-after: 3 asks to wait 3000 ms', () => {
  const mapped = anthropicAdapter.mapError(429, { 'retry-after': '3' }, errorBody('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'));
  assert.equal(mapped.kind, 'rate_limited');
  assert.equal(mapped.retryAfterMs, 3000);
  assert.equal(mapped.message, 'Number of request tokens has exceeded your per-minute rate limit');
});

test('mapError: a body that is not Anthropic JSON (a proxy page) keeps its text as the message', () => {
  const mapped = anthropicAdapter.mapError(502, {}, '<html>Bad gateway</html>');
  assert.deepEqual(mapped, { kind: 'server_error', status: 502, message: '<html>Bad gateway</html>' });
});

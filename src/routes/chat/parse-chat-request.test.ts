import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../errors/gateway-error.js';
import { parseChatRequest } from './parse-chat-request.js';

const messages = [{ role: 'user', content: 'hi' }];

const rejected: Array<[string, Record<string, unknown>, string, RegExp]> = [
  ['temperature above 2', { temperature: 3 }, 'temperature', /temperature must be between 0 and 2 \(got 3\)/],
  ['n of 0', { n: 0 }, 'n', /n must be between 1 and 8/],
  ['n of 9', { n: 9 }, 'n', /n must be between 1 and 8/],
  ['a fractional n', { n: 1.5 }, 'n', /n must be an integer/],
  ['frequency_penalty below -2', { frequency_penalty: -2.5 }, 'frequency_penalty', /between -2 and 2/],
  ['presence_penalty above 2', { presence_penalty: 2.1 }, 'presence_penalty', /between -2 and 2/],
  ['top_logprobs above 20', { top_logprobs: 21 }, 'top_logprobs', /between 0 and 20/],
  ['empty messages', { messages: [] }, 'messages', /at least 1 message/],
  ['a message without role', { messages: [{ content: 'x' }] }, 'messages[0].role', /required/],
  ['a tool message without tool_call_id', { messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].tool_call_id', /required/],
  ['a bad reasoning_effort', { reasoning_effort: 'extreme' }, 'reasoning_effort', /must be one of/],
  ['a bad response_format', { response_format: { type: 'xml' } }, 'response_format.type', /must be one of/],
  ['a non-function tool', { tools: [{ type: 'retrieval' }] }, 'tools[0].type', /must be function/],
  ['a bad force_tier', { routing_override: { force_tier: 'T9' } }, 'routing_override.force_tier', /T1, T2, T3/],
  ['max_chain_steps of 0', { svc: { max_chain_steps: 0 } }, 'svc.max_chain_steps', /between 1 and 65535/],
  ['a bad svc.intelligence_mode', { svc: { intelligence_mode: 'max' } }, 'svc.intelligence_mode', /proxy, cache, full/],
  ['max_tier 4', { routing_hints: { max_tier: 4 } }, 'routing_hints.max_tier', /between 1 and 3/],
];

for (const [name, fields, param, message] of rejected) {
  test(`rejects ${name} with a 400 naming ${param}`, () => {
    assert.throws(
      () => parseChatRequest({ model: 'gpt-4o-mini', messages, ...fields }),
      (error: GatewayError) => error.status === 400 && error.code === 'validation_error' && error.param === param && message.test(error.message),
    );
  });
}

test('max_completion_tokens is an alias of max_tokens', () => {
  assert.equal(parseChatRequest({ model: 'm', messages, max_completion_tokens: 77 }).request.max_tokens, 77);
});

test('preference_dial is clamped to 0..1, not rejected', () => {
  assert.equal(parseChatRequest({ model: 'm', messages, routing_hints: { preference_dial: 7 } }).routingHints?.preference_dial, 1);
});

test('force_tier accepts tier-1, tier1 and T1 forms', () => {
  for (const form of ['tier-1', 'tier1', 't1', 'T1']) {
    assert.equal(parseChatRequest({ model: 'm', messages, routing_override: { force_tier: form } }).routingOverride?.force_tier, 'T1');
  }
});

test('an invalid chain_id UUID is ignored, a valid one kept', () => {
  assert.equal(parseChatRequest({ model: 'm', messages, svc: { chain_id: 'nope' } }).svc.chain_id, undefined);
  const uuid = '0b7e3c6a-3f44-4d8e-9a65-0f6f4ad0c2b1';
  assert.equal(parseChatRequest({ model: 'm', messages, svc: { chain_id: uuid } }).svc.chain_id, uuid);
});

test('svc-only fields never land in the canonical request', () => {
  const { request } = parseChatRequest({ model: 'm', messages, svc: { enable_cache: false }, routing_hints: { mode: 'fast' }, routing_override: { force_lane: 'turbo' } });
  assert.equal('svc' in request, false);
  assert.equal('routing_hints' in request, false);
  assert.equal('routing_override' in request, false);
});

test('an assistant message with tool_calls may have null content, and extra_content survives', () => {
  const { request } = parseChatRequest({
    model: 'm',
    messages: [
      ...messages,
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' }, extra_content: { google: { thought_signature: 'sig' } } }] },
      { role: 'tool', tool_call_id: 'c1', content: '42' },
    ],
  });
  assert.deepEqual(request.messages[1].tool_calls?.[0].extra_content, { google: { thought_signature: 'sig' } });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ChatRequest } from '../../core/chat-types.js';
import { canonicalJson, exactCacheKey, PIECEWISE_FROM_CHARS } from './request-key.js';

/**
 * The key of the long request below, computed apart from svc (a Python script): SHA-256 of `v2`, NUL, the org, NUL, the
 * model, NUL and the canonical JSON of the answer-shaping fields, each message text over 256 characters written as
 * NUL, its length, NUL and the text itself; base64url.
 */
const LONG_REQUEST_KEY = 'yY5LZNNyx0fDPMDYKLGbDRmPzKps6qze2BdkqxdPVvc';

const base: ChatRequest = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'What is 2+2?' }], temperature: 0 };
const key = (request: ChatRequest, org = 'org_a', model = 'openai/gpt-4o-mini') => exactCacheKey(org, model, request);

/** Each request's key differs from the first's and from every other's. */
function assertKeysDiffer(first: [string, ChatRequest], others: Array<[string, ChatRequest]>): void {
  const keys = new Map<string, string>();
  for (const [what, request] of [first, ...others]) {
    const value = key(request);
    assert.ok(!keys.has(value), `${what} must change the key (same as ${keys.get(value)})`);
    keys.set(value, what);
  }
}

test('equal requests share a key; key order, delivery fields and written-out defaults do not matter', () => {
  const same: ChatRequest[] = [
    { ...base },
    { temperature: 0, messages: [{ content: 'What is 2+2?', role: 'user' }], model: 'gpt-4o-mini' },
    { ...base, stream: true, stream_options: { include_usage: true } },
    { ...base, user: 'someone', metadata: { team: 'x' }, service_tier: 'auto' },
    { ...base, n: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0 },
    { ...base, stop: [] },
    { ...base, response_format: { type: 'text' } },
    { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'What is 2+2?' }] }] },
  ];
  for (const request of same) assert.equal(key(request), key(base), JSON.stringify(request));
  assert.equal(key({ ...base, stop: 'END' }), key({ ...base, stop: ['END'] }), 'a stop string is a stop list of one');
});

test('every field that can change the answer changes the key', () => {
  const tool = { type: 'function' as const, function: { name: 'lookup', parameters: { type: 'object' } } };
  const different: Array<[string, ChatRequest]> = [
    ['another message', { ...base, messages: [{ role: 'user', content: 'What is 2+3?' }] }],
    ['a system message', { ...base, messages: [{ role: 'system', content: 'Be terse.' }, ...base.messages] }],
    ['a role', { ...base, messages: [{ role: 'developer', content: 'What is 2+2?' }] }],
    ['an image part', { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'What is 2+2?' }, { type: 'image_url', image_url: { url: 'https://x/y.png' } }] }] }],
    ['temperature', { ...base, temperature: 0.2 }],
    ['top_p', { ...base, top_p: 0.5 }],
    ['top_k', { ...base, top_k: 5 }],
    ['seed', { ...base, seed: 7 }],
    ['another seed', { ...base, seed: 8 }],
    ['max_tokens', { ...base, max_tokens: 10 }],
    ['stop', { ...base, stop: ['\n'] }],
    ['n', { ...base, n: 2 }],
    ['frequency_penalty', { ...base, frequency_penalty: 0.5 }],
    ['presence_penalty', { ...base, presence_penalty: 0.5 }],
    ['tools', { ...base, tools: [tool] }],
    ['tool_choice', { ...base, tools: [tool], tool_choice: 'required' }],
    ['parallel_tool_calls', { ...base, tools: [tool], parallel_tool_calls: false }],
    ['response_format json_object', { ...base, response_format: { type: 'json_object' } }],
    ['response_format json_schema', { ...base, response_format: { type: 'json_schema', json_schema: { name: 'a', schema: { type: 'object' } } } }],
    ['logprobs', { ...base, logprobs: true }],
    ['top_logprobs', { ...base, logprobs: true, top_logprobs: 3 }],
    ['logit_bias', { ...base, logit_bias: { '50256': -100 } }],
    ['reasoning_effort', { ...base, reasoning_effort: 'high' }],
    ['an extra OpenAI field', { ...base, extra: { modalities: ['text', 'audio'] } }],
  ];
  assertKeysDiffer(['base', base], different);
});

test('the org and the resolved model are part of the key', () => {
  assert.notEqual(key(base, 'org_a'), key(base, 'org_b'));
  assert.notEqual(key(base, 'org_a', 'openai/gpt-4o-mini'), key(base, 'org_a', 'openai/gpt-4o'));
  // No field separator confusion: org "a" + model "bc" is not org "ab" + model "c".
  assert.notEqual(key(base, 'a', 'bc'), key(base, 'ab', 'c'));
});

test('canonicalJson sorts keys at every depth and drops undefined members', () => {
  assert.equal(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: undefined }], c: null } }), '{"a":{"c":null,"d":[1,{"f":2}]},"b":1}');
  // By UTF-16 code units, as JavaScript's sort orders strings: an emoji's high surrogate (0xD83D) comes before 'ｚ' (0xFF5A).
  assert.equal(canonicalJson({ b: 1, a: 2, Z: 3, é: 4, ｚ: 6, '😀': 5 }), '{"Z":3,"a":2,"b":1,"é":4,"😀":5,"ｚ":6}');
  // Few keys and many (a tool's JSON schema) alike.
  const many = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`k${String(19 - index).padStart(2, '0')}`, 19 - index]));
  assert.equal(canonicalJson(many), `{${Array.from({ length: 20 }, (_, index) => `"k${String(index).padStart(2, '0')}":${index}`).join(',')}}`);
});

test('a key does not change between versions: answers already in the shared L1 stay reachable after an upgrade', () => {
  // Written down from svc before the key was computed with crypto.hash() instead of createHash() (1830e58).
  const request: ChatRequest = { model: 'gpt-4o-mini', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Wie spät ist es in Tōkyō?' }], temperature: 0.2, max_tokens: 64 };
  assert.equal(exactCacheKey('org_7', 'openai/gpt-4o-mini', request), 'G1GQ3AUApxmIetdfirFkA_zUzDxxmKqTdVF0POh7XJY');
});

describe('a request of long texts (its key hashed piece by piece)', () => {
  // Past PIECEWISE_FROM_CHARS characters of message text: an agent's conversation resent whole.
  const report = (seed: string) => `${seed}: ${'Revenue grew in EMEA on renewals; churn among small businesses stayed high. '.repeat(120)}`;
  const long: ChatRequest = {
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'You are an analyst.' },
      { role: 'user', content: report('first') },
      { role: 'assistant', content: report('answer') },
      { role: 'user', content: report('second') },
    ],
    temperature: 0,
  };
  const withLast = (content: string): ChatRequest => ({ ...long, messages: [...long.messages.slice(0, -1), { role: 'user', content }] });

  test('is long enough to be hashed piece by piece', () => {
    const characters = long.messages.reduce((sum, message) => sum + (message.content as string).length, 0);
    assert.ok(characters > PIECEWISE_FROM_CHARS, `${characters} characters`);
  });

  test('equal requests share a key, as short ones do', () => {
    const same: ChatRequest[] = [
      { ...long, stream: true, user: 'someone' },
      { temperature: 0, model: 'gpt-4o-mini', messages: long.messages.map((message) => ({ content: message.content, role: message.role }) as ChatRequest['messages'][number]) },
      withLast(report('second')),
      { ...long, messages: [...long.messages.slice(0, -1), { role: 'user', content: [{ type: 'text', text: report('second') }] }] },
    ];
    for (const request of same) assert.equal(key(request), key(long));
  });

  test('a change anywhere in a text, or where one text ends and the next begins, changes the key', () => {
    const second = report('second');
    const moved: ChatRequest = { ...long, messages: [...long.messages.slice(0, 2), { role: 'assistant', content: `${report('answer')}${second.slice(0, 5)}` }, { role: 'user', content: second.slice(5) }] };
    const different: Array<[string, ChatRequest]> = [
      ['a character in the middle', withLast(`${second.slice(0, 4000)}X${second.slice(4001)}`)],
      ['one character more', withLast(`${second} `)],
      ['text moved across a message boundary', moved],
      ['a lone surrogate', withLast(`${second}\ud800`)],
      ['another lone surrogate', withLast(`${second}\udbff`)],
      ['a quote and a new line', withLast(`${second}"\n`)],
      ['temperature', { ...long, temperature: 0.5 }],
    ];
    assertKeysDiffer(['the request', long], different);
  });

  test('the org and the model are part of its key', () => {
    assert.notEqual(key(long, 'org_a'), key(long, 'org_b'));
    assert.notEqual(key(long, 'a', 'bc'), key(long, 'ab', 'c'));
  });

  test('its key does not change between versions', () => {
    assert.equal(key(long, 'org_7'), LONG_REQUEST_KEY);
  });
});

describe('a request with an image sent inline (its key hashed piece by piece)', () => {
  const screenshot = `data:image/png;base64,${'iVBORw0KGgo'.repeat(3000)}`;
  const withImage = (url: string): ChatRequest => ({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'What is in this screenshot?' }, { type: 'image_url', image_url: { url, detail: 'low' } }] }],
  });

  test('a byte of the image changes the key; the same image with its keys in another order keeps it', () => {
    const other = `${screenshot.slice(0, 20_000)}A${screenshot.slice(20_001)}`;
    assert.notEqual(key(withImage(other)), key(withImage(screenshot)));
    const reordered: ChatRequest = {
      messages: [{ content: [{ type: 'text', text: 'What is in this screenshot?' }, { image_url: { detail: 'low', url: screenshot }, type: 'image_url' }], role: 'user' }],
      model: 'gpt-4o-mini',
    };
    assert.equal(key(reordered), key(withImage(screenshot)));
  });

  test('its key is the format computed apart', () => {
    // As for LONG_REQUEST_KEY (a Python script), the data URL being the one string over 256 characters.
    assert.equal(key(withImage(screenshot), 'org_7'), 'tNVrPgYBsxZG7Z0lsKnt8ctIpwR_G6_cNgV8OSKPKWw');
  });
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { ChatCompletionChunk, ChatRequest } from '../../core/chat-types.js';
import { type ProviderRuntime, type UpstreamTarget } from '../provider-types.js';
import { UpstreamError, type UpstreamErrorKind } from '../../errors/upstream-error.js';
import { parseRetryAfterMs } from '../../shared/retry-after.js';
import { convertOpenAiUsage } from './convert-usage.js';
import { unreadableFieldsOf } from '../shared/token-counts.js';
import { openaiAdapter } from './index.js';
import { jsonBodyText } from '../../../test/support/json-body-text.js';

function targetOf(provider: Partial<ProviderRuntime> & { id: string; baseUrl: string }, upstreamModel: string, apiKey = 'sk-key'): UpstreamTarget {
  const runtime: ProviderRuntime = {
    wire: 'openai',
    auth: { header: 'Authorization', prefix: 'Bearer ' },
    requiredHeaders: {},
    paths: { chat: '/chat/completions' },
    apiKeys: [apiKey],
    timeouts: { connectMs: 1000, firstByteMs: 1000, idleMs: 1000 },
    ...provider,
  };
  return {
    provider: runtime,
    model: { slug: `${provider.id}/${upstreamModel}`, provider: provider.id, upstream_model: upstreamModel, type: 'chat', wire: 'openai', tier: 'T2', lane: 'turbo', context_window: 131072, pricing: {}, capabilities: [] },
    apiKey,
    baseUrl: provider.baseUrl,
    keySource: 'pool',
  };
}

const groq = targetOf({ id: 'groq', baseUrl: 'https://api.groq.com/openai/v1' }, 'llama-3.3-70b-versatile', 'gsk-1');
const openai = targetOf({ id: 'openai', baseUrl: 'https://api.openai.com/v1', chatOptions: { max_tokens_field: 'max_completion_tokens' } }, 'gpt-5-mini');
const baseRequest: ChatRequest = { model: 'groq/llama-3.3-70b-versatile', messages: [{ role: 'user', content: 'hi' }] };

const build = (request: ChatRequest, target: UpstreamTarget) => openaiAdapter.chat!.buildRequest(request, target, []);
const bodyOf = (request: ChatRequest, target: UpstreamTarget) => JSON.parse(jsonBodyText(build(request, target)));

describe('request conversion', () => {
  test('a Groq target gets its URL, key, upstream model name and no svc field', () => {
    // A validated request object may carry gateway bookkeeping at run time; none of it goes upstream.
    const request = { ...baseRequest, temperature: 0.2, max_tokens: 64, extra: { modalities: ['text'], model: 'hijack', stream: true }, routing: { lane: 'turbo' }, cache: true } as ChatRequest;
    const built = build(request, groq);
    assert.equal(built.url, 'https://api.groq.com/openai/v1/chat/completions');
    assert.equal(built.headers.authorization, 'Bearer gsk-1');
    assert.deepEqual(JSON.parse(jsonBodyText(built)), { model: 'llama-3.3-70b-versatile', messages: baseRequest.messages, temperature: 0.2, modalities: ['text'], max_tokens: 64 });
  });

  test('openai sends max_completion_tokens, as its catalog row says', () => {
    const body = bodyOf({ ...baseRequest, max_tokens: 100 }, openai);
    assert.equal(body.max_completion_tokens, 100);
    assert.equal(body.max_tokens, undefined);
    const row = (JSON.parse(readFileSync(new URL('../../../catalog/providers.json', import.meta.url), 'utf8')) as { id: string; chat_options?: unknown }[]).find((provider) => provider.id === 'openai');
    assert.equal((row?.chat_options as { max_tokens_field?: string } | undefined)?.max_tokens_field, 'max_completion_tokens');
  });

  test('streams always ask for usage; stream_options never travels without stream', () => {
    assert.deepEqual(bodyOf({ ...baseRequest, stream: true }, groq).stream_options, { include_usage: true });
    assert.equal(bodyOf({ ...baseRequest, stream: true }, groq).stream, true);
    assert.deepEqual(bodyOf({ ...baseRequest, stream: true, stream_options: { include_usage: false } }, groq).stream_options, { include_usage: true });
    const plain = bodyOf({ ...baseRequest, stream_options: { include_usage: true } }, groq);
    assert.equal(plain.stream, undefined);
    assert.equal(plain.stream_options, undefined);
  });

  test('metadata only when present; required headers; no auth header without a key', () => {
    assert.equal('metadata' in bodyOf(baseRequest, groq), false);
    assert.deepEqual(bodyOf({ ...baseRequest, metadata: { team: 'a' } }, groq).metadata, { team: 'a' });
    const local = targetOf({ id: 'local-vllm', baseUrl: 'http://gpu-box:8000/v1/', requiredHeaders: { 'x-team': 'research' } }, 'qwen3', '');
    const built = build(baseRequest, local);
    assert.equal(built.url, 'http://gpu-box:8000/v1/chat/completions');
    assert.deepEqual(built.headers, { 'x-team': 'research', 'content-type': 'application/json' });
  });
});

describe('response and usage conversion', () => {
  test('reasoning reported beside completion_tokens (xAI: total = prompt + completion + reasoning) is billed as output', () => {
    const xai = convertOpenAiUsage({ prompt_tokens: 10120, completion_tokens: 1499, total_tokens: 14428, completion_tokens_details: { reasoning_tokens: 2809 } });
    assert.equal(xai?.completion_tokens, 1499 + 2809);
    assert.equal(xai?.completion_tokens_details?.reasoning_tokens, 2809);
    // OpenAI's own convention (reasoning inside completion_tokens) is left as it is.
    const openai = convertOpenAiUsage({ prompt_tokens: 100, completion_tokens: 500, total_tokens: 600, completion_tokens_details: { reasoning_tokens: 200 } });
    assert.equal(openai?.completion_tokens, 500);
  });

  test('usage keeps cached and reasoning tokens, and reads DeepSeek cache hits', () => {
    assert.deepEqual(
      convertOpenAiUsage({ prompt_tokens: 100, completion_tokens: 40, total_tokens: 140, prompt_tokens_details: { cached_tokens: 60, audio_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 30, accepted_prediction_tokens: 0 } }),
      { prompt_tokens: 100, completion_tokens: 40, total_tokens: 140, prompt_tokens_details: { cached_tokens: 60, audio_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 30, accepted_prediction_tokens: 0 } },
    );
    assert.deepEqual(convertOpenAiUsage({ prompt_tokens: 10, completion_tokens: 5, prompt_cache_hit_tokens: 8, prompt_cache_miss_tokens: 2 }), {
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 15,
      prompt_tokens_details: { cached_tokens: 8 },
    });
    assert.equal(convertOpenAiUsage(null), undefined);
  });

  test("the breakdowns OpenAI reports but nobody bills (text, image, accepted and rejected prediction tokens) are passed on when they are counts", () => {
    const usage = convertOpenAiUsage({
      prompt_tokens: 900,
      completion_tokens: 60,
      total_tokens: 960,
      prompt_tokens_details: { cached_tokens: 0, text_tokens: 135, image_tokens: 765 },
      completion_tokens_details: { reasoning_tokens: 0, text_tokens: 60, accepted_prediction_tokens: 41, rejected_prediction_tokens: 'many' },
    });
    assert.deepEqual(usage?.prompt_tokens_details, { cached_tokens: 0, text_tokens: 135, image_tokens: 765 });
    // Not a count: left out, and not a reason to estimate the billed counts, which were readable.
    assert.deepEqual(usage?.completion_tokens_details, { reasoning_tokens: 0, text_tokens: 60, accepted_prediction_tokens: 41 });
    assert.equal(unreadableFieldsOf(usage), undefined);
    assert.equal(convertOpenAiUsage({ prompt_tokens: 1, completion_tokens: 1, completion_tokens_details: { rejected_prediction_tokens: -2 } })?.completion_tokens_details, undefined);
  });

  test('a usage block without prompt_tokens or completion_tokens is estimated, never billed as 0; the total is always the sum', () => {
    assert.deepEqual(unreadableFieldsOf(convertOpenAiUsage({ prompt_tokens: 9, total_tokens: 14 })), ['completion_tokens absent']);
    assert.deepEqual(unreadableFieldsOf(convertOpenAiUsage({ total_tokens: 14 })), ['prompt_tokens absent', 'completion_tokens absent']);
    // No count at all is no usage (a host that sends `usage: {}` on every chunk): the final chunk's counts are billed.
    assert.equal(convertOpenAiUsage({}), undefined);
    assert.equal(unreadableFieldsOf(convertOpenAiUsage({ prompt_tokens: 9, completion_tokens: 0 })), undefined);
    assert.equal(convertOpenAiUsage({ prompt_tokens: 9, completion_tokens: 5, total_tokens: 99 })?.total_tokens, 14);
  });

  test("Groq's x_groq.usage is used when top-level usage is missing, not when it is present", () => {
    const choices = [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }];
    const groqOnly = openaiAdapter.chat!.parseResponse({ id: 'x', created: 1, model: 'm', choices, x_groq: { usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 } } }, groq);
    assert.equal(groqOnly.usage?.total_tokens, 10);
    const both = openaiAdapter.chat!.parseResponse({ id: 'x', created: 1, model: 'm', choices, usage: { prompt_tokens: 1, completion_tokens: 1 }, x_groq: { usage: { prompt_tokens: 7, completion_tokens: 3 } } }, groq);
    assert.equal(both.usage?.total_tokens, 2);
  });

  test('messages keep tool calls, refusal and reasoning_content; dialect quirks are normalised', () => {
    const completion = openaiAdapter.chat!.parseResponse({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 5,
        model: 'deepseek-reasoner',
        choices: [
          { index: 0, message: { role: 'assistant', content: null, reasoning_content: 'thinking...', refusal: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'lookup', arguments: '{"q":1}' } }] }, finish_reason: 'tool_calls' },
          { index: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'Hel' }, { type: 'text', text: 'lo' }], tool_calls: [] }, finish_reason: 'model_length' },
        ],
      }, groq, );
    assert.deepEqual(completion.choices[0].message, { role: 'assistant', content: null, reasoning_content: 'thinking...', refusal: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'lookup', arguments: '{"q":1}' } }] });
    assert.deepEqual(completion.choices[1].message, { role: 'assistant', content: 'Hello' });
    assert.equal(completion.choices[1].finish_reason, 'length');
  });

  test('a 200 body carrying an error, without choices or with an empty list of them, is an UpstreamError', () => {
    assert.throws(() => openaiAdapter.chat!.parseResponse({ error: { code: 502, message: 'provider returned error' } }, groq), (error) => error instanceof UpstreamError && error.kind === 'server_error' && error.message === 'provider returned error');
    assert.throws(() => openaiAdapter.chat!.parseResponse({ id: 'x' }, groq), (error) => error instanceof UpstreamError && error.kind === 'server_error');
    // A caller's SDK reads choices[0]: an answer without one is no answer (502, and another provider may serve it).
    assert.throws(() => openaiAdapter.chat!.parseResponse({ id: 'x', choices: [], usage: { prompt_tokens: 9, completion_tokens: 5 } }, groq), (error) => error instanceof UpstreamError && error.kind === 'server_error' && /no choice/.test(error.message));
  });
});

describe('error mapping', () => {
  const openAiError = (type: string | null, code: string | null, message = 'provider says no') => JSON.stringify({ error: { message, type, param: null, code } });
  const cases: { name: string; status: number; body: string; kind: UpstreamErrorKind; message?: string; providerCode?: string }[] = [
    { name: 'rate limit', status: 429, body: openAiError('requests', 'rate_limit_exceeded'), kind: 'rate_limited', providerCode: 'rate_limit_exceeded' },
    { name: 'insufficient_quota', status: 429, body: openAiError('insufficient_quota', 'insufficient_quota'), kind: 'quota_exhausted', providerCode: 'insufficient_quota' },
    { name: 'spend limit', status: 429, body: openAiError('insufficient_quota', 'organization_spend_limit_exceeded'), kind: 'quota_exhausted', providerCode: 'organization_spend_limit_exceeded' },
    { name: 'OpenRouter credits', status: 402, body: JSON.stringify({ error: { code: 402, message: 'Insufficient credits', metadata: { limit_source: 'key' } } }), kind: 'quota_exhausted', message: 'Insufficient credits' },
    { name: 'bad key', status: 401, body: openAiError('invalid_request_error', 'invalid_api_key', 'Incorrect API key'), kind: 'auth', message: 'Incorrect API key', providerCode: 'invalid_api_key' },
    { name: 'forbidden', status: 403, body: openAiError('invalid_request_error', 'unsupported_country'), kind: 'auth', providerCode: 'unsupported_country' },
    { name: 'OpenRouter moderation', status: 403, body: JSON.stringify({ error: { code: 403, message: 'flagged', metadata: { reasons: ['violence'], flagged_input: 'x' } } }), kind: 'content_filter' },
    { name: 'request timeout', status: 408, body: '', kind: 'timeout', message: 'upstream answered HTTP 408' },
    { name: 'gateway timeout', status: 504, body: '', kind: 'timeout' },
    { name: 'context too long', status: 400, body: openAiError('invalid_request_error', 'context_length_exceeded', 'maximum context length is 8192'), kind: 'bad_request', message: 'maximum context length is 8192', providerCode: 'context_length_exceeded' },
    { name: 'unknown model', status: 404, body: openAiError('invalid_request_error', 'model_not_found'), kind: 'bad_request', providerCode: 'model_not_found' },
    { name: 'conflict', status: 409, body: '', kind: 'bad_request' },
    { name: 'too large', status: 413, body: '', kind: 'bad_request' },
    { name: 'vLLM validation', status: 422, body: JSON.stringify({ object: 'error', message: 'n must be 1', type: 'BadRequestError', code: 400 }), kind: 'bad_request', message: 'n must be 1', providerCode: 'BadRequestError' },
    { name: 'Ollama string error', status: 404, body: JSON.stringify({ error: 'model "qwen" not found' }), kind: 'bad_request', message: 'model "qwen" not found' },
    { name: 'server error', status: 500, body: openAiError('server_error', null), kind: 'server_error', providerCode: 'server_error' },
    { name: 'bad gateway page', status: 502, body: `<html>${'x'.repeat(600)}</html>`, kind: 'server_error', message: `<html>${'x'.repeat(494)}` },
    { name: 'overloaded', status: 503, body: '', kind: 'overloaded' },
  ];
  for (const { name, status, body, kind, message, providerCode } of cases) {
    test(`${status} ${name} → ${kind}`, () => {
      const init = openaiAdapter.mapError(status, {}, body);
      assert.equal(init.kind, kind);
      assert.equal(init.status, status);
      assert.equal(init.message, message ?? (body ? JSON.parse(body).error.message : `upstream answered HTTP ${status}`));
      assert.equal(init.providerCode, providerCode);
    });
  }

  test('retry-after in seconds, milliseconds or as an HTTP date', () => {
    assert.equal(openaiAdapter.mapError(429, { 'retry-after': '7' }, '').retryAfterMs, 7000);
    assert.equal(openaiAdapter.mapError(429, { 'retry-after': '7', 'retry-after-ms': '1250' }, '').retryAfterMs, 1250);
    assert.equal(parseRetryAfterMs({ 'retry-after': '1.5' }), 1500);
    assert.equal(parseRetryAfterMs({ 'retry-after': 'Wed, 21 Oct 2026 07:28:30 GMT' }, Date.parse('Wed, 21 Oct 2026 07:28:00 GMT')), 30_000);
    assert.equal(parseRetryAfterMs({ 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' }, Date.parse('Wed, 21 Oct 2026 07:29:00 GMT')), 0);
    assert.equal(parseRetryAfterMs({ 'retry-after': 'soon' }), undefined);
    assert.equal(parseRetryAfterMs({ 'retry-after': '-3' }), undefined);
    assert.equal(parseRetryAfterMs({}), undefined);
    // A wait longer than a day is a day: Redis refuses a time-out of 1e22 ms, and no quota window is longer.
    assert.equal(parseRetryAfterMs({ 'retry-after': '99999999999999999999' }), 24 * 3600_000);
    assert.equal(parseRetryAfterMs({ 'retry-after-ms': '172800000' }), 24 * 3600_000);
  });
});

describe('stream translation', () => {
  const event = (payload: object | string) => ({ data: typeof payload === 'string' ? payload : JSON.stringify(payload) });
  const chunk = (delta: object, finishReason: string | null = null, extra: object = {}) => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra });
  const translatorFor = () => openaiAdapter.chat!.createStreamTranslator(groq);
  const translateAll = (payloads: (object | string)[]) => {
    const translator = translatorFor();
    const chunks: ChatCompletionChunk[] = [];
    for (const payload of payloads) chunks.push(...translator.push(event(payload)));
    chunks.push(...translator.finish());
    return chunks;
  };

  test('a chunk without a delta gets an empty one; a usage that is not an object is dropped, never metered', () => {
    const [finishing] = translatorFor().push(event({ ...chunk({}), choices: [{ index: 0, finish_reason: 'stop' }] }));
    assert.deepEqual(finishing.choices[0].delta, {});
    const [listed] = translatorFor().push(event(chunk({ content: 'a' }, null, { usage: [] })));
    assert.equal(listed.usage, null);
    const [empty] = translatorFor().push(event(chunk({ content: 'a' }, null, { usage: {} })));
    assert.equal(empty.usage, null);
  });

  test('a chunk the canonical stream cannot carry is the upstream failing (a 502, or a failover before the first chunk)', () => {
    const malformed = [
      { ...chunk({}), choices: [[]] },
      { ...chunk({}), choices: [{ index: 0, delta: 'text', finish_reason: null }] },
      chunk({ content: { role: 'user' } }),
      chunk({ tool_calls: [null] }),
    ];
    for (const payload of malformed) {
      assert.throws(() => translatorFor().push(event(payload)), (error: unknown) => error instanceof UpstreamError && error.kind === 'server_error' && error.message.startsWith('upstream sent a stream chunk with'), JSON.stringify(payload));
    }
  });

  test('tool-call argument fragments pass through intact, per index', () => {
    const chunks = translateAll([
      chunk({ role: 'assistant', content: null }),
      chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'lookup', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'fetch', arguments: '{"u"' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] }),
      chunk({}, 'tool_calls'),
      '[DONE]',
    ]);
    const deltas = chunks.flatMap((item) => item.choices[0].delta.tool_calls ?? []);
    assert.deepEqual(deltas[0], { index: 0, id: 'call_a', type: 'function', function: { name: 'lookup', arguments: '' } });
    assert.equal(deltas.filter((delta) => delta.index === 0).map((delta) => delta.function?.arguments).join(''), '{"q":"x"}');
    assert.deepEqual(deltas[2], { index: 1, id: 'call_b', type: 'function', function: { name: 'fetch', arguments: '{"u"' } });
    assert.equal(chunks.at(-1)?.choices[0].finish_reason, 'tool_calls');
  });

  test('usage is normalised (incl. x_groq); content-free chunks are dropped; nothing after [DONE]', () => {
    const chunks = translateAll([
      { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], prompt_filter_results: [] },
      chunk({ content: 'Hi' }, null, { usage: null }),
      chunk({}, 'eos', { x_groq: { id: 'req_1', usage: { prompt_tokens: 4, completion_tokens: 1, total_tokens: 5 } } }),
      '[DONE]',
      chunk({ content: 'late' }),
    ]);
    assert.equal(chunks.length, 2);
    assert.equal(chunks[0].usage, null);
    assert.equal(chunks[1].choices[0].finish_reason, 'stop');
    assert.deepEqual(chunks[1].usage, { prompt_tokens: 4, completion_tokens: 1, total_tokens: 5 });
  });

  test('an end without [DONE] is fine after a finish reason, interrupted without one', () => {
    assert.equal(translateAll([chunk({ content: 'a' }), chunk({}, 'stop')]).length, 2);
    assert.throws(() => translateAll([chunk({ content: 'a' })]), (error) => error instanceof UpstreamError && error.kind === 'stream_interrupted');
  });

  const inBand: { name: string; error: object; kind: UpstreamErrorKind }[] = [
    { name: 'OpenAI server error', error: { message: 'boom', type: 'server_error', code: null }, kind: 'server_error' },
    { name: 'rate limit by code', error: { message: 'slow down', type: 'requests', code: 'rate_limit_exceeded' }, kind: 'rate_limited' },
    { name: 'OpenRouter numeric 429', error: { code: 429, message: 'upstream rate limited' }, kind: 'rate_limited' },
    { name: 'OpenRouter numeric 502', error: { code: 502, message: 'provider died' }, kind: 'server_error' },
  ];
  for (const { name, error, kind } of inBand) {
    test(`in-band error (${name}) → ${kind}`, () => {
      const translator = translatorFor();
      assert.equal(translator.push(event(chunk({ content: 'a' }))).length, 1);
      assert.throws(() => translator.push(event({ error })), (thrown) => thrown instanceof UpstreamError && thrown.kind === kind && thrown.providerId === 'groq');
    });
  }

  test('an event that is not JSON is a server_error', () => {
    assert.throws(() => translatorFor().push(event('{not json')), (error) => error instanceof UpstreamError && error.kind === 'server_error');
  });
});

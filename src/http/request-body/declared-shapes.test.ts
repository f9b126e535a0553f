import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../errors/gateway-error.js';
import { parseChatRequest } from '../../routes/chat/parse-chat-request.js';
import { parseCompletionsRequest } from '../../routes/completions/parse-completions-request.js';
import { parseEmbeddingsRequest } from '../../routes/embeddings/parse-embeddings-request.js';
import { parseModerationRequest } from '../../routes/moderations/moderations-route.js';
import { parseResponsesRequest } from '../../routes/responses/parse-responses-request.js';
import { parseBody } from './parse-body.js';
import { orgLimitsBody, newKeyBody, auditQuery } from '../../routes/admin/admin-schemas.js';

/** [field, value, the message the spec's wording gives (spec 7 and 8: name, value, allowed range)]. */
type Row = [string, unknown, string];

function refusal(run: () => unknown): GatewayError {
  try {
    run();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  assert.fail('expected a 400');
}

function assertRows(parse: (body: Record<string, unknown>) => unknown, base: Record<string, unknown>, rows: Row[]): void {
  for (const [field, value, message] of rows) {
    const path = field.split('.');
    const body: Record<string, unknown> = structuredClone(base);
    let target = body;
    for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[path.at(-1)!] = value;
    const error = refusal(() => parse(body));
    assert.equal(error.status, 400, field);
    assert.equal(error.code, 'validation_error', field);
    assert.equal(error.param, field, message);
    assert.equal(error.message, message);
  }
}

const chatBase = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] };

describe('chat completions: every range of spec 4.1 and 8', () => {
  test('standard parameters', () =>
    assertRows(parseChatRequest, chatBase, [
      ['n', 0, 'n must be between 1 and 8 (got 0)'],
      ['n', 9, 'n must be between 1 and 8 (got 9)'],
      ['n', 1.5, 'n must be an integer (got 1.5)'],
      // JSON's 1e999 reaches the declaration as Infinity.
      ['n', Infinity, 'n must be a number (got Infinity, beyond the range of a number)'],
      ['max_tokens', -Infinity, 'max_tokens must be a number (got -Infinity, beyond the range of a number)'],
      ['temperature', Infinity, 'temperature must be a number (got Infinity, beyond the range of a number)'],
      ['temperature', 2.01, 'temperature must be between 0 and 2 (got 2.01)'],
      ['temperature', -0.1, 'temperature must be between 0 and 2 (got -0.1)'],
      ['temperature', 'hot', 'temperature must be a number (got string)'],
      ['frequency_penalty', -2.5, 'frequency_penalty must be between -2 and 2 (got -2.5)'],
      ['presence_penalty', 3, 'presence_penalty must be between -2 and 2 (got 3)'],
      ['top_logprobs', 21, 'top_logprobs must be between 0 and 20 (got 21)'],
      ['top_p', 1.1, 'top_p must be between 0 and 1 (got 1.1)'],
      ['max_tokens', 0, 'max_tokens must be between 1 and 9007199254740991 (got 0)'],
      ['stream', 'yes', 'stream must be a boolean (got string)'],
      ['stop', 5, 'stop must be a string or an array of strings (got number)'],
      ['reasoning_effort', 'extreme', 'reasoning_effort must be one of none, minimal, low, medium, high, xhigh, max (got "extreme")'],
      ['messages', [], 'messages must contain at least 1 message (got 0)'],
      ['model', '  ', 'model must not be empty'],
    ]));

  test('routing_hints, routing_override and the svc block', () =>
    assertRows(parseChatRequest, chatBase, [
      ['routing_hints.max_tier', 4, 'routing_hints.max_tier must be between 1 and 3 (got 4)'],
      ['routing_hints.mode', 'turbo', 'routing_hints.mode must be one of fast, balanced, quality, cost_optimized, free_models_only (got "turbo")'],
      ['routing_hints.max_latency_ms', 0, 'routing_hints.max_latency_ms must be positive (got 0)'],
      ['routing_hints.task_complexity', 'hard', 'routing_hints.task_complexity must be one of trivial, standard, complex, expert (got "hard")'],
      ['routing_override.force_tier', 'T9', 'routing_override.force_tier must be one of T1, T2, T3 (got "T9")'],
      ['routing_override.force_lane', 'slow', 'routing_override.force_lane must be one of smart, turbo (got "slow")'],
      ['svc.max_chain_steps', 0, 'svc.max_chain_steps must be between 1 and 65535 (got 0)'],
      ['svc.max_chain_steps', 65536, 'svc.max_chain_steps must be between 1 and 65535 (got 65536)'],
      ['svc.chain_timeout_secs', -1, 'svc.chain_timeout_secs must be between 0 and 4294967295 (got -1)'],
      ['svc.reliability_level', 'max', 'svc.reliability_level must be one of standard, high, critical (got "max")'],
      ['svc.output_verification', 'all', 'svc.output_verification must be one of none, native, schema, cross_model (got "all")'],
      ['svc.intelligence_mode', 'max', 'svc.intelligence_mode must be one of proxy, cache, full (got "max")'],
      ['svc.enable_cache', 'no', 'svc.enable_cache must be a boolean (got string)'],
    ]));

  test('a metadata value that is not a string is named by its key', () => {
    const error = refusal(() => parseChatRequest({ ...chatBase, metadata: { trace: 1 } }));
    assert.equal(error.param, 'metadata.trace');
    assert.equal(error.message, 'metadata.trace must be a string (got number)');
  });

  test('preference_dial is clamped, never refused; an invalid chain_id is ignored (spec)', () => {
    const parsed = parseChatRequest({ ...chatBase, routing_hints: { preference_dial: 7 }, svc: { chain_id: 'not-a-uuid' } });
    assert.equal(parsed.routingHints?.preference_dial, 1);
    assert.equal(parsed.svc.chain_id, undefined);
  });

  test('null means not given; a refusal names the exact element', () => {
    const parsed = parseChatRequest({ ...chatBase, temperature: null, tools: null });
    assert.equal('temperature' in parsed.request, false);
    const error = refusal(() => parseChatRequest({ ...chatBase, messages: [{ role: 'user', content: 'x' }, { role: 'user', content: [{ type: 'text', text: 3 }] }] }));
    assert.equal(error.param, 'messages[1].content[0].text');
  });
});

describe('the other endpoints', () => {
  test('completions (spec 4.2): ranges, stream refused', () =>
    assertRows((body) => parseCompletionsRequest(body), { model: 'gpt-4o-mini', prompt: 'x' }, [
      ['temperature', 3, 'temperature must be between 0 and 2 (got 3)'],
      ['presence_penalty', -3, 'presence_penalty must be between -2 and 2 (got -3)'],
      ['stream', true, 'stream is not supported on /v1/completions (the legacy endpoint answers whole); use /v1/chat/completions to stream'],
      ['logprobs', 6, 'logprobs must be between 0 and 5 (got 6)'],
    ]));

  test('embeddings (spec 4.4): empty input refused', () =>
    assertRows((body) => parseEmbeddingsRequest(body), { model: 'text-embedding-3-small', input: 'x' }, [
      ['input', '', 'input must not be an empty string'],
      ['input', [], 'input must not be an empty array'],
      ['dimensions', 0, 'dimensions must be between 1 and 65536 (got 0)'],
      ['encoding_format', 'int8', 'encoding_format must be one of float, base64 (got "int8")'],
    ]));

  test('moderations (spec 4.5): a missing input is a 400', () => {
    assert.equal(refusal(() => parseModerationRequest({}, 'openai/omni-moderation-latest')).message, 'input is required');
  });

  test('responses (spec 4.3): ranges and content parts', async () => {
    const context = { earlierConversation: async () => [] };
    const refused = async (body: Record<string, unknown>) => {
      try {
        await parseResponsesRequest({ model: 'gpt-4o-mini', input: 'x', ...body }, context);
      } catch (error) {
        return error as GatewayError;
      }
      assert.fail('expected a 400');
    };
    assert.equal((await refused({ temperature: 2.5 })).message, 'temperature must be between 0 and 2 (got 2.5)');
    assert.equal((await refused({ max_output_tokens: 0 })).param, 'max_output_tokens');
    assert.equal((await refused({ reasoning: { effort: 'huge' } })).param, 'reasoning.effort');
    const part = await refused({ input: [{ role: 'user', content: [{ type: 'input_file', file_id: 'f' }] }] });
    assert.equal(part.message, 'input[0].content[0].type "input_file" is not a supported content part; use input_text or input_image');
  });

  test('admin bodies: limits are positive integers, a budget is not negative, query numbers are read from text', () => {
    assertRows((body) => parseBody(orgLimitsBody, body), {}, [
      ['rpm', 0, 'rpm must be between 1 and 9007199254740991 (got 0)'],
      ['monthly_budget_usd', -1, 'monthly_budget_usd must be between 0 and 9007199254740991 (got -1)'],
    ]);
    assertRows((body) => parseBody(newKeyBody, body), { org_id: 'org_1' }, [['scopes', 'admin', 'scopes must be an array of strings']]);
    assert.deepEqual(parseBody(orgLimitsBody, { rpm: null }), { rpm: null });
    assert.equal(parseBody(auditQuery, { limit: '50' }).limit, 50);
    assert.equal(refusal(() => parseBody(auditQuery, { limit: '5000' })).message, 'limit must be between 1 and 1000 (got 5000)');
  });
});

describe('accepted but not applied: a warning each, never silence', () => {
  test('chat: svc, routing_hints and routing_override options svc does not act on', () => {
    const { warnings } = parseChatRequest({
      ...chatBase,
      svc: { enable_speculation: true, compress_context: true, cache_ttl_secs: 60, enable_tool_reranking: true, voice_mode: 'true', enable_cache: true },
      routing_hints: { max_cost_per_token: 0.001, max_latency_ms: 500, mode: 'fast' },
      routing_override: { force_provider: 'groq' },
    });
    assert.deepEqual(warnings, [
      'svc.enable_speculation is accepted but has no effect',
      'svc.cache_ttl_secs is accepted but has no effect',
      'svc.compress_context is accepted but has no effect',
      'svc.voice_mode is accepted but has no effect',
      'svc.enable_tool_reranking is accepted but has no effect',
      'routing_hints.max_cost_per_token is accepted but has no effect',
      'routing_override.force_provider is accepted but has no effect',
    ]);
  });

  test('a plain request gets no warning', () => {
    assert.deepEqual(parseChatRequest({ ...chatBase, svc: { enable_cache: false, reliability_level: 'high' } }).warnings, []);
  });

  test('responses: include, truncation, prompt_cache_key, text.verbosity, reasoning.summary', async () => {
    const parsed = await parseResponsesRequest(
      { model: 'gpt-4o-mini', input: 'x', include: ['reasoning.encrypted_content'], truncation: 'auto', prompt_cache_key: 'k', text: { verbosity: 'low' }, reasoning: { effort: 'low', summary: 'auto' } },
      { earlierConversation: async () => [] },
    );
    assert.deepEqual(parsed.warnings, [
      'include is accepted but has no effect',
      'truncation is accepted but has no effect',
      'prompt_cache_key is accepted but has no effect',
      'text.verbosity is accepted but has no effect',
      'reasoning.summary is accepted but has no effect',
    ]);
  });

  test('logit_bias takes token ids to a bias in [-100, 100], the refusal naming the key', () => {
    for (const parse of [parseChatRequest, (body: Record<string, unknown>) => parseCompletionsRequest({ ...body, prompt: 'x' })]) {
      for (const [bias, param, message] of [
        [{ abc: 5 }, 'logit_bias.abc', 'logit_bias.abc is not a token id (the keys of logit_bias are non-negative integers)'],
        [{ '-1': 5 }, 'logit_bias.-1', 'logit_bias.-1 is not a token id (the keys of logit_bias are non-negative integers)'],
        [{ '50256': 101 }, 'logit_bias.50256', 'logit_bias.50256 must be between -100 and 100 (got 101)'],
      ] as const) {
        const error = refusal(() => parse({ ...chatBase, logit_bias: bias }));
        assert.equal(error.param, param);
        assert.equal(error.message, message);
      }
    }
    assert.doesNotThrow(() => parseChatRequest({ ...chatBase, logit_bias: { '50256': -100, '15': 2.5 } }));
  });

  test("metadata within OpenAI's bounds (16 pairs, keys of 64 characters, values of 512) and a conversation id as long as a value", async () => {
    const pairs = Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`k${index}`, 'v']));
    // Each parser gives back the metadata it accepted.
    const parsers = [
      async (metadata: unknown) => parseChatRequest({ ...chatBase, metadata }).request.metadata,
      async (metadata: unknown) => (await parseResponsesRequest({ model: 'gpt-4o-mini', input: 'x', metadata }, { earlierConversation: async () => [] })).options?.metadata,
    ];
    for (const parse of parsers) {
      for (const [metadata, param, message] of [
        [pairs, 'metadata', 'metadata must have at most 16 pairs (got 17)'],
        [{ ['k'.repeat(65)]: 'v' }, `metadata.${'k'.repeat(65)}`, `metadata.${'k'.repeat(65)} must be at most 64 characters long (got 65)`],
        [{ run: 'v'.repeat(513) }, 'metadata.run', 'metadata.run must be at most 512 characters long (got 513)'],
      ] as const) {
        await assert.rejects(parse(metadata), (error: GatewayError) => error.param === param && error.message === message);
      }
      const atTheBounds = { ...Object.fromEntries(Object.entries(pairs).slice(2)), ['k'.repeat(64)]: 'v'.repeat(512) };
      assert.deepEqual(await parse(atTheBounds), atTheBounds, '16 pairs, a 64-character key and a 512-character value are accepted');
    }
    const long = refusal(() => parseChatRequest({ ...chatBase, svc: { conversation_id: 'c'.repeat(513) } }));
    assert.equal(long.param, 'svc.conversation_id');
    assert.equal(long.message, 'svc.conversation_id must be at most 512 characters long (got 513)');
    assert.equal(parseChatRequest({ ...chatBase, svc: { conversation_id: 'c'.repeat(512) } }).svc.conversation_id?.length, 512);
  });

  test('completions: logit_bias, best_of and suffix', () => {
    assert.deepEqual(parseCompletionsRequest({ model: 'gpt-4o-mini', prompt: 'x', logit_bias: { '50256': -100 }, best_of: 2 }).warnings, [
      'best_of is accepted but has no effect',
      'logit_bias is accepted but has no effect',
    ]);
  });
});

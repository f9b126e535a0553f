import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatRequest } from '../../core/chat-types.js';
import { anthropicTarget, buildBody } from '../../../test/fixtures/anthropic-fixtures.js';
import { JSON_OBJECT_INSTRUCTION } from './convert-response-format.js';

const messages = [{ role: 'user' as const, content: 'hi' }];
const weatherTool = { type: 'function' as const, function: { name: 'weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };
const clockTool = { type: 'function' as const, function: { name: 'clock' } };

test('tools become {name, description, input_schema}; a tool without parameters gets an empty object schema', () => {
  const { body } = buildBody({ messages, tools: [weatherTool, clockTool] });
  assert.deepEqual(body.tools, [
    { name: 'weather', description: 'Weather by city', input_schema: { type: 'object', properties: { city: { type: 'string' } } } },
    { name: 'clock', input_schema: { type: 'object', properties: {} } },
  ]);
  assert.equal(body.tool_choice, undefined);
});

test('tool_choice and parallel_tool_calls map to Anthropic tool_choice', () => {
  const table: Array<[Partial<ChatRequest>, unknown]> = [
    [{ tool_choice: 'auto' }, { type: 'auto' }],
    [{ tool_choice: 'none' }, { type: 'none' }],
    [{ tool_choice: 'required' }, { type: 'any' }],
    [{ tool_choice: { type: 'function', function: { name: 'weather' } } }, { type: 'tool', name: 'weather' }],
    [{ parallel_tool_calls: false }, { type: 'auto', disable_parallel_tool_use: true }],
    [{ tool_choice: 'required', parallel_tool_calls: false }, { type: 'any', disable_parallel_tool_use: true }],
    [{ tool_choice: { type: 'function', function: { name: 'weather' } }, parallel_tool_calls: false }, { type: 'tool', name: 'weather', disable_parallel_tool_use: true }],
    [{ tool_choice: 'none', parallel_tool_calls: false }, { type: 'none' }],
    [{ parallel_tool_calls: true }, undefined],
  ];
  for (const [parameters, expected] of table) {
    const { body } = buildBody({ messages, tools: [weatherTool], ...parameters });
    assert.deepEqual(body.tool_choice, expected, JSON.stringify(parameters));
  }
});

test('tool_choice without tools is not sent (Anthropic would reject it)', () => {
  const { body, warnings } = buildBody({ messages, tool_choice: 'required' });
  assert.equal(body.tool_choice, undefined);
  assert.equal(warnings.length, 1);
});

test('a strict tool keeps strict with its schema reduced to what Anthropic enforces', () => {
  const strictTool = { type: 'function' as const, function: { name: 'pick', strict: true, parameters: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'] } } };
  const { body } = buildBody({ messages, tools: [strictTool] });
  assert.deepEqual(body.tools[0], {
    name: 'pick',
    strict: true,
    input_schema: { type: 'object', properties: { n: { type: 'integer', description: '{minimum: 1}' } }, additionalProperties: false, required: ['n'] },
  });
});

test('response_format json_schema becomes output_config.format with the schema closed', () => {
  const schema = { type: 'object', properties: { name: { type: 'string', minLength: 2 }, tags: { type: 'array', items: { type: 'string' } } }, required: ['name', 'tags'] };
  const { body, warnings } = buildBody({ messages, response_format: { type: 'json_schema', json_schema: { name: 'person', schema, strict: true } } });
  assert.deepEqual(body.output_config, {
    format: {
      type: 'json_schema',
      schema: {
        type: 'object',
        properties: { name: { type: 'string', description: '{minLength: 2}' }, tags: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
        required: ['name', 'tags'],
      },
    },
  });
  assert.equal(body.system, undefined);
  assert.deepEqual(warnings, []);
});

test('json_object has no Anthropic equivalent: an instruction to answer with one JSON object is added to the system prompt', () => {
  const { body } = buildBody({ messages: [{ role: 'system', content: 'Extract fields.' }, ...messages], response_format: { type: 'json_object' } });
  assert.equal(body.system, `Extract fields.\n\n${JSON_OBJECT_INSTRUCTION}`);
  assert.equal(body.output_config, undefined);
});

test('json_schema on a model without structured outputs is given as an instruction, with a warning', () => {
  const target = anthropicTarget({ capabilities: ['tools'] });
  const { body, warnings } = buildBody({ messages, response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object' } } } }, target);
  assert.equal(body.output_config, undefined);
  assert.match(body.system, /JSON Schema: \{"type":"object"\}/);
  assert.equal(warnings.length, 1);
});

test('temperature above Anthropic’s maximum of 1 is clamped with a warning; values in range pass', () => {
  const clamped = buildBody({ messages, temperature: 1.7 });
  assert.equal(clamped.body.temperature, 1);
  assert.deepEqual(clamped.warnings, ['temperature 1.7 was clamped to 1: Anthropic accepts 0 to 1']);
  const kept = buildBody({ messages, temperature: 0.3 });
  assert.equal(kept.body.temperature, 0.3);
  assert.deepEqual(kept.warnings, []);
});

test('top_p passes alone; beside temperature it is dropped, since Claude models take only one of them', () => {
  assert.equal(buildBody({ messages, top_p: 0.9 }).body.top_p, 0.9);
  const both = buildBody({ messages, temperature: 0.5, top_p: 0.9 });
  assert.equal(both.body.temperature, 0.5);
  assert.equal(both.body.top_p, undefined);
  assert.equal(both.warnings.length, 1);
});

test('parameters Anthropic cannot express are not sent, each with a warning', () => {
  const { body, warnings } = buildBody({
    messages,
    n: 3,
    frequency_penalty: 0.5,
    presence_penalty: -0.5,
    seed: 42,
    logprobs: true,
    top_logprobs: 2,
    logit_bias: { '50256': -100 },
    extra: { modalities: ['text'] },
  });
  for (const field of ['n', 'frequency_penalty', 'presence_penalty', 'seed', 'logprobs', 'top_logprobs', 'logit_bias', 'modalities']) {
    assert.equal(body[field], undefined, field);
  }
  for (const word of ['n=3', 'frequency_penalty', 'presence_penalty', 'seed', 'logprobs', 'logit_bias', 'modalities']) {
    assert.ok(warnings.some((warning) => warning.includes(word)), `a warning names ${word}`);
  }
  assert.equal(warnings.length, 7);
});

test('parameters at their neutral value draw no warning', () => {
  const { warnings } = buildBody({ messages, n: 1, frequency_penalty: 0, presence_penalty: 0, logprobs: false, logit_bias: {} });
  assert.deepEqual(warnings, []);
});

test('stop becomes stop_sequences; whitespace-only sequences are dropped with a warning', () => {
  assert.deepEqual(buildBody({ messages, stop: 'END' }).body.stop_sequences, ['END']);
  const { body, warnings } = buildBody({ messages, stop: ['\n\n', 'Human:', ''] });
  assert.deepEqual(body.stop_sequences, ['Human:']);
  assert.equal(warnings.length, 1);
});

test('user becomes metadata.user_id; service_tier default becomes standard_only', () => {
  const { body } = buildBody({ messages, user: 'user-123', service_tier: 'default' });
  assert.deepEqual(body.metadata, { user_id: 'user-123' });
  assert.equal(body.service_tier, 'standard_only');
});

test('max_tokens is required by Anthropic: 4096 when absent, the caller’s value otherwise', () => {
  assert.equal(buildBody({ messages }).body.max_tokens, 4096);
  assert.equal(buildBody({ messages, max_tokens: 300 }).body.max_tokens, 300);
});

test("without the caller's max_tokens, the model's max_output_tokens from the catalog is sent (with thinking too)", () => {
  const target = anthropicTarget({ maxOutputTokens: 64000 });
  assert.equal(buildBody({ messages }, target).body.max_tokens, 64000);
  const thinking = buildBody({ messages, reasoning_effort: 'high' }, target).body;
  assert.deepEqual([thinking.max_tokens, thinking.thinking?.budget_tokens], [64000, 16384]);
  assert.equal(buildBody({ messages, max_tokens: 300 }, target).body.max_tokens, 300);
});

test('the catalog gives every Anthropic chat model its max_output_tokens', async () => {
  const { loadCatalog } = await import('../../catalog/catalog.js');
  const catalog = await loadCatalog();
  const claude = catalog.models.filter((model) => model.provider === 'anthropic' && model.type === 'chat');
  assert.ok(claude.length >= 5);
  // 64K for the 4.5 generation, 128K for Sonnet 4.6 and Opus 4.7 (Anthropic's model pages).
  assert.deepEqual(Object.fromEntries(claude.map((model) => [model.slug, model.max_output_tokens])), {
    'anthropic/claude-haiku-4-5': 64000,
    'anthropic/claude-sonnet-4-5': 64000,
    'anthropic/claude-sonnet-4-6': 128000,
    'anthropic/claude-opus-4-5': 64000,
    'anthropic/claude-opus-4-7': 128000,
  });
});

test('reasoning_effort becomes a thinking budget, with max_tokens above it', () => {
  const table: Array<[ChatRequest['reasoning_effort'], number | undefined]> = [
    ['none', undefined],
    ['minimal', undefined],
    ['low', 1024],
    ['medium', 4096],
    ['high', 16384],
  ];
  for (const [effort, budget] of table) {
    const { body } = buildBody({ messages, reasoning_effort: effort });
    assert.deepEqual(body.thinking, budget === undefined ? undefined : { type: 'enabled', budget_tokens: budget }, String(effort));
    assert.equal(body.max_tokens, (budget ?? 0) + 4096, String(effort));
  }
});

test('with thinking, temperature is dropped with a warning (Anthropic requires it unset)', () => {
  const { body, warnings } = buildBody({ messages, reasoning_effort: 'medium', temperature: 0.2 });
  assert.equal(body.temperature, undefined);
  assert.equal(warnings.length, 1);
});

test('a small max_tokens shrinks the thinking budget, or turns thinking off below Anthropic’s minimum', () => {
  const shrunk = buildBody({ messages, reasoning_effort: 'high', max_tokens: 6000 });
  assert.deepEqual(shrunk.body.thinking, { type: 'enabled', budget_tokens: 3000 });
  assert.equal(shrunk.body.max_tokens, 6000);
  const off = buildBody({ messages, reasoning_effort: 'low', max_tokens: 1500 });
  assert.equal(off.body.thinking, undefined);
  assert.equal(off.body.max_tokens, 1500);
  assert.equal(off.warnings.length, 1);
});

test('thinking is left off where Anthropic would reject it: forced tool choice, tool round trip in progress', () => {
  const forced = buildBody({ messages, tools: [weatherTool], tool_choice: 'required', reasoning_effort: 'low' });
  assert.equal(forced.body.thinking, undefined);
  assert.equal(forced.warnings.length, 1);
  const roundTrip = buildBody({
    messages: [
      ...messages,
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    ],
    tools: [weatherTool],
    reasoning_effort: 'low',
  });
  assert.equal(roundTrip.body.thinking, undefined);
  assert.equal(roundTrip.warnings.length, 1);
});

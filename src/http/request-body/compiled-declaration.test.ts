import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { seededMutations } from '../../../test/support/random-mutations.js';
import { chatRequestSchema } from '../../routes/chat/chat-request-schema.js';
import { completionsRequestSchema } from '../../routes/completions/completions-request-schema.js';
import { responsesRequestSchema, messageItemSchema } from '../../routes/responses/responses-request-schema.js';
import { embeddingsRequestSchema } from '../../routes/embeddings/embeddings-request-schema.js';
import { messagesRequestSchema } from '../../routes/messages/messages-request-schema.js';
import { speechRequestSchema } from '../../routes/audio/speech-request.js';
import { newKeyBody, orgLimitsBody, orgPolicyBody, usageQuery } from '../../routes/admin/admin-schemas.js';
import { parseCompiled } from './compiled-declaration.js';

/**
 * The compiled declaration must be zod, only faster: whatever zod accepts it accepts with the very value zod builds
 * (keys in the same order), or leaves to zod; whatever zod refuses it never accepts. Checked on valid bodies of each
 * endpoint and on thousands of seeded mutations of them (fields dropped, added, or replaced by hostile values).
 */

const weatherTool = { type: 'function', function: { name: 'weather', description: 'Weather now', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: true } };
const toolRoundTrip = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: [{ type: 'text', text: 'weather in Paris?' }, { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } }] },
  { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }] },
  { role: 'tool', tool_call_id: 'call_1', content: 'sunny, 21 C', name: 'weather' },
];

const declarations: Array<{ name: string; schema: z.ZodType; bodies: unknown[] }> = [
  {
    name: 'chat completions',
    schema: chatRequestSchema,
    bodies: [
      { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'stream to me' }] },
      { model: 'auto', messages: toolRoundTrip, tools: [weatherTool], tool_choice: { type: 'function', function: { name: 'weather' } }, parallel_tool_calls: false },
      {
        model: 'gpt-4o', messages: [{ role: 'developer', content: 'x' }, { role: 'user', content: 'y' }], temperature: 0.2, top_p: 1, n: 2, max_tokens: 50, max_completion_tokens: 60,
        stop: ['\n'], seed: -3, user: 'u1', logprobs: true, top_logprobs: 3, logit_bias: { '50256': -100 }, reasoning_effort: 'low', service_tier: 'auto', metadata: { team: 'a' },
        response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' }, strict: true } }, stream_options: { include_usage: true },
        routing_hints: { mode: 'fast', preference_dial: 0.3, max_tier: 2 }, routing_override: { force_tier: 'T3' }, svc: { conversation_id: 'c1', enable_cache: false },
        frequency_penalty: -1, presence_penalty: 2, top_k: 40, modalities: ['text'], unknown_field: 1,
      },
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], functions: [weatherTool.function], function_call: { name: 'weather' }, temperature: null, stop: null },
      { model: 'gpt-4o-mini', messages: [{ role: 'assistant', content: null, refusal: 'no' }, { role: 'user', content: 'why' }] },
    ],
  },
  { name: 'legacy completions', schema: completionsRequestSchema, bodies: [{ model: 'gpt-4o-mini', prompt: 'hi', max_tokens: 5, echo: true, suffix: 'x', best_of: 1, logprobs: 2 }, { model: 'gpt-4o-mini', prompt: ['a', 'b'], stream: false, temperature: 0 }] },
  {
    name: 'responses',
    schema: responsesRequestSchema,
    bodies: [
      { model: 'gpt-4o-mini', input: 'hi', stream: true, text: { format: { type: 'text' } } },
      { model: 'gpt-4o-mini', input: [{ role: 'user', content: 'hi' }, { type: 'function_call_output', call_id: 'c', output: 'ok' }], instructions: 'Be brief.', tools: [{ type: 'function', name: 'weather', parameters: { type: 'object' } }], previous_response_id: 'resp_1', max_output_tokens: 100, store: false },
    ],
  },
  { name: 'a Responses input message', schema: messageItemSchema, bodies: [{ role: 'user', content: [{ type: 'input_text', text: 'hi' }] }, { type: 'message', role: 'assistant', content: 'done' }] },
  { name: 'embeddings', schema: embeddingsRequestSchema, bodies: [{ model: 'text-embedding-3-small', input: ['a', 'b'], encoding_format: 'base64', dimensions: 256 }, { model: 'text-embedding-3-small', input: 'a', user: 'u' }] },
  { name: 'Anthropic messages', schema: messagesRequestSchema, bodies: [{ model: 'claude-haiku-4-5', max_tokens: 10, system: [{ type: 'text', text: 'Be brief.' }], messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: [{ type: 'text', text: 'hello' }] }], stream: true, temperature: 0.5, tools: [{ name: 'w', input_schema: { type: 'object' } }] }] },
  { name: 'speech', schema: speechRequestSchema, bodies: [{ model: 'tts-1', input: 'hello', voice: 'alloy', speed: 1.5, response_format: 'mp3' }] },
  { name: 'an admin key', schema: newKeyBody, bodies: [{ org_id: 'org_1', name: 'ci', scopes: ['chat', 'embeddings'], rpm_limit: 60, monthly_budget_usd: 12.5, expires_at: '2027-01-01' }] },
  { name: "an org's limits", schema: orgLimitsBody, bodies: [{ rpm: 10, tpm: 1000, monthly_tokens: 5, monthly_budget_usd: 3 }] },
  { name: "an org's policy", schema: orgPolicyBody, bodies: [{ redact_pii: true, audit_prompts: false }] },
  { name: 'a usage query', schema: usageQuery, bodies: [{ from: '2026-01-01', to: '2026-02-01', org_id: 'o', limit: '10' }] },
];

const memberNames = ['model', 'messages', 'role', 'content', 'input', 'stream', 'tools', 'type', 'function', 'name', 'text', 'svc', 'metadata', 'max_tokens', 'temperature', '__proto__', 'constructor', 'toString'];

/** Equal as JSON is, and with every object's keys in the same order. */
function assertSameValue(actual: unknown, expected: unknown, where: string): void {
  assert.deepStrictEqual(actual, expected, where);
  assert.equal(JSON.stringify(actual), JSON.stringify(expected), `${where}: keys in another order`);
}

function assertLikeZod(schema: z.ZodType, body: unknown, where: string): boolean {
  const zod = schema.safeParse(body);
  const compiled = parseCompiled(schema, body);
  if (!zod.success) {
    assert.equal(compiled, undefined, `${where}: zod refuses ${JSON.stringify(body)?.slice(0, 300)}, the compiled declaration accepted it`);
    return false;
  }
  assert.ok(compiled, `${where}: zod accepts ${JSON.stringify(body)?.slice(0, 300)}, the compiled declaration did not`);
  assertSameValue(compiled.value, zod.data, where);
  return true;
}

test('on valid bodies of every endpoint, the compiled declaration builds the very value zod builds', () => {
  for (const { name, schema, bodies } of declarations) {
    for (const [index, body] of bodies.entries()) assert.ok(assertLikeZod(schema, body, `${name} #${index}`), `${name} #${index} is a valid body: ${JSON.stringify(schema.safeParse(body).error?.issues)}`);
  }
});

test('on thousands of mutated bodies, it accepts exactly what zod accepts, with the same value', () => {
  let accepted = 0;
  let refused = 0;
  for (const { name, schema, bodies } of declarations) {
    for (let seed = 1; seed <= 300; seed++) {
      const mutations = seededMutations(seed);
      let body = mutations.pick(bodies);
      const rounds = 1 + Math.floor(mutations.next() * 3);
      for (let round = 0; round < rounds; round++) body = mutations.mutate(body, memberNames);
      // Mutations share structure with the seed bodies: parse a copy, as a request's body is its own.
      const copy = JSON.parse(JSON.stringify(body) ?? 'null') as unknown;
      if (assertLikeZod(schema, copy, `${name}, seed ${seed}`)) accepted++;
      else refused++;
    }
  }
  // Both sides of the equivalence were exercised.
  assert.ok(accepted > 300 && refused > 300, `accepted ${accepted}, refused ${refused}`);
});

test("a chat body is judged by the compiled declaration, not handed whole to zod's parser", () => {
  const root = (chatRequestSchema as unknown as { _zod: { run: unknown } })._zod;
  const run = root.run;
  root.run = () => {
    throw new Error("zod's parser was called for the whole chat body");
  };
  try {
    const parsed = parseCompiled(chatRequestSchema, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true, temperature: 0.5 });
    assert.deepEqual(parsed?.value, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true, temperature: 0.5 });
  } finally {
    root.run = run;
  }
});

test('a refinement of a field still holds: a blank model, a temperature past 2 and a tool message without its call id are left to zod', () => {
  for (const body of [
    { model: ' ', messages: [{ role: 'user', content: 'hi' }] },
    { model: 'm', messages: [{ role: 'user', content: 'hi' }], temperature: 2.5 },
    { model: 'm', messages: [{ role: 'tool', content: 'x' }] },
    { model: 'm', messages: [] },
    { model: 'm', messages: [{ role: 'user', content: 'hi' }], n: 1.5 },
  ]) {
    assert.equal(parseCompiled(chatRequestSchema, body), undefined, JSON.stringify(body));
    assert.equal(chatRequestSchema.safeParse(body).success, false, JSON.stringify(body));
  }
});

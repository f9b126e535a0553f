/**
 * `npx tsx bench/parse.ts [--iterations N]` (`npm run bench:parse`): the cost of the parse step of
 * /v1/chat/completions — the body (already JSON-decoded) to the canonical request, validation included — per
 * request, in µs, on three bodies: the benchmark's one-line chat, a typical agent turn (system prompt, history,
 * two tools, JSON schema output, svc options) and a 40-message conversation. Beside it, for the choice of
 * validator, an ajv-compiled JSON Schema of the same body (what TypeBox produces and compiles): ajv only checks,
 * it builds no canonical request, so its figure is a floor for "validate with ajv, then build".
 */
import { parseArgs } from 'node:util';
import { Ajv } from 'ajv';
import { parseChatRequest } from '../src/routes/chat/parse-chat-request.js';

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '100000' } } });
const iterations = Number(values.iterations);

const weatherTool = { type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };
const bodies: Record<string, unknown> = {
  'one-line chat': { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'benchmark' }] },
  'agent turn': {
    model: 'auto',
    messages: [
      { role: 'system', content: 'You are a helpful assistant that answers in JSON.' },
      { role: 'user', content: 'What is the weather in Rome?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temp": 21}' },
      { role: 'user', content: [{ type: 'text', text: 'And in Paris?' }, { type: 'image_url', image_url: { url: 'https://example.com/paris.png' } }] },
    ],
    tools: [weatherTool, { ...weatherTool, function: { ...weatherTool.function, name: 'get_time' } }],
    tool_choice: 'auto',
    temperature: 0.2,
    max_tokens: 400,
    response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object', properties: { temp: { type: 'number' } } }, strict: true } },
    stream: true,
    stream_options: { include_usage: true },
    routing_hints: { mode: 'balanced', max_tier: 2 },
    svc: { intelligence_mode: 'cache', reliability_level: 'high' },
    metadata: { trace: 'abc' },
  },
  '40-message conversation': {
    model: 'gpt-4o-mini',
    messages: Array.from({ length: 40 }, (_, index) => ({ role: index % 2 === 0 ? 'user' : 'assistant', content: `turn ${index}: ${'some words '.repeat(20)}` })),
  },
};

/** The chat body as a JSON Schema: the same fields, types and ranges (what a TypeBox declaration compiles to). */
const message = {
  type: 'object',
  required: ['role'],
  properties: {
    role: { enum: ['system', 'developer', 'user', 'assistant', 'tool', 'function'] },
    content: { anyOf: [{ type: 'string' }, { type: 'null' }, { type: 'array', items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } }] },
    name: { type: 'string', pattern: '^[^\\u0000-\\u001f\\u007f]{1,256}$' },
    tool_call_id: { type: 'string' },
    tool_calls: { type: 'array', items: { type: 'object', required: ['id', 'function'], properties: { id: { type: 'string' }, function: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, arguments: { type: 'string' } } } } } },
  },
};
const chatSchema = {
  type: 'object',
  required: ['model', 'messages'],
  properties: {
    model: { type: 'string', minLength: 1 },
    messages: { type: 'array', minItems: 1, items: message },
    stream: { type: 'boolean' },
    stream_options: { type: 'object', properties: { include_usage: { type: 'boolean' } } },
    n: { type: 'integer', minimum: 1, maximum: 8 },
    max_tokens: { type: 'integer', minimum: 1 },
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    top_p: { type: 'number', minimum: 0, maximum: 1 },
    frequency_penalty: { type: 'number', minimum: -2, maximum: 2 },
    presence_penalty: { type: 'number', minimum: -2, maximum: 2 },
    stop: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    tools: { type: 'array', items: { type: 'object', required: ['type', 'function'], properties: { type: { const: 'function' }, function: { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' }, description: { type: 'string' }, parameters: { type: 'object' }, strict: { type: 'boolean' } } } } } },
    tool_choice: { anyOf: [{ enum: ['none', 'auto', 'required'] }, { type: 'object' }] },
    response_format: { type: 'object', required: ['type'], properties: { type: { enum: ['text', 'json_object', 'json_schema'] } } },
    seed: { type: 'integer' },
    top_logprobs: { type: 'integer', minimum: 0, maximum: 20 },
    metadata: { type: 'object', additionalProperties: { type: 'string' } },
    routing_hints: { type: 'object', properties: { mode: { enum: ['fast', 'balanced', 'quality', 'cost_optimized', 'free_models_only'] }, max_tier: { type: 'integer', minimum: 1, maximum: 3 } } },
    svc: { type: 'object', properties: { intelligence_mode: { enum: ['proxy', 'cache', 'full'] }, reliability_level: { enum: ['standard', 'high', 'critical'] } } },
  },
};
const validate = new Ajv({ allErrors: false }).compile(chatSchema);

function microsecondsPer(run: () => void): number {
  for (let index = 0; index < Math.min(20_000, iterations); index++) run(); // warm-up
  const started = process.hrtime.bigint();
  for (let index = 0; index < iterations; index++) run();
  return Number(process.hrtime.bigint() - started) / 1000 / iterations;
}

const rows: string[] = [];
for (const [name, body] of Object.entries(bodies)) {
  let sink = 0;
  const svc = microsecondsPer(() => (sink += parseChatRequest(body).request.messages.length));
  const ajv = microsecondsPer(() => (sink += validate(body) ? 1 : 0));
  if (!validate(body)) throw new Error(`the ajv schema refuses the ${name} body: ${JSON.stringify(validate.errors)}`);
  rows.push(`${name.padEnd(26)} ${svc.toFixed(2).padStart(10)} ${ajv.toFixed(2).padStart(12)}   (${sink > 0 ? 'ok' : ''})`);
}
process.stdout.write(`chat body parse, µs per request (${iterations} iterations, node ${process.version})\n`);
process.stdout.write(`${'body'.padEnd(26)} ${'svc parse'.padStart(10)} ${'ajv check'.padStart(12)}\n${rows.join('\n')}\n`);

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { seededMutations } from '../support/random-mutations.js';
import { assertStillWell, providerRefused } from '../support/answer-faults.js';
import { gatewayForSuite, testMasterKey } from '../support/test-gateway.js';

/**
 * Nothing a caller sends may crash svc or slip past its checks to a provider. Valid bodies of every JSON endpoint
 * are mutated at random — fields dropped, added, or replaced by hostile values (nulls, huge and negative numbers,
 * lone surrogates, NUL, nested arrays, `constructor` keys) — and sent in each intelligence mode. Each answer must be
 * a success, or a 4xx that svc wrote itself in the spec's envelope: never a 5xx, and never the provider's refusal of
 * what svc forwarded (the mock upstream refuses what the real APIs refuse, so such a refusal means svc sent a body
 * it should have refused itself). The generator is seeded: a failure names the seed and the body, and replays.
 */
describe('bodies mutated at random get a success or svc\'s own 4xx, never a 5xx', () => {
  const harness = gatewayForSuite();

  const weatherTool = { type: 'function', function: { name: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };
  const toolRoundTrip = [
    { role: 'user', content: 'weather in Paris?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: 'sunny, 21 C' },
  ];
  const tinyPng = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const anthropicDialect = { 'x-api-key': testMasterKey, 'anthropic-version': '2023-06-01', authorization: '' };
  const valid: Array<{ path: string; body: Record<string, unknown>; headers?: Record<string, string> }> = [
    { path: '/v1/chat/completions', body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] } },
    {
      path: '/v1/chat/completions',
      body: {
        model: 'auto',
        messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }],
        tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } } } } }],
        svc: { conversation_id: 'fuzz-conversation' },
      },
    },
    { path: '/v1/chat/completions', body: { model: 'anthropic/claude-haiku-4-5', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], stream: true, response_format: { type: 'json_object' } } },
    { path: '/v1/chat/completions', body: { model: 'gemini/gemini-2.5-flash', messages: [{ role: 'user', content: 'hi' }], stop: ['x'], max_tokens: 20 } },
    { path: '/v1/completions', body: { model: 'gpt-4o-mini', prompt: 'hi', max_tokens: 5 } },
    { path: '/v1/responses', body: { model: 'gpt-4o-mini', input: [{ role: 'user', content: 'hi' }], instructions: 'Be brief.' } },
    { path: '/v1/responses', body: { model: 'gpt-4o-mini', input: 'hi', stream: true, text: { format: { type: 'text' } } } },
    { path: '/v1/embeddings', body: { model: 'text-embedding-3-small', input: ['a', 'b'] } },
    { path: '/v1/moderations', body: { input: 'hi' } },
    { path: '/v1/messages', body: { model: 'claude-haiku-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }, headers: anthropicDialect },
    // A tool's round trip, an image and a system prompt through each adapter's converters (added 2026-12-03).
    { path: '/v1/chat/completions', body: { model: 'anthropic/claude-haiku-4-5', messages: toolRoundTrip, tools: [weatherTool], tool_choice: 'auto' } },
    { path: '/v1/chat/completions', body: { model: 'gemini/gemini-2.5-flash', messages: toolRoundTrip, tools: [weatherTool], parallel_tool_calls: true } },
    { path: '/v1/chat/completions', body: { model: 'gemini/gemini-2.5-flash', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: [{ type: 'text', text: 'what is it?' }, { type: 'image_url', image_url: { url: tinyPng } }] }], response_format: { type: 'json_object' } } },
    { path: '/v1/chat/completions', body: { model: 'groq/llama-3.3-70b-versatile', messages: toolRoundTrip, tools: [weatherTool], temperature: 0.5, stream: true } },
    {
      path: '/v1/responses',
      body: {
        model: 'anthropic/claude-haiku-4-5',
        input: [{ role: 'user', content: 'weather?' }, { type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' }, { type: 'function_call_output', call_id: 'call_1', output: 'sunny' }],
        tools: [{ type: 'function', name: 'weather', parameters: weatherTool.function.parameters }],
      },
    },
    { path: '/v1/messages', body: { model: 'gpt-4o-mini', max_tokens: 10, system: 'Be brief.', messages: [{ role: 'user', content: 'weather?' }], tools: [{ name: 'weather', input_schema: weatherTool.function.parameters }] }, headers: anthropicDialect },
    { path: '/v1/audio/speech', body: { model: 'tts-1', input: 'hi', voice: 'alloy' } },
    { path: '/v1/audio/speech', body: { model: 'deepgram/aura-2', input: 'hi', voice: 'alloy', response_format: 'wav' } },
    { path: '/v1/audio/speech', body: { model: 'elevenlabs/eleven_flash_v2_5', input: 'hi', voice: 'nova', speed: 1.1 } },
    { path: '/v1/audio/speech', body: { model: 'cartesia/sonic-2', input: 'hi', voice: 'alloy', response_format: 'mp3' } },
    { path: '/v1/voice/synthesize', body: { text: 'Hi', model: 'elevenlabs/eleven_multilingual_v2', voice: 'JBFqnCBsd6RMkjVDRZzb', output_format: 'pcm' } },
  ];
  const fieldNames = ['model', 'messages', 'stream', 'svc', 'tools', 'tool_choice', 'max_tokens', 'temperature', 'routing_hints', 'routing_override', 'response_format', 'input', 'content', 'role', 'n', 'stop', 'x', 'tool_calls', 'tool_call_id', 'arguments', 'system', 'voice', 'image_url', 'call_id', 'output', 'text', 'speed', 'output_format', 'provider'];

  /** What is wrong with an answer, or undefined when it is a success or svc's own 4xx in the spec's envelope. */
  async function faultOf(response: Response, dialect: 'openai' | 'anthropic'): Promise<string | undefined> {
    const text = await response.text(); // a stream is read to its end: a crash mid-stream shows here
    if (response.status < 400) return undefined;
    if (response.status >= 500) return `HTTP ${response.status}: ${text.slice(0, 300)}`;
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      return `HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`;
    }
    const error = dialect === 'anthropic' ? (body?.type === 'error' ? body.error : undefined) : body?.error;
    if (typeof error?.message !== 'string' || typeof error?.type !== 'string') return `HTTP ${response.status} outside the error envelope: ${text.slice(0, 200)}`;
    if (dialect === 'openai' && (typeof error.code !== 'string' || !(error.param === null || typeof error.param === 'string'))) return `HTTP ${response.status} without code or param: ${text.slice(0, 200)}`;
    if (dialect === 'openai' && !response.headers.get('x-error-id')) return `HTTP ${response.status} without x-error-id`;
    // A voice id the account does not have is the account's data, not a shape svc could check before sending.
    if (providerRefused(error.message) && !/voice_id .* was not found/.test(error.message)) return `svc forwarded a body the provider refused: ${error.message.slice(0, 300)}`;
    return undefined;
  }

  test('every body mutated here is answered 200 as it stands, so that a mutation is what a refusal is about', async () => {
    for (const { path, body, headers } of valid) {
      const response = await harness.request(path, { body, headers });
      const text = await response.text();
      assert.equal(response.status, 200, `${path} ${JSON.stringify(body).slice(0, 120)}: ${text.slice(0, 300)}`);
    }
  });

  // Three seeds in every run; a deeper search by hand: SVC_FUZZ_SEEDS=4-200 node scripts/run-tests.mjs test/gateway/mutated-bodies.test.ts
  const [first, last] = (process.env.SVC_FUZZ_SEEDS ?? '1-3').split('-').map(Number);
  for (let seed = first; seed <= (last ?? first); seed++) {
    test(`seed ${seed}: 120 mutated bodies across the endpoints and modes`, async () => {
      const { next, pick, mutate } = seededMutations(seed);
      const faults: string[] = [];
      const logsBefore = harness.logLines.length;
      const statuses = new Map<number, number>();
      const send = async () => {
        const { path, body, headers } = pick(valid);
        let mutated: unknown = body;
        const rounds = 1 + Math.floor(next() * 3);
        for (let round = 0; round < rounds; round++) mutated = mutate(mutated, fieldNames);
        const mode = pick(['proxy', 'cache', 'full', undefined]);
        const text = JSON.stringify(mutated);
        const response = await harness.request(path, { body: text, headers: { ...(mode ? { 'x-intelligence-mode': mode } : {}), ...(headers ?? {}) } });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const fault = await faultOf(response, path === '/v1/messages' ? 'anthropic' : 'openai');
        if (fault) faults.push(`${path} (mode ${mode ?? 'default'}) ${text.slice(0, 300)}\n  → ${fault}`);
      };
      // Four at a time, in a fixed order of generation: the bodies depend on the seed alone.
      const bodies = 120;
      for (let sent = 0; sent < bodies; sent += 4) await Promise.all([send(), send(), send(), send()]);
      assert.deepEqual(faults, [], `seed ${seed}: ${faults.length} answers were not a success or svc's own 4xx`);
      // The mutations must reach both sides: some bodies pass, most are refused.
      assert.ok((statuses.get(200) ?? 0) > 0 && (statuses.get(400) ?? 0) > 0, JSON.stringify([...statuses]));
      await assertStillWell(harness, logsBefore);
    });
  }
});

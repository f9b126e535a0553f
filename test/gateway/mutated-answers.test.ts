import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertNoInternalError } from '../support/answer-faults.js';
import { seededMutations, type Mutations } from '../support/random-mutations.js';
import { wavTone } from '../support/audio-files.js';
import { gatewayForSuite, testMasterKey } from '../support/test-gateway.js';

/**
 * A provider's answer is input too. Valid answers of the three chat wires (OpenAI, Anthropic, Gemini), whole and
 * streamed, are mutated at random before the mock sends them — members dropped, added, or replaced by hostile
 * values — and svc must still answer in a shape the caller's SDK reads: a success whose choices and usage are
 * well-formed, or an error in the spec's envelope. Never a 500, never a broken stream, nothing logged at error
 * level. Seeded and sent one at a time, so a failure replays (SVC_FUZZ_SEEDS=a-b searches deeper by hand).
 */
describe('answers mutated at random reach the caller well-formed or as an error, never as a crash', () => {
  // Circuits never open here: a round of faulty answers would open a provider's circuit, and every later request to it
  // would be refused without reaching the mock — testing nothing (fuzzRound checks that every answer reached svc).
  const configDir = mkdtempSync(join(tmpdir(), 'svc-mutated-answers-'));
  writeFileSync(join(configDir, 'svc.yaml'), 'routing:\n  circuit_breaker: { minimum_calls: 1000000 }\n');
  after(() => rmSync(configDir, { recursive: true, force: true }));
  const harness = gatewayForSuite({ env: { SVC_CONFIG: join(configDir, 'svc.yaml') } });

  const targets = [
    { path: '/v1/chat/completions', model: 'gpt-4o-mini' },
    { path: '/v1/chat/completions', model: 'anthropic/claude-haiku-4-5' },
    { path: '/v1/chat/completions', model: 'gemini/gemini-2.5-flash' },
    { path: '/v1/responses', model: 'gpt-4o-mini' },
    { path: '/v1/messages', model: 'gpt-4o-mini' },
  ];
  const answerNames = ['choices', 'message', 'content', 'usage', 'delta', 'finish_reason', 'candidates', 'parts', 'text', 'type', 'index', 'id', 'model', 'role', 'tool_calls', 'stop_reason', 'error', 'prompt_tokens', 'output_tokens', 'usageMetadata'];

  const isCount = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

  /** What is wrong with svc's answer, or undefined. */
  function faultOf(status: number, text: string, path: string, stream: boolean): string | undefined {
    // A crash answers svc's generic 500; a provider's failure is a 502 for chat, a 500 naming the upstream for the
    // Responses API (spec 7).
    const crashed = status === 500 && (path === '/v1/chat/completions' || text.includes('"message":"Internal error"'));
    if (crashed || status > 504) return `HTTP ${status}: ${text.slice(0, 300)}`;
    if (status >= 400) {
      try {
        const parsed = JSON.parse(text);
        // The Messages API answers Anthropic's envelope: {type: "error", error: {type, message}}.
        if (path === '/v1/messages') return parsed.type === 'error' && typeof parsed.error?.type === 'string' && typeof parsed.error?.message === 'string' ? undefined : `HTTP ${status} outside Anthropic's error envelope: ${text.slice(0, 300)}`;
        const error = parsed.error;
        if (typeof error?.message === 'string' && typeof error?.type === 'string' && typeof error?.code === 'string') return undefined;
      } catch {
        // reported below
      }
      return `HTTP ${status} outside the error envelope: ${text.slice(0, 300)}`;
    }
    if (stream) {
      for (const line of text.split('\n')) {
        if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
        try {
          JSON.parse(line.slice(6));
        } catch {
          return `a stream line that is not JSON: ${line.slice(0, 200)}`;
        }
      }
      return undefined;
    }
    const body = JSON.parse(text);
    if (path === '/v1/messages') {
      if (body.type !== 'message' || !Array.isArray(body.content) || !isCount(body.usage?.input_tokens) || !isCount(body.usage?.output_tokens)) return `not an Anthropic message with counts: ${text.slice(0, 300)}`;
      return undefined;
    }
    if (path === '/v1/responses') {
      if (!Array.isArray(body.output) || !isCount(body.usage?.input_tokens) || !isCount(body.usage?.output_tokens)) return `a response without output or counts: ${text.slice(0, 300)}`;
      return undefined;
    }
    const choice = body.choices?.[0];
    if (choice?.message?.role !== 'assistant') return `a completion without an assistant message: ${text.slice(0, 300)}`;
    if (!(choice.message.content === null || typeof choice.message.content === 'string')) return `content neither text nor null: ${text.slice(0, 300)}`;
    if (!isCount(body.usage?.prompt_tokens) || !isCount(body.usage?.completion_tokens) || body.usage.total_tokens !== body.usage.prompt_tokens + body.usage.completion_tokens) return `usage not whole counts: ${JSON.stringify(body.usage)}`;
    return undefined;
  }

  test('cases the generator found: each is a 502 the SDK reads, or a success billed on estimated counts', async () => {
    // Anthropic: a stop_reason that is an object made the adapter throw a TypeError, answered as a 500.
    harness.mock.enqueueReply({ content: 'ok', alter: (answer) => ({ ...(answer as object), stop_reason: { toString: 1 } }) });
    const unreadable = await harness.request('/v1/chat/completions', { body: { model: 'anthropic/claude-haiku-4-5', messages: [{ role: 'user', content: 'hi' }] } });
    assert.equal(unreadable.status, 502);
    const { error } = (await unreadable.json()) as { error: { code: string; message: string } };
    assert.equal(error.code, 'provider_error');
    assert.match(error.message, /could not read the upstream answer/);
    // OpenAI: a usage without completion_tokens was billed as 0 output tokens; now the answer is counted (5 tokens of "The answer is 42.").
    harness.mock.enqueueReply({ content: 'The answer is 42.', usage: { input: 9, output: 5 }, alter: (answer) => ({ ...(answer as object), usage: { prompt_tokens: 9, total_tokens: 14 } }) });
    const uncounted = await harness.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'What is the answer?' }] } });
    assert.equal(uncounted.status, 200);
    const body = (await uncounted.json()) as { usage: { completion_tokens: number; total_tokens: number; prompt_tokens: number }; svc_metadata: { warnings?: string[] } };
    assert.ok(body.usage.completion_tokens > 0, JSON.stringify(body.usage));
    assert.equal(body.usage.total_tokens, body.usage.prompt_tokens + body.usage.completion_tokens);
    assert.match(body.svc_metadata.warnings?.join(' ') ?? '', /completion_tokens absent/);
  });

  /** What is wrong with an embeddings or moderation answer, or undefined. */
  function jsonFaultOf(status: number, text: string, path: string, inputs: number): string | undefined {
    if (status === 500 && text.includes('"message":"Internal error"')) return `HTTP 500: ${text.slice(0, 300)}`;
    if (status >= 400) return faultOf(status, text, path, false);
    const body = JSON.parse(text);
    if (path === '/v1/embeddings') {
      const vectors = body.data;
      if (!Array.isArray(vectors) || vectors.length !== inputs) return `not one vector an input: ${text.slice(0, 300)}`;
      for (const item of vectors) if (!Array.isArray(item.embedding) || !item.embedding.every((value: unknown) => typeof value === 'number' && Number.isFinite(value))) return `a vector that is not finite numbers: ${text.slice(0, 300)}`;
      if (!isCount(body.usage?.prompt_tokens)) return `usage not a count: ${JSON.stringify(body.usage)}`;
      return undefined;
    }
    if (!Array.isArray(body.results) || body.results.length !== inputs || !body.results.every((result: any) => typeof result?.flagged === 'boolean')) return `results not one verdict an input: ${text.slice(0, 300)}`;
    return undefined;
  }

  const jsonTargets = [
    { path: '/v1/embeddings', model: 'text-embedding-3-small', wire: 'openai/json' },
    { path: '/v1/embeddings', model: 'gemini/gemini-embedding-001', wire: 'gemini/json' },
    { path: '/v1/moderations', model: 'omni-moderation-latest', wire: 'openai/json' },
  ];
  const jsonNames = ['data', 'embedding', 'index', 'object', 'usage', 'prompt_tokens', 'embeddings', 'values', 'results', 'flagged', 'categories', 'category_scores'];

  type Alter = (rendered: unknown, eventIndex?: number) => unknown;

  /**
   * One seed's round of `count` answers. `sendOne` queues a reply whose alter it wraps in `track` and sends a request;
   * it returns a label and what is wrong with svc's answer, if anything. Every answer must have passed through the
   * mock's alter (else the round would test nothing), none may be faulty, and nothing may be logged at error level.
   */
  async function fuzzRound(seed: number, count: number, sendOne: (mutations: Mutations, track: (alter: Alter) => Alter) => Promise<{ label: string; fault?: string }>) {
    const mutations = seededMutations(seed);
    const faults: string[] = [];
    const logsBefore = harness.logLines.length;
    for (let index = 0; index < count; index++) {
      let reached = false;
      const altered: string[] = [];
      const track = (alter: Alter): Alter => (rendered, eventIndex) => {
        reached = true;
        const value = alter(rendered, eventIndex);
        if (value !== rendered) altered.push(JSON.stringify(value).slice(0, 400));
        return value;
      };
      const { label, fault } = await sendOne(mutations, track);
      harness.mock.reset();
      if (!reached) faults.push(`#${index} ${label}: the mock's answer never passed through alter`);
      else if (fault) faults.push(`#${index} ${label}: ${fault}\n  the provider sent: ${altered.join('\n  ')}`);
    }
    assert.deepEqual(faults, [], `seed ${seed}`);
    assertNoInternalError(harness, logsBefore);
  }

  const [first, last] = (process.env.SVC_FUZZ_SEEDS ?? '1-3').split('-').map(Number);
  for (let seed = first; seed <= (last ?? first); seed++) {
    test(`seed ${seed}: 24 mutated embeddings and moderation answers`, () =>
      fuzzRound(seed, 24, async ({ next, pick, mutate }, track) => {
        const target = pick(jsonTargets);
        const inputs = 1 + Math.floor(next() * 3);
        harness.mock.enqueueReply({ alter: track((answer) => mutate(answer, jsonNames)) }, { wire: target.wire });
        // Fresh inputs each time: a cached vector would not reach the upstream.
        const input = Array.from({ length: inputs }, (_, index) => `seed ${seed} text ${next()}.${index}`);
        const response = await harness.request(target.path, { body: { model: target.model, input }, headers: { 'x-intelligence-mode': 'proxy' } });
        return { label: `${target.model} ${target.path}`, fault: jsonFaultOf(response.status, await response.text(), target.path, inputs) };
      }));
  }

  const transcribers = [
    { model: 'whisper-1', wire: 'openai/audio', format: 'verbose_json' },
    { model: 'gpt-4o-mini-transcribe', wire: 'openai/audio', format: 'json' },
    { model: 'deepgram/nova-3', wire: 'deepgram/audio', format: 'json' },
    { model: 'elevenlabs/scribe_v2', wire: 'elevenlabs/audio', format: 'verbose_json' },
    { model: 'cartesia/ink-whisper', wire: 'cartesia/audio', format: 'json' },
  ];
  const transcriptNames = ['text', 'results', 'channels', 'alternatives', 'transcript', 'words', 'duration', 'usage', 'language_code', 'metadata', 'segments', 'start', 'end'];
  const wav = wavTone(1);

  /** What is wrong with a transcription answer, or undefined. */
  function transcriptFaultOf(status: number, text: string): string | undefined {
    if (status === 500 && text.includes('"message":"Internal error"')) return `HTTP 500: ${text.slice(0, 300)}`;
    if (status >= 400) return /^\{"error":\{"message":"[^"]/.test(text) ? undefined : `HTTP ${status} outside the error envelope: ${text.slice(0, 300)}`;
    return typeof JSON.parse(text).text === 'string' ? undefined : `a transcript without text: ${text.slice(0, 300)}`;
  }

  for (let seed = first; seed <= (last ?? first); seed++) {
    test(`seed ${seed}: 15 mutated transcription answers of the four audio providers`, () =>
      fuzzRound(seed, 15, async ({ pick, mutate }, track) => {
        const target = pick(transcribers);
        harness.mock.enqueueReply({ content: 'Hello there.', alter: track((answer) => mutate(answer, transcriptNames)) }, { wire: target.wire });
        const form = new FormData();
        form.set('model', target.model);
        form.set('response_format', target.format);
        form.set('file', new Blob([new Uint8Array(wav)]), 'tone.wav');
        const response = await fetch(`${harness.url}/v1/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${testMasterKey}`, 'x-intelligence-mode': 'proxy' }, body: form });
        return { label: target.model, fault: transcriptFaultOf(response.status, await response.text()) };
      }));
  }

  for (let seed = first; seed <= (last ?? first); seed++) {
    test(`seed ${seed}: 48 mutated answers across the wires, whole and streamed`, async () => {
      await fuzzRound(seed, 48, async ({ next, pick, mutate }, track) => {
        const target = pick(targets);
        const stream = next() < 0.5;
        const rounds = 1 + Math.floor(next() * 2);
        // A whole answer is mutated; a stream has some of its events mutated, the rest sent as rendered.
        const alter = track((rendered, eventIndex) => {
          if (eventIndex !== undefined && next() >= 0.3) return rendered;
          let value = rendered;
          for (let round = 0; round < rounds; round++) value = mutate(value, answerNames);
          return value;
        });
        harness.mock.enqueueReply({ content: 'The answer is 42.', usage: { input: 9, output: 5 }, alter });
        const question = [{ role: 'user', content: 'What is the answer?' }];
        const body = target.path === '/v1/responses' ? { model: target.model, input: 'What is the answer?', stream } : target.path === '/v1/messages' ? { model: target.model, max_tokens: 50, messages: question, stream } : { model: target.model, messages: question, stream };
        const dialect: Record<string, string> = target.path === '/v1/messages' ? { 'x-api-key': testMasterKey, 'anthropic-version': '2023-06-01', authorization: '' } : {};
        const response = await harness.request(target.path, { body, headers: { 'x-intelligence-mode': 'proxy', ...dialect } });
        return { label: `${target.model} ${target.path}${stream ? ' stream' : ''}`, fault: faultOf(response.status, await response.text(), target.path, stream) };
      });
      const after = await harness.request('/v1/chat/completions', { body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'still there?' }] } });
      assert.equal(after.status, 200);
      await after.arrayBuffer();
    });
  }
});

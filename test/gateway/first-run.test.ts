import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { expectError, postChat, writeConfigFile } from './gateway-test-helpers.js';
import { machineEnvironment } from './cli-helpers.js';

/** No provider key at all: what a fresh clone has. */
const noProviders = { OPENAI_API_KEY: undefined, GROQ_API_KEY: undefined, ANTHROPIC_API_KEY: undefined, GEMINI_API_KEY: undefined, DEEPGRAM_API_KEY: undefined, ELEVENLABS_API_KEY: undefined, CARTESIA_API_KEY: undefined };
const demoWarning = /^demo answer: no provider key is configured/;

describe('a first run with no provider key answers from the built-in demo provider', () => {
  let harness: TestGateway;
  before(async () => {
    harness = await startTestGateway({ env: noProviders });
  });
  after(() => harness.close());

  test('model auto: a chat answer that quotes the caller, marked as a demo in model, provider and warnings', async () => {
    const response = await postChat(harness, { model: 'auto', messages: [{ role: 'user', content: 'Hello there' }] });
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.model, 'svc-demo-chat');
    assert.match(body.choices[0].message.content, /demo provider.*You said: "Hello there"/);
    assert.equal(body.choices[0].finish_reason, 'stop');
    assert.equal(body.svc_metadata.provider, 'demo');
    assert.ok(body.svc_metadata.warnings.some((warning: string) => demoWarning.test(warning)));
    assert.equal(body.svc_metadata.cost_usd, 0);
    assert.equal(response.headers.get('x-svc-provider'), 'demo/svc-demo-chat');
    assert.ok(body.usage.prompt_tokens > 0 && body.usage.completion_tokens > 0);
  });

  test('the same request gets the same answer (deterministic)', async () => {
    const ask = async () => (await (await postChat(harness, { model: 'auto', messages: [{ role: 'user', content: 'Same question' }], svc: { enable_cache: false } })).json()).choices[0].message.content;
    assert.equal(await ask(), await ask());
  });

  test('a named model whose provider has no key is answered by the demo (the README snippets work)', async () => {
    const response = await postChat(harness, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] });
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.svc_metadata.provider, 'demo');
    assert.equal(body.svc_metadata.requested_model, 'gpt-4o-mini');
  });

  test('streams through the openai SDK, word by word, with usage', async () => {
    const stream = await harness.client().chat.completions.create({ model: 'auto', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Count to three' }] });
    let text = '';
    let contentChunks = 0;
    let usage;
    for await (const chunk of stream) {
      const piece = chunk.choices[0]?.delta?.content;
      if (piece) {
        text += piece;
        contentChunks++;
      }
      if (chunk.usage) usage = chunk.usage;
    }
    assert.match(text, /You said: "Count to three"/);
    assert.ok(contentChunks > 5, `only ${contentChunks} content chunks`);
    assert.ok(usage && usage.completion_tokens > 0);
  });

  test('JSON mode answers valid JSON; max_tokens cuts the answer with finish_reason length', async () => {
    const json = await (await postChat(harness, { model: 'auto', response_format: { type: 'json_object' }, messages: [{ role: 'user', content: 'Give JSON' }] })).json();
    assert.deepEqual(JSON.parse(json.choices[0].message.content), { demo: true, you_said: 'Give JSON' });
    const cut = await (await postChat(harness, { model: 'auto', max_tokens: 5, messages: [{ role: 'user', content: 'A long answer please' }] })).json();
    assert.equal(cut.choices[0].finish_reason, 'length');
    assert.ok(cut.usage.completion_tokens <= 5);
  });

  test('a forced tool choice gets a call of that tool with {} arguments', async () => {
    const response = await postChat(harness, {
      model: 'auto',
      messages: [{ role: 'user', content: 'Weather?' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }],
      tool_choice: 'required',
    });
    const body = await response.json();
    assert.equal(body.choices[0].finish_reason, 'tool_calls');
    assert.equal(body.choices[0].message.content, null);
    assert.equal(body.choices[0].message.tool_calls[0].function.name, 'get_weather');
    assert.equal(body.choices[0].message.tool_calls[0].function.arguments, '{}');
  });

  test('streamed, a forced tool call opens with one chunk: role, content null and the call (as OpenAI streams it)', async () => {
    const response = await postChat(harness, {
      model: 'auto',
      stream: true,
      messages: [{ role: 'user', content: 'Weather?' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    });
    const deltas = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .flatMap((line) => (JSON.parse(line.slice(6)).choices as Array<{ delta: Record<string, unknown>; finish_reason: string | null }>));
    assert.deepEqual(deltas[0].delta, { role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_demo_0', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] });
    assert.equal(deltas.at(-1)?.finish_reason, 'tool_calls');
  });

  test('completions, Responses, embeddings and moderations answer too', async () => {
    const client = harness.client();
    const completion = await client.completions.create({ model: 'auto', prompt: 'Say hi' });
    assert.match(completion.choices[0].text, /You said: "Say hi"/);
    const response = await client.responses.create({ model: 'auto', input: 'Hi from Responses' });
    assert.match(response.output_text, /You said: "Hi from Responses"/);
    const embeddings = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['red apple', 'red apple', 'stock market'] });
    const [a, b, c] = embeddings.data.map((item) => item.embedding);
    assert.equal(a.length, 256);
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
    assert.ok(Math.abs(Math.hypot(...a) - 1) < 1e-6, 'unit length'); // the SDK reads the vectors as float32
    const moderation = await client.moderations.create({ input: ['I will kill you', 'have a nice day'] });
    assert.equal(moderation.results[0].flagged, true);
    assert.equal(moderation.results[0].categories.violence, true);
    assert.equal(moderation.results[1].flagged, false);
    assert.equal(Object.keys(moderation.results[1].categories).length, 11);
  });

  test('GET /v1/models lists the demo models', async () => {
    const listed = (await (await harness.request('/v1/models')).json()).data.map((model: { id: string }) => model.id);
    assert.ok(listed.includes('demo/svc-demo-chat'), listed.join());
  });
});

describe('the demo provider stands aside', () => {
  test('never chosen by model auto once a real provider is configured', async () => {
    const harness = await startTestGateway({ env: { GROQ_API_KEY: undefined, ANTHROPIC_API_KEY: undefined, GEMINI_API_KEY: undefined } });
    try {
      for (const hints of [{}, { task_complexity: 'trivial' }, { mode: 'fast' }]) {
        const body = await (await postChat(harness, { model: 'auto', routing_hints: hints, messages: [{ role: 'user', content: 'Hello' }] })).json();
        assert.equal(body.svc_metadata.provider, 'openai', JSON.stringify(hints));
      }
      const named = await postChat(harness, { model: 'demo/svc-demo-chat', messages: [{ role: 'user', content: 'Hello' }] });
      await expectError(named, { status: 400, type: 'invalid_request_error', code: 'validation_error', param: 'model', message: 'built-in demo provider, which answers only while no provider key is configured' });
    } finally {
      await harness.close();
    }
  });

  test('demo.enabled: false turns it off: no provider, no answer', async () => {
    const config = await writeConfigFile('demo: { enabled: false }\n');
    const harness = await startTestGateway({ env: { ...noProviders, SVC_CONFIG: config } });
    try {
      const response = await postChat(harness, { model: 'auto', messages: [{ role: 'user', content: 'Hello' }] });
      await expectError(response, { status: 502, type: 'upstream_error', code: 'provider_error', message: 'model auto needs at least one configured chat provider' });
    } finally {
      await harness.close();
    }
  });
});

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('svc serve on a fresh data dir, no master key, no provider key', () => {
  let dataDir: string;
  let child: ReturnType<typeof spawn>;
  let url: string;
  const logLines: string[] = [];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'svc-first-run-'));
    const env = machineEnvironment();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], { cwd: projectRoot, env: { ...env, PORT: '0', SVC_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] });
    url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`svc serve did not listen within 30 s; log:\n${logLines.join('\n')}`)), 30_000);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        logLines.push(line);
        const entry = JSON.parse(line) as { msg: string; address?: string };
        if (entry.msg === 'svc listening') {
          clearTimeout(timer);
          resolveUrl(entry.address!);
        }
      });
    });
  });
  after(async () => {
    child.kill('SIGTERM');
    await new Promise((resolveExit) => child.once('exit', resolveExit));
    await rm(dataDir, { recursive: true, force: true });
  });

  test('the log says demo mode and how to add a key, and where the starter key is, never the key itself', async () => {
    const log = logLines.join('\n');
    assert.match(log, /DEMO MODE: no provider key is configured.*OPENAI_API_KEY=sk-/);
    assert.match(log, /starter-api-key/);
    const key = (await readFile(join(dataDir, 'starter-api-key'), 'utf8')).trim();
    assert.ok(key.length > 20);
    assert.ok(!log.includes(key), 'the key is not in the log');
    assert.equal((await stat(join(dataDir, 'starter-api-key'))).mode & 0o777, 0o600);
  });

  test("the README's curl gets a 200 demo answer with the starter key", async () => {
    const key = (await readFile(join(dataDir, 'starter-api-key'), 'utf8')).trim();
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }] }),
    });
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.svc_metadata.provider, 'demo');
    assert.equal(response.headers.get('x-request-id'), body.svc_metadata.request_id);
  });
});

import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestGateway, testMasterKey, type TestGateway } from '../support/test-gateway.js';
import { assertClose, chatBody, createKey, createOrg, expectError, readSse, waitFor, type SseEvent } from './gateway-test-helpers.js';

/** Spec 4.1 / 6: `stream: true` answers `text/event-stream` of chat.completion.chunk events ending with `data: [DONE]`. */
describe('streamed chat completions', () => {
  let harness: TestGateway;

  before(async () => {
    harness = await startTestGateway();
  });
  after(() => harness.close());
  beforeEach(() => harness.mock.reset());

  /** Sends a streamed chat request with raw fetch; `signal` lets a test walk away. */
  function startStream(body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
    return fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testMasterKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(chatBody({ stream: true, ...body })),
      signal,
    });
  }

  function parseChunks(events: SseEvent[]): any[] {
    return events.filter((event) => event.data !== '[DONE]').map((event) => JSON.parse(event.data));
  }

  function textOf(chunks: any[]): string {
    return chunks.map((chunk) => chunk.choices?.[0]?.delta?.content ?? '').join('');
  }

  test('chunks reach the client as the upstream sends them, not all at the end', async () => {
    harness.mock.enqueueReply({ chunks: ['one ', 'two ', 'three ', 'four ', 'five'], eventDelayMs: 100 });
    const started = performance.now();
    const response = await startStream({});
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const { events } = await readSse(response, started);
    const contentEvents = events.filter((event) => event.data !== '[DONE]' && (JSON.parse(event.data).choices?.[0]?.delta?.content ?? '') !== '');
    assert.equal(contentEvents.length, 5, 'each upstream delta is its own chunk');
    const first = events[0].at;
    const last = events.at(-1)!.at;
    // The upstream spends ~700 ms between its first and last event; a buffering gateway would deliver them together.
    assert.ok(last - first >= 400, `first chunk at ${Math.round(first)} ms, last at ${Math.round(last)} ms: chunks were buffered`);
    assert.ok(contentEvents[4].at - contentEvents[0].at >= 300, 'content chunks are spread over time like the upstream sent them');
    assert.equal(textOf(parseChunks(events)), 'one two three four five');
  });

  test('a good stream is chat.completion.chunk events ending with data: [DONE]', async () => {
    const started = performance.now();
    const response = await startStream({ messages: [{ role: 'user', content: 'alpha beta gamma' }] });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-svc-intelligence-mode'), 'full');
    const { events, brokeOff } = await readSse(response, started);
    assert.equal(brokeOff, false);
    assert.equal(events.at(-1)!.data, '[DONE]');
    assert.equal(events.filter((event) => event.data === '[DONE]').length, 1);
    const chunks = parseChunks(events);
    assert.ok(chunks.length >= 2);
    for (const chunk of chunks) {
      assert.equal(chunk.object, 'chat.completion.chunk');
      assert.equal(typeof chunk.id, 'string');
      assert.equal(typeof chunk.created, 'number');
      assert.ok(Array.isArray(chunk.choices));
      assert.equal(chunk.error, undefined);
    }
    assert.equal(chunks[0].choices[0].delta.role, 'assistant');
    assert.equal(textOf(chunks), 'Echo: alpha beta gamma');
    assert.ok(chunks.some((chunk) => chunk.choices[0]?.finish_reason === 'stop'), 'a chunk carries finish_reason stop');
  });

  test('an upstream that drops mid-stream ends the stream with an error event and no [DONE]', async () => {
    harness.mock.enqueueReply({ chunks: ['a ', 'b ', 'c ', 'd ', 'e ', 'f'] });
    harness.mock.enqueueFault({ dropAfterEvents: 3 });
    const started = performance.now();
    const response = await startStream({});
    assert.equal(response.status, 200, 'the stream had started before the upstream dropped');
    const { events } = await readSse(response, started);
    assert.ok(!events.some((event) => event.data === '[DONE]'), 'a broken stream must not look complete');
    const last = JSON.parse(events.at(-1)!.data);
    assert.ok(last.error, `the last event is an error envelope (got ${events.at(-1)!.data})`);
    assert.deepEqual(Object.keys(last.error).sort(), ['code', 'message', 'param', 'type']);
    assert.equal(last.error.type, 'upstream_error');
    assert.equal(last.error.code, 'provider_error');
    // What arrived before the drop was delivered.
    assert.match(textOf(parseChunks(events.slice(0, -1))), /^a b/);
  });

  test('an upstream error before the first token gives a normal JSON error (502), not a 200 stream', async () => {
    harness.mock.enqueueFault({ status: 500, message: 'stream could not start: boom-4411' });
    const response = await startStream({});
    assert.doesNotMatch(response.headers.get('content-type') ?? '', /event-stream/);
    const body = await expectError(response, { status: 502, type: 'upstream_error', code: 'provider_error' });
    assert.match(body.error.message, /boom-4411/);
  });

  test('a client that disconnects mid-stream makes the gateway abort the upstream stream', async () => {
    harness.mock.enqueueReply({ chunks: Array.from({ length: 40 }, (_, index) => `w${index} `), eventDelayMs: 100 });
    const controller = new AbortController();
    const started = performance.now();
    const response = await startStream({}, controller.signal);
    assert.equal(response.status, 200);
    const { events } = await readSse(response, started, () => true); // stop after the first chunk
    assert.equal(events.length, 1);
    controller.abort();
    const aborted = await waitFor(() => harness.mock.abortedStreams === 1, 2000);
    assert.ok(aborted, `the upstream stream should be cut within 2 s (abortedStreams=${harness.mock.abortedStreams})`);
    assert.equal(harness.mock.requests.length, 1);
  });

  test('a stream cut by its client is accounted exactly once, with status 499', async () => {
    const orgId = await createOrg(harness, 'cut-stream');
    const { key } = await createKey(harness, { org_id: orgId });
    harness.mock.enqueueReply({ chunks: Array.from({ length: 40 }, (_, index) => `w${index} `), eventDelayMs: 50 });
    const controller = new AbortController();
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(chatBody({ stream: true })),
      signal: controller.signal,
    });
    await readSse(response, performance.now(), (_event, index) => index === 2);
    controller.abort();
    const usage = async () => (await (await harness.request(`/v1/admin/usage?org_id=${orgId}`)).json()) as { requests: number; by_status: unknown };
    assert.ok(await waitFor(async () => (await usage()).requests === 1, 10_000), 'the cut stream gets its ledger row');
    assert.ok(await waitFor(() => harness.mock.abortedStreams === 1, 2000), 'the upstream was stopped');
    // Reading again after every queue has flushed: still one row, never two.
    assert.deepEqual((await usage()).by_status, [{ status: 499, requests: 1 }]);
  });

  test('no usage chunk unless stream_options.include_usage is true', async () => {
    harness.mock.enqueueReply({ content: 'no usage here', usage: { input: 11, output: 3 } });
    const response = await startStream({});
    const { events } = await readSse(response, performance.now());
    const chunks = parseChunks(events);
    assert.ok(chunks.length > 0);
    for (const chunk of chunks) {
      assert.ok(chunk.usage === undefined || chunk.usage === null, `unexpected usage in ${JSON.stringify(chunk)}`);
      assert.ok(chunk.choices.length > 0, 'no choice-less (usage) chunk');
    }
    assert.equal(events.at(-1)!.data, '[DONE]');
  });

  test('with stream_options.include_usage a final usage chunk comes before [DONE]', async () => {
    harness.mock.enqueueReply({ content: 'count my tokens', usage: { input: 11, output: 7 } });
    const response = await startStream({ stream_options: { include_usage: true } });
    const { events } = await readSse(response, performance.now());
    assert.equal(events.at(-1)!.data, '[DONE]');
    const chunks = parseChunks(events);
    const usageChunks = chunks.filter((chunk) => chunk.usage);
    assert.equal(usageChunks.length, 1, 'exactly one chunk carries usage');
    const usageChunk = usageChunks[0];
    assert.equal(usageChunk, chunks.at(-1), 'the usage chunk is the last one before [DONE]');
    assert.deepEqual(usageChunk.choices, []);
    assert.equal(usageChunk.usage.prompt_tokens, 11);
    assert.equal(usageChunk.usage.completion_tokens, 7);
    assert.equal(usageChunk.usage.total_tokens, 18);
  });

  test('the usage chunk carries svc_metadata with the stream\'s cost', async () => {
    harness.mock.enqueueReply({ content: 'priced stream', usage: { input: 1000, output: 500 } });
    const response = await startStream({ stream_options: { include_usage: true } });
    const { events } = await readSse(response, performance.now());
    const usageChunk = parseChunks(events).find((chunk) => chunk.usage)!;
    const metadata = usageChunk.svc_metadata;
    assert.equal(metadata.request_id, response.headers.get('x-svc-request-id'));
    assert.equal(metadata.provider, 'openai');
    assert.equal(metadata.intelligence_mode, 'full');
    // gpt-4o-mini: 0.15 and 0.60 USD per million tokens; baseline 2.50 and 10.
    assertClose(metadata.cost_usd, (1000 * 0.15 + 500 * 0.6) / 1e6);
    assertClose(metadata.baseline_cost_usd, (1000 * 2.5 + 500 * 10) / 1e6);
    assert.equal(metadata.cost_attribution, 'svc');
  });
});

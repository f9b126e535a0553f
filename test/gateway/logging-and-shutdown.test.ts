import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { startTestGateway, testMasterKey, type TestGateway } from '../support/test-gateway.js';
import { chatBody, createKey, createOrg, postChat, readSse, waitFor } from './gateway-test-helpers.js';

/** One structured log line per request, no secrets or prompts in the logs; a clean stop loses no stream and no usage. */
describe('request logging', () => {
  let harness: TestGateway;
  let orgId: string;
  let key: string;

  before(async () => {
    harness = await startTestGateway();
    orgId = await createOrg(harness, 'Logged Org');
    key = (await createKey(harness, { org_id: orgId })).key;
  });
  after(() => harness.close());

  function linesFor(requestId: string): Array<Record<string, unknown>> {
    return harness.logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.requestId === requestId);
  }

  test('a chat request writes exactly one line with requestId, org, model, provider, status and latencyMs', async () => {
    const response = await postChat(harness, chatBody(), { key });
    assert.equal(response.status, 200);
    const requestId = response.headers.get('x-svc-request-id')!;
    assert.ok(await waitFor(() => linesFor(requestId).length > 0, 1000), 'the request is logged');
    const lines = linesFor(requestId);
    assert.equal(lines.length, 1, `one line per request, got ${JSON.stringify(lines)}`);
    const [line] = lines;
    assert.equal(line.org, orgId);
    assert.match(String(line.model), /gpt-4o-mini/);
    assert.equal(line.provider, 'openai');
    assert.equal(line.status, 200);
    assert.equal(typeof line.latencyMs, 'number');
    assert.ok((line.latencyMs as number) > 0, 'a request takes time');
  });

  test('a streamed request is logged once, when the stream has ended', async () => {
    const response = await postChat(harness, chatBody({ stream: true }), { key });
    const requestId = response.headers.get('x-svc-request-id');
    assert.ok(requestId, 'a stream response carries x-svc-request-id');
    await readSse(response, performance.now());
    assert.ok(await waitFor(() => linesFor(requestId).length > 0, 1000), 'the stream is logged');
    const lines = linesFor(requestId);
    assert.equal(lines.length, 1);
    assert.equal(lines[0].status, 200);
    assert.equal(lines[0].provider, 'openai');
  });

  test('a rejected request is logged with its status', async () => {
    const response = await postChat(harness, chatBody({ temperature: 9 }), { key });
    assert.equal(response.status, 400);
    const requestId = response.headers.get('x-svc-request-id');
    assert.ok(requestId);
    assert.ok(await waitFor(() => linesFor(requestId).length > 0, 1000));
    assert.equal(linesFor(requestId)[0].status, 400);
    assert.equal(linesFor(requestId)[0].org, orgId);
  });

  test('no log line contains an API key, the prompt or the answer at info level', async () => {
    const prompt = 'purple-elephant-prompt-5151 please keep this private';
    const linesBefore = harness.logLines.length;
    harness.mock.enqueueReply({ content: 'zebra-answer-9090 is the reply' });
    const response = await postChat(harness, chatBody({ messages: [{ role: 'user', content: prompt }] }), { key });
    assert.equal(response.status, 200);
    await postChat(harness, chatBody({ messages: [{ role: 'user', content: prompt }] }), { key: 'svc_wrong_key_abcdefghijklmnopqrstuvwxyz' });
    await postChat(harness, chatBody({ messages: [{ role: 'user', content: prompt }] }), { key: testMasterKey });
    harness.mock.enqueueFault({ status: 500, message: 'failure with purple-elephant-prompt-5151 echoed' });
    await postChat(harness, chatBody({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: prompt }] }), { key });
    // This test's four requests were logged, so the scan below covers them, not only earlier lines.
    assert.ok(await waitFor(() => harness.logLines.length - linesBefore >= 4, 1000), 'the four requests were logged');
    for (const line of harness.logLines) {
      assert.ok(!line.includes(key), `a log line leaks an API key: ${line}`);
      assert.ok(!line.includes(testMasterKey), `a log line leaks the master key: ${line}`);
      assert.ok(!line.includes('abcdefghijklmnopqrstuvwxyz'), `a log line leaks a presented key: ${line}`);
      assert.ok(!line.includes('sk-openai-test'), `a log line leaks the provider key: ${line}`);
      assert.ok(!line.includes('purple-elephant-prompt-5151'), `a log line contains the prompt: ${line}`);
      assert.ok(!line.includes('zebra-answer-9090'), `a log line contains the answer: ${line}`);
    }
  });
});

describe('graceful shutdown', () => {
  test('a stream in flight when close() is called still ends with its full content and [DONE]; new requests are refused', async () => {
    const harness = await startTestGateway();
    try {
      const words = Array.from({ length: 8 }, (_, index) => `part${index} `);
      harness.mock.enqueueReply({ chunks: words, eventDelayMs: 120 });
      const started = performance.now();
      const response = await postChat(harness, chatBody({ stream: true }));
      assert.equal(response.status, 200);
      let closing: Promise<void> | undefined;
      let closeReturnedAt: number | undefined;
      const { events, brokeOff } = await readSse(response, started, (_event, index) => {
        if (index === 0) closing = harness.gateway.close().then(() => void (closeReturnedAt = performance.now() - started));
      });
      assert.ok(closing, 'close() was called mid-stream');
      assert.equal(brokeOff, false, 'the stream was not cut');
      assert.equal(events.at(-1)!.data, '[DONE]');
      const text = events
        .filter((event) => event.data !== '[DONE]')
        .map((event) => JSON.parse(event.data).choices?.[0]?.delta?.content ?? '')
        .join('');
      assert.equal(text, words.join(''));
      // While it drains, the gateway takes no new work.
      const late = await postChat(harness, chatBody()).then(
        (lateResponse) => lateResponse.status,
        () => 'refused',
      );
      assert.notEqual(late, 200);
      await closing;
      assert.ok(closeReturnedAt! >= events.at(-1)!.at - 50, 'close() waits for the stream to finish');
    } finally {
      await harness.close();
    }
  });

  test('a request that reaches the gateway while it shuts down gets 503 in the spec envelope, with connection: close', async () => {
    const harness = await startTestGateway();
    try {
      harness.mock.enqueueReply({ chunks: ['a ', 'b ', 'c ', 'd '], eventDelayMs: 100 });
      // Two requests on one keep-alive connection: a stream, then, once close() has begun, a second request.
      const { hostname: host, port } = new URL(harness.url);
      const socket = connect(Number(port), host);
      const body = JSON.stringify(chatBody({ stream: true }));
      const received: Buffer[] = [];
      socket.on('data', (data: Buffer) => received.push(data));
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(`POST /v1/chat/completions HTTP/1.1\r\nhost: ${host}\r\nauthorization: Bearer ${testMasterKey}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      assert.ok(await waitFor(() => Buffer.concat(received).includes('data: '), 3000), 'the stream started');
      const closing = harness.gateway.close();
      socket.write(`GET /v1/models HTTP/1.1\r\nhost: ${host}\r\nauthorization: Bearer ${testMasterKey}\r\n\r\n`);
      await ended;
      await closing;
      const text = Buffer.concat(received).toString('utf8');
      assert.match(text, /^HTTP\/1\.1 200 /, 'the stream that was running finished normally');
      assert.ok(text.includes('data: [DONE]'), 'the running stream ended with [DONE]');
      const second = text.slice(text.lastIndexOf('HTTP/1.1 '));
      assert.match(second, /^HTTP\/1\.1 503 /);
      assert.match(second, /\r\nconnection: close\r\n/i);
      assert.match(second, /\r\nx-error-id: err_/i);
      const envelope = JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4));
      assert.equal(envelope.error.code, 'service_unavailable');
      assert.equal(envelope.error.type, 'internal_error');
    } finally {
      await harness.close();
    }
  });

  describe('usage survives a restart', () => {
    let dataDir: string;
    let configFile: string;

    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'svc-restart-'));
      configFile = join(dataDir, 'svc.yaml');
      // A flush interval far beyond the test: only the flush on close can write the ledger.
      await writeFile(configFile, 'ledger:\n  flush_interval_ms: 600000\n');
    });
    after(() => rm(dataDir, { recursive: true, force: true }));

    test('usage written before close() is readable by a new gateway on the same data dir', async () => {
      const calls = 3;
      const first = await startTestGateway({ env: { SVC_DATA_DIR: join(dataDir, 'data'), SVC_CONFIG: configFile } });
      try {
        for (let call = 0; call < calls; call++) {
          first.mock.enqueueReply({ content: 'kept', usage: { input: 10, output: 5 } });
          assert.equal((await postChat(first, chatBody())).status, 200);
        }
      } finally {
        await first.close();
      }

      const second = await startTestGateway({ env: { SVC_DATA_DIR: join(dataDir, 'data'), SVC_CONFIG: configFile } });
      try {
        const response = await second.request('/v1/admin/usage?org_id=default');
        const usage = await response.json();
        assert.equal(response.status, 200, JSON.stringify(usage));
        assert.equal(usage.requests, calls);
        assert.equal(usage.prompt_tokens, 10 * calls);
        assert.equal(usage.completion_tokens, 5 * calls);
      } finally {
        await second.close();
      }
    });
  });
});

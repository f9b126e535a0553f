import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type RequestListener, type ServerResponse } from 'node:http';
import { FormData } from 'undici';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startMockUpstream, type MockUpstream } from '../../test/mock-upstream/server.js';
import type { ChatCompletion, ChatCompletionChunk, ChatRequest } from '../core/chat-types.js';
import { operationCalls } from './operation-calls.js';
import { openaiAdapter } from './openai/index.js';
import { cancelStream, requestBytes, requestText } from './upstream-call.js';
import { type UpstreamTarget } from './provider-types.js';
import { UpstreamError, type UpstreamErrorKind } from '../errors/upstream-error.js';
import { closeHttpClient } from './shared/http-client.js';

let mock: MockUpstream;

// Generous defaults: a loaded CI machine must not turn a slow mock answer into a time-out.
function targetFor(baseUrl: string, timeouts = { connectMs: 3000, firstByteMs: 5000, idleMs: 5000 }): UpstreamTarget {
  return {
    provider: {
      id: 'mockai',
      wire: 'openai',
      baseUrl,
      auth: { header: 'Authorization', prefix: 'Bearer ' },
      requiredHeaders: {},
      paths: { chat: '/chat/completions' },
      apiKeys: ['sk-test'],
      timeouts,
    },
    model: { slug: 'mockai/mock-model', provider: 'mockai', upstream_model: 'mock-model', type: 'chat', wire: 'openai', tier: 'T2', lane: 'smart', context_window: 8192, pricing: {}, capabilities: [] },
    apiKey: 'sk-test',
    baseUrl,
    keySource: 'pool',
  };
}

const request: ChatRequest = { model: 'mockai/mock-model', messages: [{ role: 'user', content: 'hi' }] };
const streamRequest: ChatRequest = { ...request, stream: true };
type ChatStream = AsyncIterable<ChatCompletionChunk>;

/** A whole chat answer through the shared call path. */
async function completeChat(target: UpstreamTarget): Promise<ChatCompletion> {
  const outcome = await operationCalls.chat(openaiAdapter, target, request, { warnings: [] });
  assert.equal(outcome.kind, 'complete');
  return (outcome as { result: ChatCompletion }).result;
}

/** A streamed chat answer through the shared call path: resolves with the live chunk stream. */
async function streamChat(target: UpstreamTarget, options: { signal?: AbortSignal } = {}): Promise<ChatStream> {
  const outcome = await operationCalls.chat(openaiAdapter, target, streamRequest, { warnings: [], ...options });
  assert.equal(outcome.kind, 'stream');
  return (outcome as { chunks: ChatStream }).chunks;
}

const call = () => completeChat(targetFor(`${mock.url}/v1`));
const stream = (options: { signal?: AbortSignal } = {}) => streamChat(targetFor(`${mock.url}/v1`), options);

async function expectUpstreamError(promise: Promise<unknown>, kind: UpstreamErrorKind): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof UpstreamError, `expected an UpstreamError, got ${String(error)}`);
    assert.equal(error.kind, kind, error.message);
    return error;
  }
  assert.fail(`expected an UpstreamError of kind ${kind}, but the call succeeded`);
}

/** Collects a stream's chunks; returns them with the error that ended it, if any. */
async function drain(chatStream: ChatStream): Promise<{ chunks: ChatCompletionChunk[]; error?: unknown }> {
  const chunks: ChatCompletionChunk[] = [];
  try {
    for await (const chunk of chatStream) chunks.push(chunk);
  } catch (error) {
    return { chunks, error };
  }
  return { chunks };
}

const contentOf = (chunks: ChatCompletionChunk[]) => chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');

before(async () => {
  mock = await startMockUpstream({ port: 0 });
});
beforeEach(() => mock.reset());
after(async () => {
  await closeHttpClient({ force: true });
  await mock.close();
});

describe('a whole chat answer', () => {
  test('returns the normalised completion and sends the upstream model name with the key', async () => {
    mock.enqueueReply({ content: 'Hello there', usage: { input: 5, output: 2, cached: 1 } });
    const completion = await call();
    assert.equal(completion.choices[0].message.content, 'Hello there');
    assert.equal(completion.choices[0].finish_reason, 'stop');
    assert.equal(completion.usage?.prompt_tokens_details?.cached_tokens, 1);
    const sent = mock.requests[0];
    assert.equal(sent.body.model, 'mock-model');
    assert.equal(sent.headers.authorization, 'Bearer sk-test');
    assert.equal(sent.body.stream_options, undefined);
  });

  const statusCases: { name: string; fault: Parameters<MockUpstream['enqueueFault']>[0]; kind: UpstreamErrorKind }[] = [
    { name: '429 with insufficient_quota', fault: { status: 429, errorType: 'insufficient_quota' }, kind: 'quota_exhausted' },
    { name: '402', fault: { status: 402 }, kind: 'quota_exhausted' },
    { name: '500', fault: { status: 500 }, kind: 'server_error' },
    { name: '503', fault: { status: 503 }, kind: 'overloaded' },
    // Twice: one reset before the answer is taken for a stale connection and sent once more.
    { name: 'a connection reset', fault: { reset: true, times: 2 }, kind: 'connection' },
  ];
  for (const { name, fault, kind } of statusCases) {
    test(`${name} → ${kind}`, async () => {
      mock.enqueueFault(fault);
      await expectUpstreamError(call(), kind);
    });
  }

  test('429 with Retry-After: 7 → rate_limited, retryAfterMs 7000, key-scoped', async () => {
    mock.enqueueFault({ status: 429, retryAfterSeconds: 7 });
    const error = await expectUpstreamError(call(), 'rate_limited');
    assert.equal(error.retryAfterMs, 7000);
    assert.equal(error.status, 429);
    assert.equal(error.keyScoped, true);
  });

  test('400 → bad_request, not retryable, keeping the provider message', async () => {
    mock.enqueueFault({ status: 400, message: 'messages[0].content is too long' });
    const error = await expectUpstreamError(call(), 'bad_request');
    assert.equal(error.retryable, false);
    assert.equal(error.message, 'messages[0].content is too long');
  });

  test('no response headers within firstByteMs → timeout', async () => {
    // Longer than undici's ~1 s time-out clock, so the test holds whichever timer enforces firstByteMs.
    mock.enqueueFault({ delayMs: 1600 });
    const target = targetFor(`${mock.url}/v1`, { connectMs: 1000, firstByteMs: 100, idleMs: 5000 });
    await expectUpstreamError(completeChat(target), 'timeout');
  });

  test('a refused connection → connection', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    await expectUpstreamError(completeChat(targetFor(`http://127.0.0.1:${port}/v1`)), 'connection');
  });

  test('a 200 whose body is not JSON → server_error', async () => {
    const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const error = await expectUpstreamError(completeChat(targetFor(`http://127.0.0.1:${port}/v1`)), 'server_error');
      assert.match(error.message, /maintenance/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** A raw upstream for the cases the mock does not script: `answer` writes whatever it likes. */
async function withRawUpstream(answer: RequestListener, run: (baseUrl: string, requests: () => number) => Promise<void>): Promise<void> {
  let received = 0;
  const server = createServer((request, response) => {
    received++;
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await run(`http://127.0.0.1:${port}/v1`, () => received);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Writes `piece` as fast as the reader takes it (a reader that stops shows as pieces never written), up to `total` bytes
 * and then ends, or until the reader leaves. The returned object follows the writing.
 */
function writeAsRead(response: ServerResponse, piece: string | Buffer, total = Infinity): { bytesWritten: number; closed: boolean } {
  const progress = { bytesWritten: 0, closed: false };
  response.once('close', () => (progress.closed = true));
  const write = () => {
    while (progress.bytesWritten < total && !progress.closed) {
      progress.bytesWritten += piece.length;
      if (!response.write(piece)) return void response.once('drain', write);
    }
    if (!progress.closed) response.end();
  };
  write();
  return progress;
}

async function waitUntilClosed(progress: { closed: boolean }): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!progress.closed && Date.now() < deadline) await sleep(10);
  assert.ok(progress.closed, 'svc closed the connection');
}

async function expectAbortError(promise: Promise<unknown>): Promise<void> {
  await assert.rejects(promise, (error: Error) => {
    assert.equal(error.name, 'AbortError', `expected an AbortError, got ${error.name}: ${error.message}`);
    assert.ok(!(error instanceof UpstreamError), 'a caller who left is not an upstream failure');
    return true;
  });
}

describe('reading a whole answer', () => {
  test('an error body of 64 MiB is read no further than 64 KiB: the upstream is left before it has written it, and the status still maps', async () => {
    const total = 64 * 1024 * 1024;
    let upstream = { bytesWritten: 0, closed: false };
    await withRawUpstream(
      (request, response) => {
        request.resume();
        response.writeHead(502, { 'content-type': 'text/html' });
        upstream = writeAsRead(response, `<html>${'x'.repeat(1023)}\n`, total);
      },
      async (baseUrl) => {
        const error = await expectUpstreamError(completeChat(targetFor(baseUrl)), 'server_error');
        assert.equal(error.status, 502);
        assert.ok(upstream.bytesWritten < total / 4, `the upstream wrote ${(upstream.bytesWritten / 1e6).toFixed(1)} MB of ${total / 1e6} before svc left it`);
      },
    );
  });

  test('a 200 whose body never ends is left past 128 MiB (a server_error), not read until the process runs out of memory', async () => {
    let upstream = { bytesWritten: 0, closed: false };
    await withRawUpstream(
      (request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'application/json' });
        upstream = writeAsRead(response, Buffer.alloc(1024 * 1024, 'x'));
      },
      async (baseUrl) => {
        const error = await expectUpstreamError(completeChat(targetFor(baseUrl)), 'server_error');
        assert.match(error.message, /the upstream answer is larger than 134217728 bytes/);
        await waitUntilClosed(upstream);
        assert.ok(upstream.bytesWritten < 200 * 1024 * 1024, `the upstream wrote ${(upstream.bytesWritten / 2 ** 20).toFixed(0)} MiB`);
      },
    );
  });

  // A body that breaks off: an error answer keeps its status; a 200 is a connection failure, never half-parsed.
  const brokenBodies: { status: number; start: string; kind: UpstreamErrorKind }[] = [
    { status: 503, start: '{"error": {"message": "over cap', kind: 'overloaded' },
    { status: 200, start: '{"id": "chatcmpl-1", "choices": [', kind: 'connection' },
  ];
  for (const { status, start, kind } of brokenBodies) {
    test(`a ${status} whose body breaks off → ${kind}`, async () => {
      await withRawUpstream(
        (request, response) => {
          request.resume();
          response.writeHead(status, { 'content-type': 'application/json', 'content-length': '500' });
          response.write(start);
          setTimeout(() => response.destroy(), 20);
        },
        async (baseUrl) => {
          await expectUpstreamError(completeChat(targetFor(baseUrl)), kind);
        },
      );
    });
  }

  test('a 200 JSON answer led by a byte-order mark is read as JSON', async () => {
    const body = JSON.stringify({ id: 'chatcmpl-bom', object: 'chat.completion', created: 1, model: 'mock-model', choices: [{ index: 0, message: { role: 'assistant', content: 'after the mark' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 3, total_tokens: 4 } });
    await withRawUpstream(
      (request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'application/json' }).end(`\ufeff${body}`);
      },
      async (baseUrl) => {
        const completion = await completeChat(targetFor(baseUrl));
        assert.equal(completion.choices[0].message.content, 'after the mark');
      },
    );
  });

  test('the caller leaving mid-body is an AbortError, and the upstream connection is closed', async () => {
    let upstreamClosed = false;
    await withRawUpstream(
      (request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
        response.write('{"id": "chatcmpl-1", ');
        response.once('close', () => (upstreamClosed = true));
      },
      async (baseUrl, requests) => {
        const caller = new AbortController();
        const answer = operationCalls.chat(openaiAdapter, targetFor(baseUrl), request, { warnings: [], signal: caller.signal });
        while (requests() === 0) await sleep(5);
        await sleep(30);
        caller.abort();
        await expectAbortError(answer);
        for (let waited = 0; !upstreamClosed && waited < 2000; waited += 10) await sleep(10);
        assert.ok(upstreamClosed, 'the half-read upstream answer is abandoned, its socket closed');
      },
    );
  });

  test('a caller already gone sends nothing upstream', async () => {
    await withRawUpstream(
      (_request, response) => response.writeHead(200).end('{}'),
      async (baseUrl, requests) => {
        const caller = new AbortController();
        caller.abort();
        await expectAbortError(operationCalls.chat(openaiAdapter, targetFor(baseUrl), request, { warnings: [], signal: caller.signal }));
        await sleep(50);
        assert.equal(requests(), 0);
      },
    );
  });

  test('a short first-byte time-out stops at the headers: a body slower than it but within idleMs is read whole', async () => {
    const body = JSON.stringify({ id: 'chatcmpl-slow', object: 'chat.completion', created: 1, model: 'mock-model', choices: [{ index: 0, message: { role: 'assistant', content: 'slow body' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } });
    await withRawUpstream(
      (request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(body.slice(0, 10));
        setTimeout(() => response.end(body.slice(10)), 400);
      },
      async (baseUrl) => {
        const completion = await completeChat(targetFor(baseUrl, { connectMs: 1000, firstByteMs: 150, idleMs: 5000 }));
        assert.equal(completion.choices[0].message.content, 'slow body');
      },
    );
  });
});

describe('a streamed chat answer', () => {
  test('a stream whose line never ends fails past 32 Mi characters after the chunks before it, and the upstream is left', async () => {
    let upstream = { bytesWritten: 0, closed: false };
    const first = `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'mock-model', choices: [{ index: 0, delta: { role: 'assistant', content: 'before' }, finish_reason: null }] })}\n\n`;
    await withRawUpstream(
      (request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(`${first}data: {"choices": [{"delta": {"content": "`);
        upstream = writeAsRead(response, 'y'.repeat(1024 * 1024));
      },
      async (baseUrl) => {
        const { chunks, error } = await drain(await streamChat(targetFor(baseUrl)));
        assert.equal(contentOf(chunks), 'before');
        assert.ok(error instanceof UpstreamError, String(error));
        assert.equal(error.kind, 'server_error');
        assert.match(error.message, /upstream sent a stream line longer than 33554432 characters/);
        await waitUntilClosed(upstream);
      },
    );
  });

  test('resolves on the first chunk while the upstream is still sending, then yields in order', async () => {
    mock.enqueueReply({ content: 'one two three four five', chunks: ['one ', 'two ', 'three ', 'four ', 'five'], eventDelayMs: 80 });
    const started = Date.now();
    const chatStream = await stream();
    const resolvedAfter = Date.now() - started;
    const arrivals: number[] = [];
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of chatStream) {
      chunks.push(chunk);
      arrivals.push(Date.now() - started);
    }
    // 9 events 80 ms apart: the mock needs about 650 ms to send them all; the call resolved with the first.
    const lastArrival = arrivals[arrivals.length - 1];
    assert.ok(lastArrival - resolvedAfter >= 400, `resolved after ${resolvedAfter} ms, last chunk at ${lastArrival} ms`);
    assert.ok(arrivals.every((arrival, index) => index === 0 || arrival >= arrivals[index - 1]));
    assert.ok(arrivals[4] - arrivals[1] >= 150, 'content chunks arrived as sent, not all at once');
    assert.equal(contentOf(chunks), 'one two three four five');
    assert.equal(chunks[0].choices[0].delta.role, 'assistant');
    assert.equal(chunks.at(-2)?.choices[0].finish_reason, 'stop');
    // svc asked for usage although the caller did not: the last chunk carries it.
    assert.deepEqual(chunks.at(-1)?.choices, []);
    assert.equal(chunks.at(-1)?.usage?.prompt_tokens, 10);
    assert.deepEqual(mock.requests[0].body.stream_options, { include_usage: true });
  });

  test('a consumer that stops reading holds the upstream back: the upstream is paused, not read into memory', async () => {
    const total = 64 * 1024 * 1024;
    let written = 0;
    let closed = false;
    const event = `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'mock-model', choices: [{ index: 0, delta: { content: 'x'.repeat(900) }, finish_reason: null }] })}\n\n`;
    await withRawUpstream(
      (request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.once('close', () => (closed = true));
        const pump = () => {
          while (written < total && !closed) {
            written += event.length;
            if (!response.write(event)) return void response.once('drain', pump);
          }
          response.end('data: [DONE]\n\n');
        };
        pump();
      },
      async (baseUrl) => {
        const chunks = await streamChat(targetFor(baseUrl));
        const iterator = chunks[Symbol.asyncIterator]();
        for (let index = 0; index < 3; index++) assert.equal((await iterator.next()).done, false);
        await sleep(400);
        assert.ok(written < total / 4, `the upstream wrote ${(written / 1e6).toFixed(1)} MB of ${total / 1e6} while nobody read: it should be held back`);
        await iterator.return!();
        for (let waited = 0; !closed && waited < 2000; waited += 10) await sleep(10);
        assert.ok(closed, 'stopping the stream closes the upstream connection');
      },
    );
  });

  test('a non-2xx answer rejects the promise with the mapped kind', async () => {
    mock.enqueueFault({ status: 429, retryAfterSeconds: 2 });
    const error = await expectUpstreamError(stream(), 'rate_limited');
    assert.equal(error.retryAfterMs, 2000);
  });

  test('a drop after 3 events: the chunks received, then stream_interrupted', async () => {
    mock.enqueueReply({ content: 'a b c d e f' });
    mock.enqueueFault({ dropAfterEvents: 3 });
    const { chunks, error } = await drain(await stream());
    assert.equal(chunks.length, 3);
    assert.equal(contentOf(chunks), 'a b ');
    assert.ok(error instanceof UpstreamError && error.kind === 'stream_interrupted', String(error));
  });

  test('an in-band error before the first chunk rejects the promise (failover still possible)', async () => {
    mock.enqueueFault({ errorEventAfter: 0, message: 'upstream model crashed' });
    const error = await expectUpstreamError(stream(), 'server_error');
    assert.equal(error.message, 'upstream model crashed');
  });

  test('an in-band error after 3 events makes the iterator throw after those chunks', async () => {
    mock.enqueueReply({ content: 'a b c d e f' });
    mock.enqueueFault({ errorEventAfter: 3, message: 'overloaded mid-stream' });
    const { chunks, error } = await drain(await stream());
    assert.equal(chunks.length, 3);
    assert.ok(error instanceof UpstreamError && error.kind === 'server_error' && error.message === 'overloaded mid-stream', String(error));
  });

  test('breaking out of the loop early aborts the upstream stream', async () => {
    mock.enqueueReply({ content: 'a b c d e f g h i j', eventDelayMs: 20 });
    let seen = 0;
    for await (const _chunk of await stream()) if (++seen === 2) break;
    for (let attempt = 0; attempt < 50 && mock.abortedStreams === 0; attempt++) await sleep(20);
    assert.equal(mock.abortedStreams, 1);
  });

  test('cancelling before iterating stops the upstream too', async () => {
    mock.enqueueReply({ content: 'a b c d e f g h i j', eventDelayMs: 20 });
    await cancelStream(await stream());
    for (let attempt = 0; attempt < 50 && mock.abortedStreams === 0; attempt++) await sleep(20);
    assert.equal(mock.abortedStreams, 1);
  });

  test("the caller's signal surfaces as an AbortError, not an upstream failure", async () => {
    mock.enqueueReply({ content: 'a b c d e f g h i j', eventDelayMs: 20 });
    const controller = new AbortController();
    const chatStream = await stream({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const { chunks, error } = await drain(chatStream);
    assert.ok(chunks.length > 0 && chunks.length < 10, `got ${chunks.length} chunks`);
    assert.ok(error instanceof Error && error.name === 'AbortError' && !(error instanceof UpstreamError), String(error));
  });

  // Last: the mock keeps sleeping after the client left and counts an aborted stream later.
  test('silence longer than idleMs after the first chunk makes the iterator throw timeout', async () => {
    mock.enqueueReply({ content: 'a b', eventDelayMs: 1600 });
    const target = targetFor(`${mock.url}/v1`, { connectMs: 1000, firstByteMs: 5000, idleMs: 100 });
    const { chunks, error } = await drain(await streamChat(target));
    assert.equal(chunks.length, 1);
    assert.ok(error instanceof UpstreamError && error.kind === 'timeout', String(error));
  });
});

describe('request bodies and answers of every kind', () => {
  test('a multipart form goes out with its boundary and parts; a text answer comes back with its content type', async () => {
    let received: { contentType: string; body: string } | undefined;
    const server = createServer((request, response) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => {
        received = { contentType: request.headers['content-type'] ?? '', body: Buffer.concat(parts).toString('latin1') };
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('1\n00:00:00,000 --> 00:00:01,000\nhello\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const target = targetFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
      const form = new FormData();
      form.append('model', 'whisper-1');
      form.append('file', new Blob([new Uint8Array([0x49, 0x44, 0x33, 0x04])], { type: 'audio/mpeg' }), 'clip.mp3');
      const answer = await requestText({ adapter: openaiAdapter, target }, { method: 'POST', url: `${target.baseUrl}/audio/transcriptions`, headers: { authorization: 'Bearer sk-test' }, body: form });
      assert.equal(answer.contentType, 'text/plain; charset=utf-8');
      assert.match(answer.text, /hello/);
      const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(received!.contentType)?.[1];
      assert.ok(boundary, `multipart content type with a boundary, got ${received!.contentType}`);
      assert.match(received!.body, /name="model"\r\n\r\nwhisper-1\r\n/);
      assert.match(received!.body, /name="file"; filename="clip.mp3"\r\nContent-Type: audio\/mpeg\r\n\r\nID3\x04\r\n/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('a byte answer is handed over as a stream, with its content type, read as it arrives', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.write(Buffer.from([1, 2, 3]));
      setTimeout(() => response.end(Buffer.from([4, 5])), 50);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const target = targetFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
      const answer = await requestBytes({ adapter: openaiAdapter, target }, { method: 'POST', url: `${target.baseUrl}/audio/speech`, headers: {}, body: '{}' });
      assert.equal(answer.contentType, 'audio/mpeg');
      const parts: number[][] = [];
      for await (const part of answer.body) parts.push([...part]);
      assert.deepEqual(parts.flat(), [1, 2, 3, 4, 5]);
      assert.ok(parts.length >= 2, 'bytes arrive in the pieces the upstream sent');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('a non-2xx byte answer is a typed error, not audio', async () => {
    mock.enqueueFault({ status: 503 });
    const target = targetFor(`${mock.url}/v1`);
    const body = JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] });
    const headers = { authorization: 'Bearer sk-test', 'content-type': 'application/json' };
    await expectUpstreamError(requestBytes({ adapter: openaiAdapter, target }, { method: 'POST', url: `${target.baseUrl}/chat/completions`, headers, body }), 'overloaded');
  });
});

describe('a kept-alive connection the upstream closed as the request left', () => {
  const completion = JSON.stringify({ id: 'c', object: 'chat.completion', created: 0, model: 'mock-model', choices: [{ index: 0, message: { role: 'assistant', content: 'fine' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } });

  test('is sent once more, on another connection, and answers', async () => {
    const closedFirst = onlyTheFirstTime();
    await withRawUpstream(
      (request, response) => {
        // The first request finds its connection closed under it (what an idle time-out shorter than ours does).
        if (closedFirst()) return void request.socket.destroy();
        response.writeHead(200, { 'content-type': 'application/json' }).end(completion);
      },
      async (baseUrl, requests) => {
        const answer = await completeChat(targetFor(baseUrl));
        assert.equal(answer.choices[0].message.content, 'fine');
        assert.equal(requests(), 2, 'one try on the closed connection, one on a new one');
      },
    );
  });

  test('is sent once more only: an upstream that closes every connection is a connection error after two tries', async () => {
    await withRawUpstream(
      (request) => void request.socket.destroy(),
      async (baseUrl, requests) => {
        await expectUpstreamError(completeChat(targetFor(baseUrl)), 'connection');
        assert.equal(requests(), 2);
      },
    );
  });

  test('a connection that breaks after the answer began is never sent again: the upstream took the request', async () => {
    await withRawUpstream(
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(completion.slice(0, 20));
        setTimeout(() => response.socket?.destroy(), 20);
      },
      async (baseUrl, requests) => {
        await expectUpstreamError(completeChat(targetFor(baseUrl)), 'connection');
        assert.equal(requests(), 1);
      },
    );
  });

  test('a stream whose connection closed before its answer is sent once more too', async () => {
    const closedFirstStream = onlyTheFirstTime();
    await withRawUpstream(
      (request, response) => {
        if (closedFirstStream()) return void request.socket.destroy();
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'mock-model', choices: [{ index: 0, delta: { content: 'fine' }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`);
      },
      async (baseUrl, requests) => {
        let text = '';
        for await (const chunk of await streamChat(targetFor(baseUrl))) text += chunk.choices[0]?.delta?.content ?? '';
        assert.equal(text, 'fine');
        assert.equal(requests(), 2);
      },
    );
  });
});

/** True the first time it is called, false after. */
function onlyTheFirstTime(): () => boolean {
  let first = true;
  return () => {
    const was = first;
    first = false;
    return was;
  };
}

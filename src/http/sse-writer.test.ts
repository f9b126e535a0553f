import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SseWriter } from './sse-writer.js';

let server: Server;
let url: string;
let handle: (response: ServerResponse) => Promise<void>;

before(async () => {
  server = createServer((_request, response) => void handle(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('plain and named events are framed as the SSE format says, with the headers given', async () => {
  handle = async (response) => {
    const writer = new SseWriter(response, 0);
    writer.open({ 'x-svc-request-id': 'req_1' });
    await writer.send({ data: '{"a":1}' });
    await writer.send({ event: 'response.output_text.delta', data: '{"delta":"Hi"}' });
    writer.end();
  };
  const response = await fetch(url);
  assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  assert.equal(response.headers.get('x-svc-request-id'), 'req_1');
  assert.equal(await response.text(), 'data: {"a":1}\n\nevent: response.output_text.delta\ndata: {"delta":"Hi"}\n\n');
});

test('a long silence is filled with keep-alive comments, and none is sent while events flow', async () => {
  handle = async (response) => {
    const writer = new SseWriter(response, 40);
    writer.open({});
    await writer.send({ data: 'first' });
    await new Promise((resolve) => setTimeout(resolve, 200)); // an upstream thinking
    await writer.send({ data: 'second' });
    writer.end();
  };
  const text = await (await fetch(url)).text();
  assert.ok(text.startsWith('data: first\n\n'), text);
  assert.ok(text.endsWith('data: second\n\n'), text);
  const beats = text.split(': keep-alive\n\n').length - 1;
  assert.ok(beats >= 2 && beats <= 5, `expected a few keep-alive comments during 200 ms of silence at 40 ms, got ${beats}: ${JSON.stringify(text)}`);
});

test('writes after the client left are dropped without error', async () => {
  let closed: boolean | undefined;
  const done = new Promise<void>((resolve) => {
    handle = async (response) => {
      const writer = new SseWriter(response, 0);
      writer.open({});
      await writer.send({ data: 'one' });
      await new Promise((wait) => response.once('close', wait));
      await writer.send({ data: 'two' });
      closed = writer.isClosed;
      writer.end();
      resolve();
    };
  });
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = response.body!.getReader();
  await reader.read();
  controller.abort();
  await done;
  assert.equal(closed, true);
});

test("the events of one upstream read leave in one socket write, with closing events that waited for the turn's end", async () => {
  let writes = 0;
  handle = async (response) => {
    // Every socket write is one of these two (the Writable contract): one call, one syscall.
    const socket = response.socket! as unknown as { _write: (...args: unknown[]) => void; _writev: (...args: unknown[]) => void };
    for (const method of ['_write', '_writev'] as const) {
      const original = socket[method].bind(socket);
      socket[method] = (...args: unknown[]) => {
        writes++;
        original(...args);
      };
    }
    // As streamSse reads a stream whose upstream answer came in one read: its chunks, then the wait for the
    // settlement's journal line (written once per turn of the event loop, by a setImmediate queued as the
    // stream ended), then `[DONE]`.
    async function* chunks() {
      yield 'one';
      yield 'two';
      await new Promise((resolve) => setImmediate(resolve));
    }
    const writer = new SseWriter(response, 0);
    writer.open({});
    for await (const data of chunks()) await writer.send({ data });
    await writer.send({ data: '[DONE]' });
    writer.end();
  };
  const text = await (await fetch(url)).text();
  assert.equal(text, 'data: one\n\ndata: two\n\ndata: [DONE]\n\n');
  assert.equal(writes, 1);
});

test('an event written after a pause leaves at once, not with the next one', async () => {
  const arrivals: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  handle = async (response) => {
    const writer = new SseWriter(response, 0);
    writer.open({});
    await writer.send({ data: 'first' });
    await released; // the upstream is silent until the client has seen the first event
    await writer.send({ data: 'second' });
    writer.end();
  };
  const response = await fetch(url);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const first = await reader.read();
  arrivals.push(decoder.decode(first.value));
  release();
  for (let next = await reader.read(); !next.done; next = await reader.read()) arrivals.push(decoder.decode(next.value));
  assert.equal(arrivals[0], 'data: first\n\n');
  assert.equal(arrivals.join(''), 'data: first\n\ndata: second\n\n');
});

test('a client that does not read makes send() wait (backpressure), also when every event is written in one turn, and loses nothing', async () => {
  const event = 'x'.repeat(16 * 1024);
  const count = 400; // 6.4 MB: far more than the socket's buffers hold
  let firstWaitAt: number | undefined;
  handle = async (response) => {
    const writer = new SseWriter(response, 0);
    writer.open({});
    for (let index = 0; index < count; index++) {
      // No turn of the event loop between events, as when a cached answer is replayed.
      const waiting = writer.send({ data: event });
      if (waiting) {
        firstWaitAt ??= index;
        await waiting;
      }
    }
    writer.end();
  };
  const response = await fetch(url);
  await new Promise((resolve) => setTimeout(resolve, 200)); // the client reads nothing for a while
  assert.ok(firstWaitAt !== undefined && firstWaitAt < count / 2, `send() waited first at event ${firstWaitAt}`);
  const text = await response.text();
  assert.equal(text.length, count * (event.length + 8));
});

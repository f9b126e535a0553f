import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultReply } from './default-reply.js';
import type { MockFault, MockReply, RecordedRequest, StreamEvent, WireRenderer } from './mock-types.js';
import { jsonEndpoints, type JsonEndpoint } from './json-endpoints.js';
import { audioEndpoints, type AudioEndpoint } from './audio-endpoints.js';
import { voiceProviderEndpoints } from './voice-provider-endpoints.js';
import { attachRealtime } from './realtime-endpoint.js';
import { keyCheckEndpoints } from './key-check-endpoints.js';
import { wireRenderers } from './wire-renderers.js';

const allAudioEndpoints: AudioEndpoint[] = [...audioEndpoints, ...voiceProviderEndpoints];

export interface MockUpstream {
  /** Base address, e.g. http://127.0.0.1:40123 (OpenAI-wire providers use `${url}/v1`). */
  url: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** Streams whose client went away before the stream ended. */
  abortedStreams: number;
  /** Events realtime clients sent, parsed, oldest first. */
  realtimeEvents: Array<Record<string, unknown>>;
  /** Realtime sessions open right now. */
  readonly realtimeSessions: number;
  /** The next matching request is answered with this reply. */
  enqueueReply(reply: MockReply, options?: { wire?: string }): void;
  /** The next matching request(s) suffer this fault. */
  enqueueFault(fault: MockFault): void;
  reset(): void;
  close(): Promise<void>;
}

interface QueuedReply {
  reply: MockReply;
  wire?: string;
}

/**
 * Starts the mock upstream on 127.0.0.1 (port 0 = any free port). `maxRecordedRequests` keeps only the newest
 * that many in `requests` (default: all, as tests read them); a long-running mock sets it, or its memory grows
 * with every body it is sent.
 */
export async function startMockUpstream(options: { port?: number; host?: string; maxRecordedRequests?: number } = {}): Promise<MockUpstream> {
  const maxRecorded = options.maxRecordedRequests ?? Infinity;
  const replies: QueuedReply[] = [];
  const faults: MockFault[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const state = {
    requests: [] as RecordedRequest[],
    abortedStreams: 0,
    realtimeEvents: [] as Array<Record<string, unknown>>,
  };

  function takeFault(wire: string, apiKey: string | undefined): MockFault | undefined {
    const index = faults.findIndex((fault) => (fault.wire === undefined || fault.wire === wire) && (fault.apiKey === undefined || fault.apiKey === apiKey));
    if (index < 0) return undefined;
    const fault = faults[index];
    const remaining = (fault.times ?? 1) - 1;
    if (remaining <= 0) faults.splice(index, 1);
    else faults[index] = { ...fault, times: remaining };
    return fault;
  }

  /** A reply queued for exactly this endpoint (`{ wire: 'openai/json' }`, `'openai/audio'`): never one queued for any wire. */
  function takeReplyFor(endpoint: string): MockReply | undefined {
    const index = replies.findIndex((queued) => queued.wire === endpoint);
    return index < 0 ? undefined : replies.splice(index, 1)[0].reply;
  }

  function takeReply(wire: string): MockReply | undefined {
    const index = replies.findIndex((queued) => queued.wire === undefined || queued.wire === wire);
    if (index < 0) return undefined;
    return replies.splice(index, 1)[0].reply;
  }

  function recordRequest(request: RecordedRequest): void {
    state.requests.push(request);
    if (state.requests.length > maxRecorded) state.requests.splice(0, state.requests.length - maxRecorded);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `mock failure: ${String(error)}` } }));
      } else response.destroy();
    });
  });
  const realtime = attachRealtime(server, {
    record: (request) => recordRequest(request),
    takeReply: () => takeReplyFor('openai/realtime'),
    takeFault: (apiKey) => takeFault('openai/realtime', apiKey),
    clientEvents: state.realtimeEvents,
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://mock');
    const method = request.method ?? 'GET';
    const rawBytes = await readBody(request);
    const audioEndpoint = allAudioEndpoints.find((endpoint) => endpoint.match(method, url.pathname));
    if (audioEndpoint) return handleAudioEndpoint(audioEndpoint, request, response, url, method, rawBytes);
    const rawBody = rawBytes.toString('utf8');
    if (url.pathname.startsWith('/__mock/')) return handleControl(url, method, rawBody, response);

    const keyCheck = keyCheckEndpoints.find((endpoint) => endpoint.match(method, url.pathname, request.headers));
    if (keyCheck) {
      const admitted = await admit(keyCheck, request, response, url, method, '', {});
      if (!admitted) return;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(keyCheck.answer(url)));
      return;
    }
    const jsonEndpoint = jsonEndpoints.find((endpoint) => endpoint.match(method, url.pathname));
    if (jsonEndpoint) return handleJsonEndpoint(jsonEndpoint, request, response, url, method, rawBody);
    let renderer: WireRenderer | undefined;
    let route: ReturnType<WireRenderer['match']>;
    for (const candidate of wireRenderers) {
      route = candidate.match(method, url.pathname);
      if (route) {
        renderer = candidate;
        break;
      }
    }
    if (!renderer || !route) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `mock upstream has no route ${method} ${url.pathname}` } }));
      return;
    }

    const admitted = await admit(renderer, request, response, url, method, rawBody);
    if (!admitted) return;
    const { body, fault } = admitted;

    const summary = renderer.summarize(body, route);
    const reply = takeReply(renderer.wire) ?? defaultReply(summary);
    if (!summary.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(altered(renderer.renderJson(reply, summary), reply));
      return;
    }
    if (renderer.streamsAsJsonArray?.(url)) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(renderer.renderStream(reply, summary).map((event) => JSON.parse(event.data))));
      return;
    }
    const events = renderer.renderStream(reply, summary);
    await writeStream(response, renderer, reply.alter ? events.map((event, index) => (event.data === '[DONE]' ? event : { ...event, data: altered(JSON.parse(event.data), reply, index) })) : events, reply, fault);
  }

  /** The answer's text: as rendered, or as the reply's `alter` made it. */
  function altered(rendered: unknown, reply: MockReply | undefined, eventIndex?: number): string {
    const value = reply?.alter ? reply.alter(rendered, eventIndex) : rendered;
    return typeof value === 'string' ? value : JSON.stringify(value);
  }

  async function handleJsonEndpoint(endpoint: JsonEndpoint, request: IncomingMessage, response: ServerResponse, url: URL, method: string, rawBody: string): Promise<void> {
    const admitted = await admit(endpoint, request, response, url, method, rawBody);
    if (!admitted) return;
    const answer = endpoint.answer(admitted.body, url) as Record<string, unknown>;
    // Only a reply queued for this endpoint exactly shapes its answer: its raw usage block.
    const reply = takeReplyFor(`${endpoint.wire}/json`);
    if (reply?.rawUsage) answer.usage = reply.rawUsage;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(altered(answer, reply));
  }

  async function handleAudioEndpoint(endpoint: AudioEndpoint, request: IncomingMessage, response: ServerResponse, url: URL, method: string, rawBytes: Buffer): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = await endpoint.read(rawBytes, request.headers, url);
    } catch (error) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify(endpoint.renderError(400, `could not parse the request body: ${String(error)}`)));
      return;
    }
    const admitted = await admit(endpoint, request, response, url, method, '', body);
    if (!admitted) return;
    const reply = takeReplyFor(`${endpoint.wire}/audio`);
    const answer = endpoint.answer(body, url, reply);
    if (answer.kind === 'text') {
      response.writeHead(200, { 'content-type': answer.contentType });
      response.end(reply?.alter && answer.contentType.startsWith('application/json') ? altered(JSON.parse(answer.body), reply) : answer.body);
      return;
    }
    const delay = reply?.eventDelayMs ?? 0;
    response.writeHead(200, { 'content-type': answer.contentType, 'transfer-encoding': 'chunked' });
    let clientGone = false;
    response.on('close', () => {
      if (!response.writableFinished) clientGone = true;
    });
    for (const chunk of answer.chunks) {
      if (clientGone) break;
      response.write(chunk);
      if (delay) await sleep(delay);
    }
    if (clientGone) {
      state.abortedStreams++;
      return;
    }
    response.end();
  }

  /**
   * What every route does before its answer, as the real API does: the body parsed, the request recorded,
   * refused if the provider would refuse it, then the queued fault (delay, reset, error status) applied.
   * Undefined when the request has been answered already.
   */
  async function admit(
    route: Pick<WireRenderer, 'wire' | 'apiKey' | 'validate' | 'renderError'>,
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    method: string,
    rawBody: string,
    /** A body the route read itself (multipart, bytes): not parsed as JSON. */
    readBody?: Record<string, unknown>,
  ): Promise<{ body: any; fault: MockFault | undefined } | undefined> {
    const answer = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(value));
    };
    let body: any = readBody;
    if (!body) {
      try {
        body = rawBody ? JSON.parse(rawBody) : {};
      } catch {
        answer(400, route.renderError(400, 'request body is not valid JSON'));
        return undefined;
      }
    }
    const apiKey = route.apiKey(request.headers, url);
    const recorded: RecordedRequest = { wire: route.wire, method, path: url.pathname + url.search, headers: request.headers, apiKey, body, rawBody, receivedAt: Date.now() };
    recordRequest(recorded);
    response.once('close', () => {
      if (!response.writableFinished) recorded.abandoned = true;
    });
    const refusal = route.validate({ headers: request.headers, url, body });
    if (refusal) {
      answer(refusal.status, route.renderError(refusal.status, refusal.message, refusal.errorType));
      return undefined;
    }
    const fault = takeFault(route.wire, apiKey);
    if (fault?.delayMs) {
      await sleep(fault.delayMs);
      // A client that timed out meanwhile must not consume the reply queued for the next test's request.
      if (request.socket.destroyed) return undefined;
    }
    if (fault?.reset) {
      request.socket.destroy();
      return undefined;
    }
    if (fault?.status) {
      // `{key}` in a fault's message echoes the request's key, as some providers do in their errors.
      const message = (fault.message ?? `mock fault ${fault.status}`).replaceAll('{key}', apiKey ?? '');
      answer(fault.status, route.renderError(fault.status, message, fault.errorType), fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) });
      return undefined;
    }
    return { body, fault };
  }

  async function writeStream(response: ServerResponse, renderer: WireRenderer, events: StreamEvent[], reply: MockReply, fault: MockFault | undefined): Promise<void> {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    let clientGone = false;
    response.on('close', () => {
      if (!response.writableFinished) clientGone = true;
    });
    for (let index = 0; index < events.length; index++) {
      if (clientGone) break;
      if (fault?.dropAfterEvents !== undefined && index === fault.dropAfterEvents) {
        // The events already written must reach the client first: destroying the socket in the tick that
        // wrote them (Node corks it until the next tick) would discard them, headers included.
        await flushed(response);
        response.socket?.destroy();
        return;
      }
      if (fault?.errorEventAfter !== undefined && index === fault.errorEventAfter) {
        response.end(formatEvent(renderer.renderStreamError(fault.message ?? 'mock stream error')));
        return;
      }
      const writable = response.write(formatEvent(events[index]));
      // 'close' too: a client that leaves while we wait for 'drain' would otherwise hang this loop forever.
      if (!writable) await new Promise((resolve) => response.once('drain', resolve).once('close', resolve));
      if (reply.eventDelayMs) await sleep(reply.eventDelayMs);
    }
    if (clientGone) {
      state.abortedStreams++;
      return;
    }
    response.end();
  }

  function handleControl(url: URL, method: string, rawBody: string, response: ServerResponse): void {
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    const body = rawBody ? JSON.parse(rawBody) : {};
    if (method === 'POST' && url.pathname === '/__mock/reply') {
      replies.push({ reply: body.reply ?? body, wire: body.wire });
      return json(200, { queued: replies.length });
    }
    if (method === 'POST' && url.pathname === '/__mock/fault') {
      faults.push(body);
      return json(200, { queued: faults.length });
    }
    if (method === 'GET' && url.pathname === '/__mock/requests') return json(200, state.requests.map(({ headers: _headers, ...rest }) => rest));
    if (method === 'POST' && url.pathname === '/__mock/reset') {
      reset();
      return json(200, { reset: true });
    }
    json(404, { error: { message: 'unknown mock control route' } });
  }

  function reset(): void {
    replies.length = 0;
    faults.length = 0;
    state.requests.length = 0;
    state.abortedStreams = 0;
    state.realtimeEvents.length = 0;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    get requests() {
      return state.requests;
    },
    get abortedStreams() {
      return state.abortedStreams;
    },
    get realtimeEvents() {
      return state.realtimeEvents;
    },
    get realtimeSessions() {
      return realtime.openSessions;
    },
    enqueueReply: (reply, queueOptions) => replies.push({ reply, wire: queueOptions?.wire }),
    enqueueFault: (fault) => faults.push(fault),
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        realtime.close();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function formatEvent(event: StreamEvent): string {
  return (event.event ? `event: ${event.event}\n` : '') + `data: ${event.data}\n\n`;
}

/** Resolves once everything written to the response has been handed to the operating system. */
async function flushed(response: ServerResponse): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  const socket = response.socket;
  if (socket && !socket.destroyed && socket.writableLength > 0) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts)));
    request.on('error', reject);
  });
}


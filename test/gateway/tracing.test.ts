import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Tracing } from '../../src/observability/tracing.js';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { chatBody, postChat, waitFor } from './gateway-test-helpers.js';

const SERVER = 1; // SpanKind.SERVER
const CLIENT = 2; // SpanKind.CLIENT
const ERROR = 2; // SpanStatusCode.ERROR

/** A caller's W3C trace context: svc's root span must continue this trace, as this span's child. */
const callerTraceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const callerSpanId = '00f067aa0ba902b7';
const callerTraceparent = `00-${callerTraceId}-${callerSpanId}-01`;

const spanId = (span: ReadableSpan) => span.spanContext().spanId;
const parentId = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('OpenTelemetry tracing (an in-memory exporter in place of OTLP)', () => {
  const exporter = new InMemorySpanExporter();
  let mock: MockUpstream;
  let harness: TestGateway;

  before(async () => {
    mock = await startMockUpstream();
    harness = await startTestGateway({ mock, spanExporter: exporter, env: { CEREBRAS_API_KEY: 'csk-cerebras-test', CEREBRAS_BASE_URL: `${mock.url}/v1` } });
  });
  after(async () => {
    await harness.close();
    await mock.close();
  });
  beforeEach(() => {
    exporter.reset();
    mock.reset();
  });

  /** The spans of the one trace `traceId` once its root (the HTTP request) has ended. */
  async function traceOf(traceId: string): Promise<ReadableSpan[]> {
    assert.ok(await waitFor(() => exporter.getFinishedSpans().some((span) => span.spanContext().traceId === traceId && span.kind === SERVER)), 'the root span ended');
    return exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
  }

  test('a chat request continues the caller’s trace: root, a span per stage nested as the stages are, the upstream call in GenAI terms, and traceparent passed upstream', async () => {
    mock.enqueueReply({ content: 'Paris.', usage: { input: 17, output: 3 } });
    const response = await postChat(harness, chatBody({ model: 'gpt-4o-mini', temperature: 0.2, max_tokens: 50 }), { headers: { traceparent: callerTraceparent, 'x-intelligence-mode': 'full' } });
    assert.equal(response.status, 200);
    const spans = await traceOf(callerTraceId);

    const root = spans.find((span) => span.kind === SERVER)!;
    assert.equal(root.name, 'POST /v1/chat/completions');
    assert.equal(parentId(root), callerSpanId, 'the root is a child of the caller’s span');
    assert.equal(root.attributes['http.response.status_code'], 200);
    assert.equal(root.attributes['http.route'], '/v1/chat/completions');
    assert.equal(root.attributes['gen_ai.request.model'], 'gpt-4o-mini');
    assert.equal(root.attributes['gen_ai.usage.input_tokens'], 17);
    assert.equal(root.attributes['gen_ai.usage.output_tokens'], 3);
    assert.equal(root.attributes['svc.intelligence_mode'], 'full');
    assert.equal(root.attributes['svc.request_id'], response.headers.get('x-svc-request-id'));

    // Stages: each a child of the one that called it, the first a child of the root; the provider call is the innermost.
    const stages = spans.filter((span) => typeof span.attributes['svc.stage'] === 'string');
    const route = stages.find((span) => span.attributes['svc.stage'] === 'route')!;
    assert.equal(parentId(route), spanId(root));
    assert.equal(route.attributes['svc.route.model'], 'openai/gpt-4o-mini');
    const chain = stages.filter((span) => span !== route);
    assert.ok(chain.length >= 2, `stage spans: ${chain.map((span) => span.name).join(', ')}`);
    const byId = new Map(chain.map((span) => [spanId(span), span]));
    const innermost = chain.find((span) => span.attributes['svc.stage'] === 'provider_call')!;
    assert.ok(innermost, 'a provider_call stage span');
    let walk: ReadableSpan | undefined = innermost;
    let depth = 0;
    while (walk && parentId(walk) !== spanId(root)) {
      walk = byId.get(parentId(walk)!);
      depth++;
    }
    assert.ok(walk, 'every stage span leads up to the root through stage spans');
    assert.equal(depth, chain.length - 1, 'the stages are nested one inside the other');

    // The upstream call: a client span under the provider call, in the GenAI semantic conventions.
    const attempts = spans.filter((span) => span.kind === CLIENT);
    assert.equal(attempts.length, 1);
    const [attempt] = attempts;
    assert.equal(attempt.name, 'chat gpt-4o-mini');
    assert.equal(parentId(attempt), spanId(innermost));
    assert.equal(attempt.attributes['gen_ai.system'], 'openai');
    assert.equal(attempt.attributes['gen_ai.provider.name'], 'openai');
    assert.equal(attempt.attributes['gen_ai.operation.name'], 'chat');
    assert.equal(attempt.attributes['gen_ai.request.model'], 'gpt-4o-mini');
    assert.equal(attempt.attributes['gen_ai.request.temperature'], 0.2);
    assert.equal(attempt.attributes['gen_ai.request.max_tokens'], 50);
    assert.equal(attempt.attributes['gen_ai.usage.input_tokens'], 17);
    assert.equal(attempt.attributes['gen_ai.usage.output_tokens'], 3);
    assert.deepEqual(attempt.attributes['gen_ai.response.finish_reasons'], ['stop']);
    assert.equal(attempt.attributes['server.address'], '127.0.0.1');

    // The upstream saw the attempt's span as its parent.
    const upstream = mock.requests.at(-1)!;
    assert.equal(upstream.headers.traceparent, `00-${callerTraceId}-${spanId(attempt)}-01`);
  });

  test('a stream: the upstream call’s span ends with the stream, with the usage of its last chunk', async () => {
    // Paced events: a span that ended when the headers arrived would last less than the stream does.
    mock.enqueueReply({ content: 'one two three', usage: { input: 9, output: 3 }, eventDelayMs: 30 });
    const response = await postChat(harness, chatBody({ stream: true, stream_options: { include_usage: true } }), { headers: { traceparent: callerTraceparent.replace(callerTraceId, 'a'.repeat(32)) } });
    assert.equal(response.status, 200);
    await response.text();
    const spans = await traceOf('a'.repeat(32));
    const attempt = spans.find((span) => span.kind === CLIENT)!;
    assert.equal(attempt.attributes['svc.stream'], true);
    assert.equal(attempt.attributes['gen_ai.usage.input_tokens'], 9);
    assert.equal(attempt.attributes['gen_ai.usage.output_tokens'], 3);
    assert.deepEqual(attempt.attributes['gen_ai.response.finish_reasons'], ['stop']);
    const root = spans.find((span) => span.kind === SERVER)!;
    const nanos = (time: ReadableSpan['endTime']) => BigInt(time[0]) * 1_000_000_000n + BigInt(time[1]);
    // The stream's events (role, three words, finish, usage) come 30 ms apart: the span lasts through them.
    const lasted = nanos(attempt.endTime) - nanos(attempt.startTime);
    assert.ok(lasted >= 100_000_000n, `the attempt lasts as long as the stream (${lasted} ns)`);
    // The attempt ends before the request. Read from the order spans finish in (the exporter's list), not their times: the
    // SDK anchors each span's clock on Date.now() when it starts, and on a busy machine two anchors drifted 11 ms apart.
    assert.ok(spans.indexOf(attempt) < spans.indexOf(root), 'the attempt ends before the request');
  });

  test('embeddings: the upstream call is an embeddings span with its own operation and usage', async () => {
    const traceId = 'c'.repeat(32);
    const response = await harness.request('/v1/embeddings', { body: { model: 'text-embedding-3-small', input: ['a first text', 'a second'] }, headers: { traceparent: `00-${traceId}-${callerSpanId}-01` } });
    assert.equal(response.status, 200);
    const body = await response.json();
    const attempt = (await traceOf(traceId)).find((span) => span.kind === CLIENT)!;
    assert.equal(attempt.name, 'embeddings text-embedding-3-small');
    assert.equal(attempt.attributes['gen_ai.operation.name'], 'embeddings');
    assert.equal(attempt.attributes['gen_ai.usage.input_tokens'], body.usage.prompt_tokens);
    assert.equal(mock.requests.at(-1)!.path, '/v1/embeddings');
  });

  test('failover: one client span per attempt, the failed one marked with its error', async () => {
    mock.enqueueFault({ status: 503, apiKey: 'gsk-groq-test', message: 'Groq is over capacity' });
    const traceId = 'b'.repeat(32);
    const response = await postChat(harness, chatBody({ model: 'groq/openai/gpt-oss-120b' }), { headers: { traceparent: `00-${traceId}-${callerSpanId}-01` } });
    assert.equal(response.status, 200);
    // In the order they ended (the exporter's order): the failed attempt ends before the next one starts.
    // (Not sorted by start time: two spans' clocks agree only to within a millisecond.)
    const attempts = (await traceOf(traceId)).filter((span) => span.kind === CLIENT);
    assert.deepEqual(attempts.map((span) => span.attributes['gen_ai.provider.name']), ['groq', 'cerebras']);
    assert.equal(attempts[0].status.code, ERROR);
    assert.equal(attempts[0].attributes['http.response.status_code'], 503);
    assert.equal(attempts[0].attributes['error.type'], 'overloaded');
    assert.notEqual(attempts[1].status.code, ERROR);
  });

  test('an error answer ends the root with its status; a malformed traceparent starts a trace of svc’s own', async () => {
    const response = await postChat(harness, { model: 'gpt-4o-mini', messages: [], temperature: 9 }, { headers: { traceparent: 'not-a-trace-context' } });
    assert.equal(response.status, 400);
    await response.text();
    assert.ok(await waitFor(() => exporter.getFinishedSpans().some((span) => span.kind === SERVER)), 'the root span ended');
    const root = exporter.getFinishedSpans().find((span) => span.kind === SERVER)!;
    assert.equal(root.attributes['http.response.status_code'], 400);
    assert.equal(parentId(root), undefined);
    assert.match(root.spanContext().traceId, /^[0-9a-f]{32}$/);
  });
});

describe('tracing is off unless the OTEL_* variables ask for it', () => {
  test('which variables turn it on and off', () => {
    assert.equal(Tracing.wanted({}), false);
    assert.equal(Tracing.wanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), true);
    assert.equal(Tracing.wanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }), true);
    assert.equal(Tracing.wanted({ OTEL_TRACES_EXPORTER: 'console' }), true);
    assert.equal(Tracing.wanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), false);
    assert.equal(Tracing.wanted({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }), false);
  });

  test('without them no span is made and the caller’s traceparent is not passed upstream', async () => {
    const harness = await startTestGateway();
    try {
      assert.equal(harness.gateway.services.tracing, undefined);
      const response = await postChat(harness, chatBody(), { headers: { traceparent: callerTraceparent } });
      assert.equal(response.status, 200);
      assert.equal(harness.mock.requests.at(-1)!.headers.traceparent, undefined);
    } finally {
      await harness.close();
    }
  });
});

describe('the OTLP/HTTP exporter, configured by the OTEL_* variables', () => {
  test('spans reach a collector at OTEL_EXPORTER_OTLP_ENDPOINT, with OTEL_EXPORTER_OTLP_HEADERS and OTEL_SERVICE_NAME', async () => {
    const { createServer } = await import('node:http');
    const received: Array<{ path: string; headers: Record<string, unknown>; body: any }> = [];
    const collector = createServer((request, response) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(Buffer.concat(parts).toString('utf8')) });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const port = (collector.address() as { port: number }).port;
    const harness = await startTestGateway({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-token=abc123', OTEL_SERVICE_NAME: 'svc-under-test', OTEL_BSP_SCHEDULE_DELAY: '50' },
    });
    try {
      assert.ok(harness.gateway.services.tracing, 'tracing is on');
      assert.equal((await postChat(harness, chatBody(), { headers: { traceparent: callerTraceparent } })).status, 200);
      const spansOf = () => received.flatMap((post) => post.body.resourceSpans.flatMap((group: any) => group.scopeSpans.flatMap((scope: any) => scope.spans)));
      assert.ok(await waitFor(() => spansOf().some((span: any) => span.name === 'POST /v1/chat/completions'), 5000), 'the root span was exported');
      assert.equal(received[0].path, '/v1/traces');
      assert.equal(received[0].headers['x-collector-token'], 'abc123');
      const service = received[0].body.resourceSpans[0].resource.attributes.find((attribute: any) => attribute.key === 'service.name');
      assert.equal(service.value.stringValue, 'svc-under-test');
      const root = spansOf().find((span: any) => span.name === 'POST /v1/chat/completions');
      assert.equal(root.traceId, callerTraceId);
      assert.ok(spansOf().some((span: any) => span.name === 'chat gpt-4o-mini'), 'the upstream call was exported');
    } finally {
      await harness.close();
      collector.close();
    }
  });
});

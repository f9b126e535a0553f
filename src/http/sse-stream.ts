import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Operation } from '../core/operations.js';
import { isInternalFailure, toGatewayError } from '../errors/failure-table.js';
import type { GatewayError } from '../errors/gateway-error.js';
import type { RequestContext } from '../pipeline/request-context.js';
import { SseWriter, type SseEvent } from './sse-writer.js';
import { hijackedHeaders } from './hijacked-headers.js';

/**
 * How an endpoint speaks SSE: its headers, the events of each canonical chunk, the events that close a
 * complete stream, and how a broken stream ends. Plain functions, not generators: a chunk costs no extra
 * promise on its way to the socket.
 */
export interface SseRendering<C> {
  headers: Record<string, string>;
  /** Events sent as soon as the stream opens, before the first chunk (`response.created`). */
  openingEvents?(): SseEvent[];
  /** The events of one chunk: one, several (named events), or none. */
  eventsOf(chunk: C): SseEvent | SseEvent[] | undefined;
  /** The events that end a complete stream (`[DONE]`, `response.completed`); the runner has settled the request by then. */
  closingEvents(): SseEvent[];
  /** The events that end a stream broken by `error`: never a clean completion. */
  errorEvents(error: GatewayError): SseEvent[];
}

export interface StreamObserver {
  /** Metrics and the one log line of the request, written when the stream ends. */
  observeCompletion(request: FastifyRequest, status: number): void;
  logInternalFailure(error: unknown, requestId: string): void;
  heartbeatMs: number;
}

/**
 * THE streaming loop of every endpoint: events flow to the socket as the upstream produces them, with
 * backpressure; a client that leaves stops the upstream (status 499); a failure mid-stream ends with the
 * endpoint's error events. (The runner settles the request as the last chunk is read, before the last event leaves.)
 */
export async function streamSse<O extends Operation, C>(
  request: FastifyRequest,
  reply: FastifyReply,
  context: RequestContext<O>,
  chunks: AsyncIterable<C>,
  rendering: SseRendering<C>,
  observer: StreamObserver,
): Promise<void> {
  request.logFields.observed = true; // logged below when the stream ends, not when the handler returns
  reply.hijack();
  const writer = new SseWriter(reply.raw, observer.heartbeatMs);
  // The reply's headers (x-request-id, CORS) come along: a hijacked answer does not get them from Fastify.
  writer.open(hijackedHeaders(reply, rendering.headers));
  let status = 200;
  try {
    if (rendering.openingEvents) await sendAll(writer, rendering.openingEvents());
    for await (const chunk of chunks) {
      const events = rendering.eventsOf(chunk);
      if (events !== undefined) await sendAll(writer, events);
      if (writer.isClosed) break; // the client left: leaving the loop stops the upstream
    }
    if (writer.isClosed) {
      status = 499;
    } else {
      await sendAll(writer, rendering.closingEvents());
    }
  } catch (error) {
    if (context.signal.aborted || writer.isClosed) {
      status = 499; // the upstream call was aborted with the client: nothing to report
    } else {
      const gatewayError = toGatewayError(error, context.family);
      if (isInternalFailure(error)) observer.logInternalFailure(error, context.requestId);
      status = gatewayError.status;
      await sendAll(writer, rendering.errorEvents(gatewayError));
    }
  } finally {
    writer.end();
    observer.observeCompletion(request, status);
  }
}

async function sendAll(writer: SseWriter, events: SseEvent | SseEvent[]): Promise<void> {
  if (!Array.isArray(events)) {
    const draining = writer.send(events);
    if (draining) await draining;
    return;
  }
  for (const event of events) {
    const draining = writer.send(event);
    if (draining) await draining;
  }
}

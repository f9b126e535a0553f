import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Operation } from '../core/operations.js';
import { isInternalFailure, toGatewayError } from '../errors/failure-table.js';
import type { GatewayError } from '../errors/gateway-error.js';
import type { RequestContext } from '../pipeline/request-context.js';
import type { Settle } from '../pipeline/request-runner.js';
import { SseWriter, type SseEvent } from './sse-writer.js';

/** How an endpoint speaks SSE: its headers, its events for the canonical chunks, and how a broken stream ends. */
export interface SseRendering<C> {
  headers: Record<string, string>;
  /** The events of the stream; it calls `settle(200)` before its final event (usage is known by then). */
  events(chunks: AsyncIterable<C>, settle: Settle): AsyncIterable<SseEvent>;
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
 * endpoint's error events. The request is settled exactly once, with the status the stream ended with.
 */
export async function streamSse<O extends Operation, C>(
  request: FastifyRequest,
  reply: FastifyReply,
  context: RequestContext<O>,
  chunks: AsyncIterable<C>,
  rendering: SseRendering<C>,
  settle: Settle,
  observer: StreamObserver,
): Promise<void> {
  request.logFields.observed = true; // logged below when the stream ends, not when the handler returns
  reply.hijack();
  const writer = new SseWriter(reply.raw, observer.heartbeatMs);
  writer.open(rendering.headers);
  const events = rendering.events(chunks, settle)[Symbol.asyncIterator]();
  let status = 200;
  try {
    for (;;) {
      const step = await events.next();
      if (step.done) break;
      await writer.send(step.value);
      if (writer.isClosed) {
        status = 499; // the client left: stop reading the upstream
        await events.return?.();
        break;
      }
    }
  } catch (error) {
    if (context.signal.aborted || writer.isClosed) {
      status = 499; // the upstream call was aborted with the client: nothing to report
    } else {
      const gatewayError = toGatewayError(error, context.family);
      if (isInternalFailure(error)) observer.logInternalFailure(error, context.requestId);
      status = gatewayError.status;
      settle(status);
      for (const event of rendering.errorEvents(gatewayError)) await writer.send(event);
    }
  } finally {
    // Settling before the end means a graceful shutdown, which waits for open responses, never closes the ledger ahead of them.
    settle(status);
    writer.end();
    observer.observeCompletion(request, status);
  }
}

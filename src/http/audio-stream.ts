import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SpeechResult } from '../core/audio-types.js';
import type { StreamObserver } from './sse-stream.js';
import { hijackedHeaders } from './hijacked-headers.js';

/**
 * Audio bytes relayed as they arrive (the first byte leaves before the upstream has finished), with
 * backpressure: the next chunk is read only once the last one is written. A caller that leaves ends the
 * loop, and returning the iterator stops the upstream (499); an upstream that fails mid-audio cuts the
 * answer (the caller sees a truncated chunked body, never a wrong one).
 */
export async function relayAudio(request: FastifyRequest, reply: FastifyReply, headers: Record<string, string>, result: SpeechResult, observer: StreamObserver): Promise<void> {
  request.logFields.observed = true; // logged below, when the audio has been relayed
  reply.hijack();
  const raw = reply.raw;
  // The reply's headers (x-request-id, CORS) come along: a hijacked answer does not get them from Fastify.
  raw.writeHead(200, hijackedHeaders(reply, { ...headers, 'content-type': result.contentType }));
  const iterator = result.audio[Symbol.asyncIterator]();
  let status = 200;
  try {
    for (;;) {
      if (raw.destroyed) {
        status = 499;
        break;
      }
      const { value, done } = await iterator.next();
      if (done) break;
      if (!raw.write(value)) await new Promise((resolve) => raw.once('drain', resolve).once('close', resolve));
    }
  } catch {
    status = raw.destroyed ? 499 : 502;
    raw.destroy();
  } finally {
    await iterator.return?.().catch(() => undefined);
    if (!raw.destroyed) raw.end();
    observer.observeCompletion(request, status);
  }
}

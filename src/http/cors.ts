import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** What a browser app may read of svc's answers: the ids, svc's own headers, usage and limits. */
const exposedHeaders = [
  'x-request-id',
  'x-error-id',
  'retry-after',
  'retry-after-ms',
  'x-ratelimit-limit-requests',
  'x-ratelimit-remaining-requests',
  'x-ratelimit-reset-requests',
  'x-ratelimit-limit-tokens',
  'x-ratelimit-remaining-tokens',
  'x-ratelimit-reset-tokens',
  'x-svc-request-id',
  'x-svc-cache-hit',
  'x-svc-cache-type',
  'x-svc-tier-used',
  'x-svc-lane-used',
  'x-svc-provider',
  'x-svc-latency-ms',
  'x-svc-latency-breakdown',
  'x-svc-audit-id',
  'x-svc-intelligence-mode',
  'x-svc-input-tokens',
  'x-svc-output-tokens',
  'x-svc-cost-usd',
  'x-svc-warnings',
  'x-svc-semantic-similarity',
  // Voice: what was heard and said, which models did it, and the session to continue.
  'x-svc-transcript',
  'x-svc-transcript-truncated',
  'x-svc-reply-text',
  'x-svc-reply-text-truncated',
  'x-svc-stt-model',
  'x-svc-chat-model',
  'x-svc-tts-model',
  'x-svc-routing-reason',
  'x-svc-conversation-id',
];

/** A preflight is an OPTIONS request a browser sends before a cross-origin call: it carries no key. */
export function isCorsPreflight(method: string, headers: Record<string, string | string[] | undefined>): boolean {
  return method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined;
}

/**
 * CORS for the origins of `server.cors_origins` (none by default: no cross-origin access). Preflights are
 * answered before authentication (the auth hook lets them pass), with the allowed methods and the headers
 * the browser asked for; an origin not on the list gets no CORS headers, so the browser refuses the call.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    exposedHeaders,
    maxAge: 600,
    strictPreflight: true,
  });
}

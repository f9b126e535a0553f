import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Pool } from 'undici';

/**
 * The steps between the bare proxy and svc (`npm run bench:layers`): proxies that do what any gateway that reads
 * the request and the answer must — read the request body whole, parse it, write the upstream body again with the
 * model set, read the answer whole, parse it, write it again with a field added — and nothing else (no auth, no
 * limits, no ledger, no metrics). One on node:http, one on Fastify as svc uses it (its JSON parser, a route, a string
 * sent). Against the bare proxy they tell what reading JSON costs; against each other, what Fastify costs; against
 * svc, what svc's own work costs.
 */

export interface ParsingProxy {
  port: number;
  close(): Promise<void>;
}

const upstreamHeaders = { 'content-type': 'application/json', authorization: 'Bearer sk-bench-openai' };

/** The same keep-alive sockets as the bare proxy's and svc's (src/providers/shared/http-client.ts). */
const poolFor = (upstream: string) => new Pool(upstream, { pipelining: 1, keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });

/** The upstream body: the caller's, with the upstream's model name. */
function upstreamBody(body: Record<string, unknown>): string {
  return JSON.stringify({ ...body, model: 'gpt-4o-mini' });
}

/** The answer the caller gets: the upstream's, with a field of the gateway's own. */
function answerText(upstreamText: string): string {
  const answer = JSON.parse(upstreamText) as Record<string, unknown>;
  answer.gateway_metadata = { provider: 'openai', tokens: (answer.usage as { total_tokens?: number } | undefined)?.total_tokens ?? 0 };
  return JSON.stringify(answer);
}

export async function startRawParsingProxy(upstream: string): Promise<ParsingProxy> {
  const pool = poolFor(upstream);
  const server: Server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>;
      pool
        .request({ method: 'POST', path: '/v1/chat/completions', headers: upstreamHeaders, body: upstreamBody(body) })
        .then(async (answer) => {
          const text = answerText(await answer.body.text());
          response.writeHead(answer.statusCode, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
          response.end(text);
        })
        .catch(() => {
          response.writeHead(502);
          response.end();
        });
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.close();
    },
  };
}

export async function startFastifyParsingProxy(upstream: string): Promise<ParsingProxy> {
  const pool = poolFor(upstream);
  const app = Fastify({ logger: false, keepAliveTimeout: 10_000 });
  app.post('/v1/chat/completions', async (request, reply) => {
    const answer = await pool.request({ method: 'POST', path: '/v1/chat/completions', headers: upstreamHeaders, body: upstreamBody(request.body as Record<string, unknown>) });
    const text = answerText(await answer.body.text());
    reply.code(answer.statusCode).type('application/json; charset=utf-8');
    return reply.send(text);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    close: async () => {
      await app.close();
      await pool.close();
    },
  };
}

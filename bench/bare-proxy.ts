import { createServer, type IncomingHttpHeaders, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

/**
 * The reference point of the benchmark: a bare node:http server that forwards POST
 * /v1/chat/completions (and /v1/embeddings, the other traffic of bench:ttft) to one upstream through one keep-alive undici Pool, request body and response
 * (status, headers, body; SSE too) streamed through as-is. No parsing, no auth, no logging: the
 * least a Node proxy can do, so svc's overhead is read against it.
 */

export interface BareProxy {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Hop-by-hop headers (RFC 9110 7.6.1) and `host`: never forwarded. */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);

function forwardable(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !hopByHop.has(name)) out[name] = value;
  }
  return out;
}

export async function startBareProxy(options: { upstream: string; port?: number; host?: string }): Promise<BareProxy> {
  // Same socket settings as svc's shared Agent (src/providers/shared/http-client.ts): keep-alive, no pipelining.
  const pool = new Pool(options.upstream, { pipelining: 1, keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });

  const server: Server = createServer((request, response) => {
    if (request.method !== 'POST' || (request.url !== '/v1/chat/completions' && request.url !== '/v1/embeddings')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"bare proxy: only POST /v1/chat/completions and /v1/embeddings"}}');
      return;
    }
    // The request body is handed to undici as a stream; the answer goes back with a plain .pipe(): cheaper than stream.pipeline() (which builds an AbortController and a
    // DOMException per call on Node 20), and what a hand-written pass-through would do.
    pool
      .request({ method: 'POST', path: request.url, headers: forwardable(request.headers) as Record<string, string>, body: request })
      .then((upstream) => {
        response.writeHead(upstream.statusCode, forwardable(upstream.headers));
        upstream.body.on('error', () => response.destroy());
        // The client went away mid-answer (e.g. a stream): stop reading the upstream.
        response.once('close', () => {
          if (!response.writableFinished) upstream.body.destroy();
        });
        upstream.body.pipe(response);
      })
      .catch((error: unknown) => {
        if (!response.headersSent) {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { message: `bare proxy: upstream failed: ${String(error)}` } }));
        } else response.destroy();
      });
  });
  server.keepAliveTimeout = 10_000;

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.destroy();
    },
  };
}

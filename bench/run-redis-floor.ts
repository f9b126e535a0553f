/**
 * Child process: the floor of an answer read from Redis — a bare node:http server that reads the request
 * body, makes one GET of a stored chat completion through ioredis (as svc's L1 does) and writes it back.
 * bench/cache.ts measures it beside svc's L1 hit: what this machine's scheduling and Redis cost alone.
 * BENCH_REDIS_URL: the Redis; BENCH_REDIS_KEY: the key to create and read.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { failStart, serveChildProtocol } from './child-protocol.js';

try {
  const url = process.env.BENCH_REDIS_URL;
  const key = process.env.BENCH_REDIS_KEY;
  if (!url || !key) throw new Error('BENCH_REDIS_URL and BENCH_REDIS_KEY must be set');
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  const completion = { id: 'chatcmpl-floor', object: 'chat.completion', created: 0, model: 'gpt-4o-mini', choices: [{ index: 0, message: { role: 'assistant', content: 'x'.repeat(600) }, finish_reason: 'stop' }], usage: { prompt_tokens: 12, completion_tokens: 150, total_tokens: 162 } };
  await redis.set(key, JSON.stringify(completion), 'EX', 3600);
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      redis.get(key).then(
        (value) => response.writeHead(200, { 'content-type': 'application/json' }).end(value),
        () => response.writeHead(503).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serveChildProtocol('redis floor', (server.address() as AddressInfo).port, async () => {
    server.close();
    redis.disconnect();
  });
} catch (error) {
  failStart('redis floor', error);
}

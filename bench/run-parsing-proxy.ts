/** Child process: a parsing proxy (bench/parsing-proxies.ts) in front of BENCH_UPSTREAM; BENCH_PROXY=raw|fastify picks which. */
import { failStart, serveChildProtocol } from './child-protocol.js';
import { startFastifyParsingProxy, startRawParsingProxy } from './parsing-proxies.js';

const name = process.env.BENCH_PROXY === 'fastify' ? 'fastify-parse' : 'raw-parse';
try {
  const upstream = process.env.BENCH_UPSTREAM;
  if (!upstream) throw new Error('BENCH_UPSTREAM (the mock upstream origin) is not set');
  const proxy = await (name === 'fastify-parse' ? startFastifyParsingProxy(upstream) : startRawParsingProxy(upstream));
  serveChildProtocol(name, proxy.port, () => proxy.close());
} catch (error) {
  failStart(name, error);
}

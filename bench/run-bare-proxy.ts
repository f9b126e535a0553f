/** Child process: the bare node:http + undici pass-through proxy in front of BENCH_UPSTREAM. */
import { startBareProxy } from './bare-proxy.js';
import { failStart, serveChildProtocol } from './child-protocol.js';

try {
  const upstream = process.env.BENCH_UPSTREAM;
  if (!upstream) throw new Error('BENCH_UPSTREAM (the mock upstream origin) is not set');
  const proxy = await startBareProxy({ upstream });
  serveChildProtocol('bare', proxy.port, () => proxy.close());
} catch (error) {
  failStart('bare', error);
}

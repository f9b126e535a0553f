/**
 * Child process: svc itself, built the way `svc serve` builds it (createGateway from the environment:
 * OPENAI_API_KEY, OPENAI_BASE_URL = the mock, SVC_MASTER_KEY, SVC_DATA_DIR, SVC_LOG_LEVEL, PORT=0).
 * With SVC_BENCH_SEMANTIC_ENTRIES=N its semantic index starts with N answered prompts (bench/cache.ts).
 * Like `svc serve`, it caps the heap's growth between full collections (src/cli/heap-growth.ts).
 * It runs the compiled package (dist/, what `npm start` runs) when it has been built, else the sources.
 */
import { access } from 'node:fs/promises';
import { failStart, serveChildProtocol } from './child-protocol.js';

const compiled = new URL('../dist/src/gateway.js', import.meta.url);
const useCompiled = process.env.SVC_BENCH_SOURCES !== '1' && (await access(compiled).then(() => true, () => false));
const { createGateway } = (await import(useCompiled ? compiled.href : '../src/gateway.js')) as typeof import('../src/gateway.js');
const { limitHeapGrowth } = (await import(useCompiled ? new URL('../dist/src/cli/heap-growth.js', import.meta.url).href : '../src/cli/heap-growth.js')) as typeof import('../src/cli/heap-growth.js');

// As `svc serve` does (SVC_BENCH_NODE_ARGS=--heap-growing-percent=0 gives V8's own choice back, for a comparison).
limitHeapGrowth();

try {
  const gateway = await createGateway(process.env);
  // bench/cache.ts: a semantic index already holding this many entries (SVC_BENCH_SEMANTIC_ENTRIES).
  const prefill = Number(process.env.SVC_BENCH_SEMANTIC_ENTRIES ?? 0);
  if (prefill > 0) (await import('./prefill-semantic.js')).prefillSemanticIndex(gateway.services, prefill);
  const address = await gateway.listen();
  serveChildProtocol(useCompiled ? 'svc' : 'svc (sources)', Number(new URL(address).port), () => gateway.close());
} catch (error) {
  failStart('svc', error);
}

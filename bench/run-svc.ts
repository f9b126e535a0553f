/**
 * Child process: svc itself, built the way `svc serve` builds it (createGateway from the environment:
 * OPENAI_API_KEY, OPENAI_BASE_URL = the mock, SVC_MASTER_KEY, SVC_DATA_DIR, SVC_LOG_LEVEL, PORT=0).
 * With SVC_BENCH_SEMANTIC_ENTRIES=N its semantic index starts with N answered prompts (bench/cache.ts).
 * Like `svc serve`, it caps the heap's growth between full collections (src/cli/heap-growth.ts).
 * It runs the compiled package (dist/, what `npm start` runs) when it has been built, else the sources.
 * With BENCH_SVC_ALLOCATIONS=FILE it samples every allocation, collected or not (what `--heap-prof` drops: the
 * garbage a request leaves is what the young generation's collections cost), into FILE as a .heapprofile at exit.
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
  const allocations = process.env.BENCH_SVC_ALLOCATIONS ? await sampleAllocations(process.env.BENCH_SVC_ALLOCATIONS) : undefined;
  serveChildProtocol(useCompiled ? 'svc' : 'svc (sources)', Number(new URL(address).port), async () => {
    await allocations?.();
    await gateway.close();
  });
} catch (error) {
  failStart('svc', error);
}

/** Starts the sampling heap profiler keeping collected objects; the returned function writes the profile. */
async function sampleAllocations(file: string): Promise<() => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return async () => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    await writeFile(file, JSON.stringify(profile));
  };
}

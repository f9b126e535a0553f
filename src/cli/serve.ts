import cluster from 'node:cluster';
import { loadCatalog } from '../catalog/catalog.js';
import { loadConfig } from '../config/load-config.js';
import { createGateway } from '../gateway.js';
import { limitHeapGrowth } from './heap-growth.js';
import { issueStarterKey } from './starter-key.js';

/** `svc serve`: start-up, one log line per configured provider, graceful shutdown on SIGTERM/SIGINT. */
export async function serve(): Promise<void> {
  if (cluster.isPrimary) {
    // The primary of a multi-worker server only forks: it reads the config, not storage or providers.
    const workers = (await loadConfig(process.env, await loadCatalog())).server.workers;
    if (workers > 1) return runPrimary(workers);
  }
  limitHeapGrowth();
  const gateway = await createGateway();
  const { config, services } = gateway;
  // A promise some library left without a handler (a Redis client losing its connection mid-command) must
  // not end the process and every stream it carries: it is logged, with its stack, and serving goes on.
  process.on('unhandledRejection', (reason) => services.logger.error({ err: reason }, 'unhandled promise rejection (kept serving)'));

  const configured = services.providers.configured();
  if (services.providers.demoActive) {
    services.logger.warn(
      { provider: 'demo', models: services.catalog.listModels({ provider: 'demo' }).map((model) => model.slug) },
      'DEMO MODE: no provider key is configured, so the built-in demo provider answers (every answer is marked as a demo). For real answers set a key, e.g. OPENAI_API_KEY=sk-... npm start (or providers.<id>.api_keys in SVC_CONFIG); demo.enabled: false turns demo mode off',
    );
  } else {
    for (const provider of configured) {
      services.logger.info({ provider: provider.id, wire: provider.wire, keys: provider.apiKeys.length, baseUrl: provider.baseUrl }, 'provider configured');
    }
    if (configured.length === 0) {
      services.logger.warn('no provider is configured: set <PROVIDER>_API_KEY (e.g. OPENAI_API_KEY) or providers.<id>.api_keys in SVC_CONFIG; requests can only use BYOK keys');
    }
  }
  if (!config.masterKey) {
    const starterKeyPath = await issueStarterKey(services.store.tenants, config.storage.dataDir, config.masterKey);
    if (starterKeyPath) services.logger.warn({ file: starterKeyPath }, 'first start: issued an API key of the org "default" and wrote it to this file (mode 0600); use it as the Bearer key');
    services.logger.warn('SVC_MASTER_KEY is not set: the admin API is closed');
  }
  const address = await gateway.listen();
  // The pid tells the workers of a multi-worker server apart (log lines carry no pid otherwise).
  services.logger.info({ address, pid: process.pid, storage: services.store.kind, sharedState: services.sharedState.kind }, 'svc listening');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.logger.info({ signal }, 'shutting down: finishing in-flight requests');
    await gateway.close();
    services.logger.info({ pendingLedger: services.ledger.pending }, 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/**
 * What a forked worker's environment adds to the primary's: glibc's malloc arenas capped at two (`MALLOC_ARENA_MAX`) unless
 * the operator set a number. glibc gives each thread that allocates an arena of its own (up to 8 a core) and freed memory
 * stays in them: under the soak the cap held peak RSS at 295 MB against 314 (bench/HISTORY.md, thirty-ninth session), the
 * event loop no slower. glibc reads the variable only as a process starts, so a single svc cannot set it for itself (the
 * README leaves it to the operator there); a worker it forks can be given it.
 */
export function workerEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  return env.MALLOC_ARENA_MAX === undefined ? { MALLOC_ARENA_MAX: '2' } : {};
}

/** With server.workers > 1 the primary forks one gateway per worker; they share the listening socket. */
async function runPrimary(workers: number): Promise<void> {
  for (let index = 0; index < workers; index++) cluster.fork(workerEnvironment(process.env));
  process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), workers, msg: 'forked workers' })}\n`);
  const forward = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => forward('SIGTERM'));
  process.on('SIGINT', () => forward('SIGINT'));
  cluster.on('exit', () => {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
}

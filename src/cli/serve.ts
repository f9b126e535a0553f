import cluster from 'node:cluster';
import { loadCatalog } from '../catalog/catalog.js';
import { loadConfig } from '../config/load-config.js';
import { deploymentWarnings } from '../config/deployment-warnings.js';
import { createGateway } from '../gateway.js';
import { limitHeapGrowth } from './heap-growth.js';
import { issueStarterKey } from './starter-key.js';

/** `svc serve`: start-up, one log line per configured provider, graceful shutdown on SIGTERM/SIGINT. */
export async function serve(): Promise<void> {
  if (cluster.isPrimary) {
    // The primary of a multi-worker server only forks: it reads the config, not storage or providers.
    const config = await loadConfig(process.env, await loadCatalog());
    if (config.server.workers > 1) {
      for (const warning of deploymentWarnings(config)) logPrimary(40, {}, warning);
      return runPrimary(config.server.workers);
    }
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

/** A worker that dies is replaced, up to this many times a minute: beyond, workers that die at once are not started for ever. */
const MAX_RESTARTS_A_MINUTE = 5;

/** One JSON log line of the primary (it runs no gateway, so it has no logger of its own). */
function logPrimary(level: number, fields: Record<string, unknown>, msg: string): void {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), ...fields, msg })}\n`);
}

/**
 * With server.workers > 1 the primary forks one gateway per worker; they share the listening socket. A worker that dies
 * (a crash, the kernel's OOM killer) is replaced; SIGTERM or SIGINT goes to every worker, and the primary exits once they
 * have all stopped: 0 when it was told to stop, 1 when its workers died and could not be replaced (a supervisor restarts it).
 */
async function runPrimary(workers: number): Promise<void> {
  const fork = () => cluster.fork(workerEnvironment(process.env));
  for (let index = 0; index < workers; index++) fork();
  logPrimary(30, { workers }, 'forked workers');
  let stopping = false;
  const forward = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => forward('SIGTERM'));
  process.on('SIGINT', () => forward('SIGINT'));
  const restarts: number[] = [];
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) {
      const now = Date.now();
      while (restarts.length > 0 && restarts[0] <= now - 60_000) restarts.shift();
      if (restarts.length < MAX_RESTARTS_A_MINUTE) {
        restarts.push(now);
        logPrimary(40, { pid: worker.process.pid, code, signal }, 'a worker died: starting another');
        fork();
      } else {
        logPrimary(50, { pid: worker.process.pid, code, signal, restarts_a_minute: MAX_RESTARTS_A_MINUTE }, 'a worker died and workers keep dying: not starting another');
      }
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(stopping ? 0 : 1);
  });
}

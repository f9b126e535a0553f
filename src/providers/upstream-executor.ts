import type { CallerSignal } from '../core/caller-signal.js';
import type { CatalogModel } from '../catalog/catalog-types.js';
import type { ProviderKeyVault } from './byok/provider-key-vault.js';
import type { CircuitBreaker } from './circuit-breaker.js';
import type { KeyPool } from './key-pool.js';
import { type ProviderRuntime, type UpstreamTarget } from './provider-types.js';
import { RoutingError, UpstreamError } from '../errors/upstream-error.js';

/** Told the latency and outcome of every upstream call (live model health). */
export interface CallObserver {
  observe(target: string, latencyMs: number, failed: boolean): void;
}

/** What the executor tells the outside as it works (metrics): each may be absent. */
export interface UpstreamEvents {
  upstreamError?(error: UpstreamError): void;
  /** A pool key was put to cool down after a per-key 429 or 402. */
  keyCooledDown?(providerId: string, status: number | undefined): void;
  /** The call moved on to the next key of the pool. */
  keyRotated?(providerId: string): void;
  /** A circuit opened on its error rate. */
  circuitOpened?(circuit: string): void;
}

export interface AttemptRecord {
  provider: string;
  model: string;
  outcome: 'error' | 'skipped_circuit_open' | 'skipped_no_key' | 'skipped_cooling_down';
  kind?: string;
  status?: number;
}

export interface ExecutionResult<T> {
  value: T;
  target: UpstreamTarget;
  attempts: AttemptRecord[];
}

export interface ProviderLookup {
  get(id: string): ProviderRuntime | undefined;
}

export interface ExecutorOptions {
  maxAttempts: number;
  deadlineMs: number;
}

/**
 * Runs one upstream call over an ordered list of candidate models (the routed model, the same model
 * on other providers, configured fallbacks). For each candidate it takes the org's BYOK key or the
 * provider's key pool; a per-key 429/402 moves to the next key at once (and cools that key down), any
 * other retryable failure moves to the next candidate, within `maxAttempts` and `deadlineMs`.
 */
export class UpstreamExecutor {
  constructor(
    private readonly providers: ProviderLookup,
    private readonly keyPool: KeyPool,
    private readonly circuitBreaker: CircuitBreaker,
    private readonly vault: ProviderKeyVault,
    private readonly options: ExecutorOptions,
    private readonly events: UpstreamEvents = {},
    private readonly health?: CallObserver,
  ) {}

  async execute<T>(candidates: CatalogModel[], orgId: string, signal: CallerSignal | undefined, call: (target: UpstreamTarget) => Promise<T>): Promise<ExecutionResult<T>> {
    const attempts: AttemptRecord[] = [];
    const deadline = Date.now() + this.options.deadlineMs;
    let lastError: UpstreamError | undefined;
    let targetsTried = 0;
    const cooledProviders: Array<{ provider: ProviderRuntime; keys: readonly string[] }> = [];

    candidates: for (const model of candidates) {
      const provider = this.providers.get(model.provider);
      if (!provider) continue;
      let byok: Awaited<ReturnType<ProviderKeyVault['resolve']>>;
      try {
        const cached = this.vault.peek(orgId, provider.id);
        byok = cached ? cached.value : await this.vault.resolve(orgId, provider.id);
      } catch (error) {
        // The org's own key cannot be read: said in the answer if no other candidate serves.
        if (!(error instanceof UpstreamError)) throw error;
        lastError = error;
        attempts.push({ provider: provider.id, model: model.slug, outcome: 'error', kind: error.kind, status: error.status });
        continue;
      }
      const keys = byok ? [byok.apiKey] : provider.apiKeys;
      if (keys.length === 0) {
        attempts.push({ provider: provider.id, model: model.slug, outcome: 'skipped_no_key' });
        continue;
      }
      const circuit = `${provider.id}/${model.upstream_model}`;
      if (!this.circuitBreaker.trustsClosed(circuit) && !(await this.circuitBreaker.admit(circuit))) {
        attempts.push({ provider: provider.id, model: model.slug, outcome: 'skipped_circuit_open' });
        continue;
      }
      const { keys: orderedKeys, coolingDown } = byok ? { keys, coolingDown: new Set<string>() } : (this.keyPool.trustedOrder(provider.id, keys) ?? (await this.keyPool.orderKeys(provider.id, keys)));
      const usableKeys = orderedKeys.filter((key) => !coolingDown.has(key));
      if (usableKeys.length === 0) {
        attempts.push({ provider: provider.id, model: model.slug, outcome: 'skipped_cooling_down' });
        cooledProviders.push({ provider, keys: orderedKeys });
        continue;
      }
      // maxAttempts bounds the targets tried; rotating to the next key of a pool after a per-key
      // 429/402 does not use it up (each such key cools down, so the rotation ends with the pool).
      if (targetsTried >= this.options.maxAttempts) break;
      targetsTried++;
      let keysTried = 0;
      for (const apiKey of usableKeys) {
        if (Date.now() >= deadline) break candidates;
        if (keysTried++ > 0) this.events.keyRotated?.(provider.id);
        const target: UpstreamTarget = { provider, model, apiKey, baseUrl: byok?.baseUrl ?? provider.baseUrl, keySource: byok ? 'byok' : 'pool', publicOnly: byok?.publicOnly === true };
        const started = performance.now();
        try {
          const value = await call(target);
          this.health?.observe(circuit, performance.now() - started, false);
          void this.circuitBreaker.recordSuccess(circuit)?.catch(() => undefined);
          return { value, target, attempts };
        } catch (error) {
          if (signal?.aborted || !(error instanceof UpstreamError)) throw error;
          lastError = error;
          this.events.upstreamError?.(error);
          attempts.push({ provider: provider.id, model: model.slug, outcome: 'error', kind: error.kind, status: error.status });
          if (!error.retryable) throw error;
          if (error.keyScoped) {
            if (!byok) {
              await this.keyPool.coolDown(provider.id, apiKey, error.retryAfterMs);
              this.events.keyCooledDown?.(provider.id, error.status);
            }
            continue; // next key of the same provider
          }
          // Only the model's own failures count against it: not a key's rate limit, not a caller's bad request.
          this.health?.observe(circuit, performance.now() - started, true);
          if ((await this.circuitBreaker.recordFailure(circuit)) === 'open') this.events.circuitOpened?.(circuit);
          continue candidates;
        }
      }
    }

    if (lastError) throw lastError;
    if (cooledProviders.length > 0) {
      let soonest: number | undefined;
      for (const { provider, keys } of cooledProviders) {
        const remaining = await this.keyPool.soonestRecoveryMs(provider.id, keys);
        if (remaining !== undefined && (soonest === undefined || remaining < soonest)) soonest = remaining;
      }
      throw new RoutingError('keys_cooling_down', `Every key of ${cooledProviders.map(({ provider }) => provider.id).join(', ')} is cooling down after upstream rate limits`, soonest ?? 1000);
    }
    if (attempts.some((attempt) => attempt.outcome === 'skipped_circuit_open')) {
      throw new RoutingError('circuit_open', `Every upstream target for ${candidates[0]?.slug ?? 'this model'} is failing; circuit breaker open (${attempts.map((attempt) => attempt.provider).join(', ')})`);
    }
    const names = [...new Set(candidates.map((model) => model.provider))].join(', ');
    throw new RoutingError('no_provider_key', `No API key is configured for ${names} (set ${names.toUpperCase().replace(/-/g, '_')}_API_KEY or a BYOK key for this org)`);
  }
}

import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { Authenticator } from './auth/authenticator.js';
import { UsageLedger } from './billing/usage-ledger.js';
import type { Catalog } from './catalog/catalog.js';
import type { GatewayConfig } from './config/config-schema.js';
import type { ProviderRegistry } from './config/provider-registry.js';
import { GatewayMetrics } from './observability/metrics.js';
import { ChatPipeline } from './pipeline/pipeline.js';
import { costStage } from './pipeline/stages/cost-stage.js';
import { ledgerStage } from './pipeline/stages/ledger-stage.js';
import { providerCallStage } from './pipeline/stages/provider-call-stage.js';
import { routeStage } from './pipeline/stages/route-stage.js';
import { ProviderKeyVault } from './providers/byok/provider-key-vault.js';
import { SecretBox } from './providers/byok/secret-box.js';
import { chatAdapters } from './providers/chat-adapters.js';
import { CircuitBreaker } from './providers/circuit-breaker.js';
import { KeyPool } from './providers/key-pool.js';
import { UpstreamExecutor } from './providers/upstream-executor.js';
import { OrgSettingsService } from './settings/org-settings-service.js';
import type { RecordStore, SharedState } from './storage/storage-types.js';
import { elapsedMs } from './pipeline/timing.js';

/** Everything a route needs, built once at start-up. */
export interface GatewayServices {
  config: GatewayConfig;
  catalog: Catalog;
  providers: ProviderRegistry;
  store: RecordStore;
  sharedState: SharedState;
  authenticator: Authenticator;
  settings: OrgSettingsService;
  vault: ProviderKeyVault;
  ledger: UsageLedger;
  metrics: GatewayMetrics;
  chatPipeline: ChatPipeline;
  executor: UpstreamExecutor;
  logger: Logger;
  /** Metrics and the one log line of a finished request (also for hijacked streams). */
  observeCompletion(request: FastifyRequest, status: number): void;
}

export interface ServiceParts {
  config: GatewayConfig;
  catalog: Catalog;
  providers: ProviderRegistry;
  store: RecordStore;
  sharedState: SharedState;
  logger: Logger;
}

export function createServices(parts: ServiceParts): GatewayServices {
  const { config, catalog, providers, store, sharedState, logger } = parts;
  const metrics = new GatewayMetrics();
  const vault = new ProviderKeyVault(store, SecretBox.fromSecrets(config.encryptionKey, config.masterKey));
  const executor = new UpstreamExecutor(
    providers,
    new KeyPool(sharedState),
    new CircuitBreaker(sharedState),
    vault,
    { maxAttempts: config.routing.maxAttempts, deadlineMs: config.routing.deadlineMs },
    (error) => metrics.upstreamErrors.inc({ provider: error.providerId, kind: error.kind, status: String(error.status ?? 0) }),
  );
  const ledger = new UsageLedger(store, config.ledger, logger);
  const router = { catalog, isRoutable: (id: string) => providers.isConfigured(id), fallbacks: config.routing.fallbacks };
  const chatPipeline = new ChatPipeline([routeStage(router), providerCallStage(executor, chatAdapters)], [costStage, ledgerStage(ledger)]);

  return {
    config,
    catalog,
    providers,
    store,
    sharedState,
    authenticator: new Authenticator(store, config.masterKey),
    settings: new OrgSettingsService(store),
    vault,
    ledger,
    metrics,
    chatPipeline,
    executor,
    logger,
    observeCompletion(request, status) {
      const latencyMs = elapsedMs(request.startedAt);
      const route = request.routeOptions.url ?? 'unmatched';
      const provider = request.logFields.provider ?? 'none';
      metrics.observeRequest(route, request.method, status, provider, latencyMs / 1000);
      request.log.info(
        {
          requestId: request.requestId,
          org: request.principal?.orgId,
          model: request.logFields.servedModel ?? request.logFields.model,
          provider: request.logFields.provider,
          method: request.method,
          route,
          status,
          latencyMs: Math.round(latencyMs * 100) / 100,
        },
        'request completed',
      );
    },
  };
}

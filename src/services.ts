import { ConversationMemory } from './memory/conversation-memory.js';
import { extractAllInProcess, FactMemory } from './memory/fact-memory.js';
import { FactExtractor } from './memory/fact-extractor.js';
import { ModelHealth } from './routing/model-health.js';
import { MemoryWriter } from './memory/memory-writer.js';
import { memoryStage, type MemoryParts } from './pipeline/stages/memory-stage.js';
import { chainLimitsStage } from './pipeline/stages/chain-limits-stage.js';
import { StickyRoutes } from './routing/sticky-routes.js';
import { stickyRememberAfterWork, stickyRouteStage } from './pipeline/stages/sticky-route-stage.js';
import { TaskClassifier } from './routing/task-classifier/task-classifier.js';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { Authenticator } from './auth/authenticator.js';
import { join } from 'node:path';
import { UsageJournal } from './billing/usage-journal.js';
import { UsageLedger } from './billing/usage-ledger.js';
import type { Catalog } from './catalog/catalog.js';
import type { GatewayConfig } from './config/config-schema.js';
import type { ProviderRegistry } from './config/provider-registry.js';
import type { StreamObserver } from './http/sse-stream.js';
import { GatewayMetrics } from './observability/metrics.js';
import type { StaleConfigListener } from './shared/last-known-cache.js';
import { usageRecordAfterWork } from './pipeline/after-work/usage-record.js';
import { RequestRunner } from './pipeline/request-runner.js';
import type { GenericStage } from './pipeline/stage.js';
import { stageTable } from './pipeline/stage-table.js';
import { providerCallStage } from './pipeline/stages/provider-call-stage.js';
import { embeddingsCacheStage } from './pipeline/stages/embeddings-cache-stage.js';
import { requestRouter } from './pipeline/route-request.js';
import { elapsedMs } from './pipeline/timing.js';
import { ProviderKeyVault } from './providers/byok/provider-key-vault.js';
import { EncryptionKeyring } from './providers/byok/encryption-keyring.js';
import { OutboundAllowList } from './shared/outbound-address.js';
import { CircuitBreaker } from './providers/circuit-breaker.js';
import { KeyPool } from './providers/key-pool.js';
import { UpstreamExecutor } from './providers/upstream-executor.js';
import { wireAdapters } from './providers/wire-adapters.js';
import { ExactCache } from './cache/exact/exact-cache.js';
import { localEmbedder, modelEmbedder, type Embedder } from './cache/semantic/embedders.js';
import { englishLexicon } from './cache/semantic/lexicon.js';
import { SemanticCacheMonitor } from './cache/semantic/semantic-cache-monitor.js';
import { embedThroughGateway } from './pipeline/embed-through-gateway.js';
import type { RequestContext } from './pipeline/request-context.js';
import { SemanticCache } from './cache/semantic/semantic-cache.js';
import { semanticCacheStage } from './pipeline/stages/semantic-cache-stage.js';
import { exactCacheStage } from './pipeline/stages/exact-cache-stage.js';
import { outputVerificationStage } from './pipeline/stages/output-verification-stage.js';
import type { CatalogModel } from './catalog/catalog-types.js';
import { OrgPolicyService } from './governance/org-policy-service.js';
import { LimitsService } from './limits/limits-service.js';
import { budgetStage, limitsSettleAfterWork, rateLimitStage } from './pipeline/stages/limit-stages.js';
import { piiRedactionStage } from './pipeline/stages/pii-redaction-stage.js';
import { toolGovernanceStage } from './pipeline/stages/tool-governance-stage.js';
import type { RouterContext } from './routing/model-router.js';
import { ResponseArchive } from './archive/response-archive.js';
import { OrgSettingsService } from './settings/org-settings-service.js';
import { FailoverSharedState } from './storage/failover-shared-state.js';
import type { RecordStore } from './core/storage-interfaces.js';
import type { SharedState } from './core/shared-state.js';
import type { Tracing } from './observability/tracing.js';

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
  /** Internal hosts the platform lets org admins' BYOK base URLs reach (config security.byok_allowed_hosts). */
  outboundAllowList: OutboundAllowList;
  ledger: UsageLedger;
  metrics: GatewayMetrics;
  /** OpenTelemetry tracing, when the OTEL_* variables turn it on. */
  tracing: Tracing | undefined;
  /** The exact chat cache (L0 in process, L1 in Redis when configured). */
  exactCache: ExactCache;
  /** Org limits, switches and tool registries (cached; changes reach every instance). */
  policies: OrgPolicyService;
  /** rpm, tpm, monthly quotas and budgets, counted in the shared state. */
  limits: LimitsService;
  /** The semantic chat cache (an in-process index per org; shared through Redis when configured). */
  semanticCache: SemanticCache;
  /** Per org: the semantic cache's switch, hit counts and measured precision. */
  semanticMonitor: SemanticCacheMonitor;
  /** Stored Responses API answers (`store: true`). */
  responses: ResponseArchive;
  /** Model choice for requests outside the runner's chains (a realtime session). */
  router: RouterContext;
  /** Upstream targets with key pools, BYOK and failover, for calls outside the chains (a realtime session's connection). */
  executor: UpstreamExecutor;
  /** Conversation memory of full mode: recent turns (L1), facts (L2), and their writer after the answer. */
  memory: MemoryParts;
  /** The one request runner: every endpoint's stage chains, composed at start-up. */
  runner: RequestRunner;
  streamObserver: StreamObserver;
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
  tracing?: Tracing;
}

export async function createServices(parts: ServiceParts): Promise<GatewayServices> {
  const { config, catalog, providers, store, sharedState, logger, tracing } = parts;
  const metrics = new GatewayMetrics();
  const onStaleConfig = staleConfigReporter(logger, metrics);
  const keyring = await EncryptionKeyring.load(config);
  const outboundAllowList = new OutboundAllowList(config.security.byokAllowedHosts);
  const vault = new ProviderKeyVault(store.providerKeys, keyring, outboundAllowList, undefined, onStaleConfig);
  const health = new ModelHealth(config.storage.redisUrl ? sharedState : undefined);
  const circuitBreaker = new CircuitBreaker(sharedState, config.routing.circuitBreaker);
  metrics.watchCircuits(circuitBreaker);
  const executor = new UpstreamExecutor(
    providers,
    new KeyPool(sharedState),
    circuitBreaker,
    vault,
    { maxAttempts: config.routing.maxAttempts, deadlineMs: config.routing.deadlineMs },
    {
      upstreamError: (error) => metrics.upstreamErrors.inc({ provider: error.providerId, kind: error.kind, status: String(error.status ?? 0) }),
      keyCooledDown: (provider, status) => metrics.keyCooldowns.inc({ provider, status: String(status ?? 0) }),
      keyRotated: (provider) => metrics.keyRotations.inc({ provider }),
      circuitOpened: (circuit) => metrics.circuitOpenings.inc({ circuit }),
    },
    health,
  );
  const authenticator = new Authenticator(store.tenants, config.masterKey, undefined, undefined, onStaleConfig);
  // The write-ahead journal of the ledger lives under SVC_DATA_DIR, whatever the database.
  const journal = new UsageJournal(join(config.storage.dataDir, 'usage-journal'), (error, records) =>
    logger.error({ err: error, records }, 'usage journal write failed (disk full?): these records reach the database without their copy for a crash'),
  );
  const ledger = new UsageLedger(store, config.ledger, logger, journal, join(config.storage.dataDir, 'usage-dead-letters.ndjson'));
  ledger.replayOrphans();
  metrics.watchQueue(ledger.backlog);
  metrics.watchLedgerSetAside(() => ledger.setAside);
  await authenticator.listenForRevocations(sharedState);
  if (sharedState instanceof FailoverSharedState) metrics.watchSharedState(() => sharedState.degraded);
  const responses = new ResponseArchive(store.responses, { retentionMs: config.responses.retentionDays * 24 * 60 * 60 * 1000 }, logger);
  metrics.watchQueue(responses.backlog);
  const exact = config.cache.exact;
  const exactCache = new ExactCache(
    config.storage.redisUrl ? sharedState : undefined,
    { maxEntries: exact.maxEntries, maxBytes: exact.maxBytes, ttlMs: exact.ttlSeconds * 1000 },
    logger,
  );
  if (exactCache.backlog) metrics.watchQueue(exactCache.backlog);
  const policies = new OrgPolicyService(store.governance, undefined, onStaleConfig);
  await policies.listenForChanges(sharedState);
  const limits = new LimitsService(
    sharedState,
    async (scope, from) => {
      // Rows still queued would be missed: the ledger is flushed first (once per counter and month).
      await ledger.flush();
      const summary = await store.usage.summarizeUsage({ org_id: scope.keyId ? undefined : scope.orgId, key_id: scope.keyId, from, cache_hit: false });
      return { tokens: summary.total_tokens, usd: summary.cost_usd };
    },
    logger,
    (limit, scope) => metrics.limitRefusals.inc({ limit, scope }),
  );
  const semantic = config.cache.semantic;
  // The semantic cache's word data (lexicon/, ~130 ms to read) is read now, not by the first request.
  englishLexicon();
  const semanticCache = new SemanticCache(
    config.storage.redisUrl ? sharedState : undefined,
    { maxEntriesPerOrg: semantic.maxEntriesPerOrg, maxEntries: semantic.maxEntries, maxBytes: semantic.maxBytes, ttlMs: semantic.ttlSeconds * 1000 },
    logger,
  );
  if (semanticCache.backlog) metrics.watchQueue(semanticCache.backlog);
  const semanticMonitor = new SemanticCacheMonitor(
    sharedState,
    policies,
    {
      defaultSwitch: semantic.mode,
      verifySampleRate: semantic.verifySampleRate,
      precisionFloor: semantic.precisionFloor,
      minSamples: semantic.minShadowSamples,
      answerAgreement: semantic.answerAgreement,
    },
    logger,
    () => metrics.semanticCacheAutoOff.inc(),
  );
  // The semantic cache's model embeddings go through svc's own embeddings path (its cache, billed to the org).
  const embedder: Embedder<RequestContext<'chat'>> =
    semantic.embedder === 'local' ? localEmbedder : modelEmbedder(semantic.embedder, (parent: RequestContext<'chat'>, model, text): Promise<number[]> => embedThroughGateway(runner, parent, model, text));
  const embeddingsCache = embeddingsCacheStage();
  metrics.watchCaches({
    exact: () => ({ entries: exactCache.entries, bytes: exactCache.bytes }),
    semantic: () => ({ entries: semanticCache.index.entries, bytes: semanticCache.index.bytes }),
    embeddings: () => ({ entries: embeddingsCache.cache.size, bytes: embeddingsCache.cache.weight }),
  });
  const stickyRoutes = new StickyRoutes(sharedState);
  const turns = new ConversationMemory(sharedState);
  const factExtractor = new FactExtractor();
  const facts = new FactMemory(store.memoryFacts, (texts) => factExtractor.extract(texts).catch(() => extractAllInProcess(texts)));
  const memory: MemoryParts = { turns, facts, writer: new MemoryWriter(turns, facts, logger), extractor: factExtractor };
  for (const backlog of memory.writer.backlogs) metrics.watchQueue(backlog);
  // The extraction thread (and its ~40 MB) starts with the first conversation the memory stage sees, not with the gateway.
  const router: RouterContext = { catalog, isRoutable: (id: string) => providers.isConfigured(id), fallbacks: config.routing.fallbacks, lastResort: lastResortModels(catalog, providers), classifier: TaskClassifier.fromFile(), health };
  const route = requestRouter(router, wireAdapters);
  const runner: RequestRunner = new RequestRunner({
    route,
    table: stageTable,
    stages: {
      rate_limits: rateLimitStage(limits),
      sticky_route: stickyRouteStage(stickyRoutes, router, logger),
      chain_limits: chainLimitsStage(sharedState),
      memory_injection: memoryStage(memory, logger, route),
      pii_redaction: piiRedactionStage(),
      tool_governance: toolGovernanceStage(),
      budget: budgetStage(limits),
      exact_cache: exactCacheStage(exactCache, { maxTemperature: exact.maxTemperature, cacheSeeded: exact.cacheSeeded, seededOnly: exact.seededOnly }, catalog, (orgId) => semanticMonitor.countHit(orgId, 'exact')),
      semantic_cache: semantic.enabled
        ? semanticCacheStage({
            cache: semanticCache,
            embedder,
            policy: { maxTemperature: exact.maxTemperature, cacheSeeded: exact.cacheSeeded, seededOnly: exact.seededOnly },
            catalog,
            threshold: semantic.minSimilarity ?? embedder.defaultThreshold,
            maxTurns: semantic.maxTurns,
            scope: semantic.scope,
            monitor: semanticMonitor,
          })
        : passThrough('semantic_cache'),
      output_verification: outputVerificationStage({ minConfidence: config.verification.minConfidence, pickChecker: (served) => checkerFor(served, catalog, providers) }),
      embeddings_cache: embeddingsCache,
      provider_call: providerCallStage(executor, wireAdapters, { health, canCall: (id) => providers.isConfigured(id) }),
    },
    afterWork: [
      limitsSettleAfterWork(limits),
      usageRecordAfterWork(ledger),
      stickyRememberAfterWork(stickyRoutes, logger),
      { name: 'metrics', run: (context: RequestContext) => metrics.observeOutcome(context) },
      // What the request came to, on its trace (only when tracing is on).
      ...(tracing ? [{ name: 'trace', run: (context: RequestContext) => context.trace?.annotate(context) }] : []),
    ],
    fees: { audioFeePerMinuteUsd: config.billing.audioFeePerMinuteUsd },
    durability: { whenDurable: () => ledger.whenJournaled(), now: () => ledger.journalNow() },
    onAfterWorkError: (error, work, context) => logger.error({ err: error, work, requestId: context.requestId }, 'after-work failed'),
  });

  // The access line's fields are svc's own (ids, names, a status, a time), never a secret: it skips the redaction
  // pass the other lines get (its wildcard paths serialized each field once more: 1.9 % of a request's CPU at info).
  const accessLog = logger.child({}, { redact: [] });
  const observeCompletion = (request: FastifyRequest, status: number) => {
    const latencyMs = elapsedMs(request.startedAt);
    const route = request.routeOptions.url ?? 'unmatched';
    const provider = request.logFields.provider ?? 'none';
    metrics.observeRequest(route, request.method, status, provider, request.logFields.servedModel ?? 'none', latencyMs / 1000, request.logFields.errorCode);
    request.trace?.end(status, route);
    accessLog.info(
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
  };

  return {
    config,
    catalog,
    providers,
    store,
    sharedState,
    authenticator,
    settings: new OrgSettingsService(store.settings, undefined, onStaleConfig),
    vault,
    outboundAllowList,
    ledger,
    policies,
    limits,
    exactCache,
    semanticCache,
    semanticMonitor,
    responses,
    memory,
    router,
    executor,
    metrics,
    tracing,
    runner,
    streamObserver: {
      observeCompletion,
      logInternalFailure: (error, requestId) => logger.error({ err: error, requestId }, 'stream failed'),
      heartbeatMs: config.server.sseHeartbeatMs,
    },
    logger,
    observeCompletion,
  };
}

/** A chat model of another configured provider, of the served model's tier when there is one, to check its answers. */
function checkerFor(served: CatalogModel, catalog: Catalog, providers: ProviderRegistry): CatalogModel | undefined {
  const others = catalog.models.filter((model) => model.type === 'chat' && model.provider !== served.provider && providers.isConfigured(model.provider));
  return others.find((model) => model.tier === served.tier) ?? others[0];
}

/** In demo mode, a named model whose provider has no key is answered by the built-in model of its type. */
function lastResortModels(catalog: Catalog, providers: ProviderRegistry): RouterContext['lastResort'] {
  if (!providers.demoActive) return undefined;
  const lastResort: NonNullable<RouterContext['lastResort']> = {};
  for (const provider of catalog.providers.filter((row) => row.built_in)) {
    for (const model of catalog.listModels({ provider: provider.id })) lastResort[model.type] ??= model;
  }
  return lastResort;
}

/** A stage switched off in the config: it passes every request on. */
function passThrough(name: string): GenericStage {
  return { name, intercept: (_context, next) => next() };
}

/** Counts each piece of config served as last read, and says so in the log at most every 10 s (an outage is one event, not one a request). */
function staleConfigReporter(logger: Logger, metrics: GatewayMetrics): StaleConfigListener {
  let warnedAt = 0;
  return (what, cause) => {
    metrics.staleConfig.inc({ what });
    if (Date.now() - warnedAt < 10_000) return;
    warnedAt = Date.now();
    logger.warn({ err: cause, what }, 'the database did not answer in time: serving the API keys, policies and settings last read (for up to an hour)');
  };
}

import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.js';
import { KeyIssuer } from './auth/key-issuer.js';
import { loadCatalog } from './catalog/catalog.js';
import type { GatewayConfig } from './config/config-schema.js';
import { loadConfig } from './config/load-config.js';
import { buildProviderRegistry } from './config/provider-registry.js';
import { loggerOptions } from './observability/logger.js';
import { TurnBatchedDestination } from './observability/log-destination.js';
import { closeHttpClient } from './providers/shared/http-client.js';
import { createServices, type GatewayServices } from './services.js';
import { settlesBy } from './shared/deadline.js';
import { openRecordStore, openSharedState } from './storage/open-storage.js';
import { Tracing } from './observability/tracing.js';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

export interface Gateway {
  app: FastifyInstance;
  services: GatewayServices;
  config: GatewayConfig;
  /** Listens on the configured host and port; returns the address. */
  listen(): Promise<string>;
  /** Graceful stop: no new connections, in-flight requests and streams finish (bounded), queues flushed. */
  close(): Promise<void>;
}

/** Wires config, catalog, storage and services into a ready app (used by `svc serve` and by tests). */
export interface GatewayOptions {
  logger?: Logger;
  /** Spans go here instead of to the exporters the OTEL_* variables name (tests: an in-memory exporter). */
  spanExporter?: SpanExporter;
}

/** How long, after the requests (`server.shutdown_timeout_ms`), the stop waits for the queued writes at most. */
export const QUEUE_FLUSH_GRACE_MS = 5_000;
/** And then for the database's and Redis's connections to close. */
const STORE_CLOSE_MS = 1_000;

export async function createGateway(env: NodeJS.ProcessEnv = process.env, options: GatewayOptions = {}): Promise<Gateway> {
  const catalog = await loadCatalog();
  const config = await loadConfig(env, catalog);
  // stdout, the lines of one turn of the event loop in one write at its end; flushed at shutdown and exit.
  const logger = options.logger ?? pino(loggerOptions(config.logLevel), new TurnBatchedDestination(1));
  const providers = buildProviderRegistry(config, catalog);
  const store = await openRecordStore(config.storage);
  const sharedState = await openSharedState({ redisUrl: config.storage.redisUrl, keyPrefix: config.storage.redisKeyPrefix, logger });
  await new KeyIssuer(store.tenants).ensureDefaultOrg();
  const tracing = await Tracing.start(env, { exporter: options.spanExporter });
  if (tracing) logger.info({ exporter: options.spanExporter ? 'injected' : (env.OTEL_TRACES_EXPORTER ?? 'otlp') }, 'OpenTelemetry tracing on');
  const services = await createServices({ config, catalog, providers, store, sharedState, logger, tracing });
  const app = await buildApp(services, logger);

  let closing: Promise<void> | undefined;
  return {
    app,
    services,
    config,
    async listen() {
      return app.listen({ host: config.server.host, port: config.server.port });
    },
    close() {
      closing ??= (async () => {
        const timeout = new Promise<'timed_out'>((resolve) => setTimeout(() => resolve('timed_out'), config.server.shutdownTimeoutMs).unref());
        // server.close() drops only the connections idle at that moment; one whose response ends later would hold
        // the stop until its keep-alive time-out (5 s), so idle connections are swept until the app has closed.
        const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
        const drained = await Promise.race([app.close().then(() => 'drained' as const), timeout]).finally(() => clearInterval(sweep));
        if (drained === 'timed_out') logger.warn({ timeoutMs: config.server.shutdownTimeoutMs }, 'shutdown time-out: cutting the requests still running');
        // Past the time-out, upstream calls still running are cut so the process can stop.
        await closeHttpClient({ force: drained === 'timed_out' });
        // A database or Redis that stopped answering would hold each queue's flush for its queries' time-out (60 s),
        // once a retry: the queues get QUEUE_FLUSH_GRACE_MS, the stores STORE_CLOSE_MS more. What the ledger could not
        // write stays in its journal for the next start; what the other queues hold (answers to cache, stored Responses,
        // turns to remember) is lost (the Responses archive logs how many).
        const giveUpAt = Date.now() + QUEUE_FLUSH_GRACE_MS;
        await settlesBy(services.limits.drain(), giveUpAt);
        await Promise.all([
          services.ledger.close(giveUpAt),
          services.responses.close(giveUpAt),
          services.exactCache.close(giveUpAt),
          services.semanticCache.close(giveUpAt),
          services.memory.writer.close(giveUpAt).then(() => services.memory.extractor?.close()),
          settlesBy(services.semanticMonitor.flushHits(), giveUpAt),
        ]);
        const storesClosed = await settlesBy(Promise.allSettled([store.close(), sharedState.close(), tracing?.shutdown()]), Math.max(giveUpAt, Date.now()) + STORE_CLOSE_MS);
        if (!storesClosed) logger.warn({ timeoutMs: STORE_CLOSE_MS }, 'shutdown: the database or Redis did not close in time; stopping without them');
        await new Promise<void>((resolve) => logger.flush(() => resolve()));
      })();
      return closing;
    },
  };
}

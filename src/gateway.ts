import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.js';
import { KeyIssuer } from './auth/key-issuer.js';
import { loadCatalog } from './catalog/catalog.js';
import type { GatewayConfig } from './config/config-schema.js';
import { loadConfig } from './config/load-config.js';
import { buildProviderRegistry } from './config/provider-registry.js';
import { loggerOptions } from './observability/logger.js';
import { closeHttpClient } from './providers/shared/http-client.js';
import { createServices, type GatewayServices } from './services.js';
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

export async function createGateway(env: NodeJS.ProcessEnv = process.env, options: GatewayOptions = {}): Promise<Gateway> {
  const catalog = await loadCatalog();
  const config = await loadConfig(env, catalog);
  // Asynchronous, buffered stdout: a log line never blocks the event loop; flushed at shutdown.
  const logger = options.logger ?? pino(loggerOptions(config.logLevel), pino.destination({ dest: 1, sync: false }));
  const providers = buildProviderRegistry(config, catalog);
  const store = await openRecordStore({ databaseUrl: config.storage.databaseUrl, dataDir: config.storage.dataDir });
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
        await services.limits.drain();
        await Promise.all([services.ledger.close(), services.responses.close(), services.exactCache.close(), services.semanticCache.close(), services.memory.writer.close().then(() => services.memory.extractor?.close()), services.semanticMonitor.flushHits()]);
        await Promise.allSettled([store.close(), sharedState.close(), tracing?.shutdown()]);
        await new Promise<void>((resolve) => logger.flush(() => resolve()));
      })();
      return closing;
    },
  };
}

import type { Catalog } from '../catalog/catalog.js';
import type { CatalogProvider, WireFormat } from '../catalog/catalog-types.js';
import { type ProviderRuntime } from '../providers/provider-types.js';
import { configDefaults, type GatewayConfig, type ProviderConfig } from './config-schema.js';
import { ConfigError } from './load-config.js';

/** Every provider the gateway knows, as runtime records, indexed by id. */
export interface ProviderRegistry {
  get(id: string): ProviderRuntime | undefined;
  /** Catalog providers in providers.json order, then custom providers in config order. */
  all(): ProviderRuntime[];
  /** Providers with at least one platform key: the ones routable without BYOK. */
  configured(): ProviderRuntime[];
  isConfigured(id: string): boolean;
  /** True while the built-in demo provider answers (no real provider configured, demo enabled). */
  readonly demoActive: boolean;
}

/**
 * A built-in provider answers in process: its pool holds this one placeholder so that routing, key rotation
 * and failover treat it as any configured provider. It is never sent anywhere.
 */
const IN_PROCESS_KEY = 'in-process';

/** OpenAI-compatible servers (vLLM, Ollama, LM Studio…) implement these two endpoints. */
const openAiCompatiblePaths = { chat: '/chat/completions', embeddings: '/embeddings' };

/** Drops trailing slashes so that `baseUrl + path` never doubles the slash. */
function trimBaseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * What a custom provider of a given wire looks like on the wire: the catalog provider whose id is that wire
 * (anthropic, gemini, …) lends its auth, required headers and relative paths. Absolute paths (the vendor's
 * websocket URLs) are left out: they point at the vendor, not at the custom host.
 */
function customShape(wire: WireFormat, catalog: Catalog): Pick<ProviderRuntime, 'auth' | 'requiredHeaders' | 'paths'> {
  if (wire === 'openai') {
    return { auth: { header: 'Authorization', prefix: 'Bearer ' }, requiredHeaders: {}, paths: { ...openAiCompatiblePaths } };
  }
  const reference = catalog.getProvider(wire);
  if (!reference) throw new Error(`catalog has no "${wire}" provider to describe that wire`);
  const paths = Object.fromEntries(Object.entries(reference.paths).filter(([, path]) => path.startsWith('/')));
  return { auth: { ...reference.auth }, requiredHeaders: { ...reference.required_headers }, paths };
}

function runtimeFor(id: string, settings: ProviderConfig, catalogRow: CatalogProvider | undefined, catalog: Catalog, source: string): ProviderRuntime {
  const wire = catalogRow?.wire ?? settings.wire;
  const baseUrl = settings.baseUrl ?? catalogRow?.base_url;
  // loadConfig rejects these; a hand-built config may not have gone through it.
  if (!wire || !baseUrl) throw new ConfigError(source, [`providers.${id} is not in the catalog, so it needs both wire and base_url`]);
  const shape = catalogRow
    ? { auth: { ...catalogRow.auth }, requiredHeaders: { ...catalogRow.required_headers }, paths: { ...catalogRow.paths } }
    : customShape(wire, catalog);
  const runtime: ProviderRuntime = { id, wire, baseUrl: trimBaseUrl(baseUrl), ...shape, apiKeys: [...settings.apiKeys], timeouts: { ...settings.timeouts } };
  if (catalogRow?.chat_options) runtime.chatOptions = catalogRow.chat_options;
  if (catalogRow?.embeddings_options) runtime.embeddingsOptions = catalogRow.embeddings_options;
  if (catalogRow?.otel_name) runtime.telemetryName = catalogRow.otel_name;
  return runtime;
}

/**
 * Builds the runtime record of every catalog provider plus every custom provider of the config, and
 * registers each provider's declared `models` in the catalog (so `my-vllm/llama-3.1-8b` resolves).
 */
export function buildProviderRegistry(config: GatewayConfig, catalog: Catalog): ProviderRegistry {
  const byId = new Map<string, ProviderRuntime>();
  const source = config.configFile ?? 'the configuration';
  // loadConfig gives every catalog provider an entry; a hand-built config may leave some out.
  const unset: ProviderConfig = { apiKeys: [], models: [], timeouts: { ...configDefaults.timeouts } };
  for (const catalogRow of catalog.providers) {
    byId.set(catalogRow.id, runtimeFor(catalogRow.id, config.providers[catalogRow.id] ?? unset, catalogRow, catalog, source));
  }
  for (const [id, settings] of Object.entries(config.providers)) {
    if (!byId.has(id)) byId.set(id, runtimeFor(id, settings, undefined, catalog, source));
  }
  for (const [id, settings] of Object.entries(config.providers)) {
    if (settings.models.length > 0) catalog.addProviderModels(id, byId.get(id)!.wire, settings.models);
  }

  // The demo provider stands in only while nothing real is configured: a key anywhere retires it.
  const builtIn = new Set(catalog.providers.filter((provider) => provider.built_in).map((provider) => provider.id));
  const demoActive = config.demo.enabled && ![...byId.values()].some((provider) => provider.apiKeys.length > 0);
  for (const id of builtIn) byId.get(id)!.apiKeys = demoActive ? [IN_PROCESS_KEY] : [];

  const all = [...byId.values()];
  const configured = all.filter((provider) => provider.apiKeys.length > 0);
  const configuredIds = new Set(configured.map((provider) => provider.id));
  return {
    get: (id) => byId.get(id),
    // Copies: a caller sorting or filtering the list must not reorder the registry.
    all: () => [...all],
    configured: () => [...configured],
    isConfigured: (id) => configuredIds.has(id),
    demoActive,
  };
}

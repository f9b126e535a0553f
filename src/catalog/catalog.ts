import { access, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogModel, CatalogProvider, ModelType, WireFormat } from './catalog-types.js';

export interface ModelFilter {
  type?: ModelType;
  provider?: string;
}

/**
 * The model and provider catalog, indexed once so that per-request lookups are Map hits.
 *
 * Name resolution (`resolveModel`):
 * 1. An exact slug (`openai/gpt-4o-mini`, `openrouter/meta-llama/llama-3.3-70b-instruct`) wins.
 *    So `openai/gpt-5-mini` is OpenAI's own model even though it is also OpenRouter's upstream id.
 * 2. Otherwise the name is taken as a bare upstream id (`gpt-4o-mini`, `meta-llama/llama-3.3-70b-instruct`).
 *    When several providers serve the same upstream id (`gpt-oss-120b` on cerebras and sambanova), the
 *    provider listed first in providers.json wins; models added for configured providers come after every
 *    catalog provider, so a declared model never takes a bare name away from a catalog row.
 * Names are matched exactly (upstream ids are case-sensitive at several providers).
 */
export class Catalog {
  readonly models: CatalogModel[];
  readonly providers: CatalogProvider[];
  private readonly providersById = new Map<string, CatalogProvider>();
  private readonly modelsBySlug = new Map<string, CatalogModel>();
  private readonly modelsByUpstreamName = new Map<string, CatalogModel>();
  /** Position of each provider in providers.json: the tie-break order for bare names. */
  private readonly providerOrder = new Map<string, number>();

  constructor(models: CatalogModel[], providers: CatalogProvider[]) {
    this.providers = [...providers];
    this.models = [];
    providers.forEach((provider, index) => {
      if (this.providersById.has(provider.id)) throw new Error(`catalog: provider "${provider.id}" is listed twice`);
      this.providersById.set(provider.id, provider);
      this.providerOrder.set(provider.id, index);
    });
    for (const model of models) {
      const provider = this.providersById.get(model.provider);
      if (!provider) throw new Error(`catalog: model "${model.slug}" names unknown provider "${model.provider}"`);
      if (provider.wire !== model.wire) {
        throw new Error(`catalog: model "${model.slug}" has wire "${model.wire}" but provider "${provider.id}" speaks "${provider.wire}"`);
      }
    }
    // Stable sort by provider order so the first row indexed under a bare name is the tie-break winner.
    const ordered = [...models].sort((a, b) => this.providerOrder.get(a.provider)! - this.providerOrder.get(b.provider)!);
    for (const model of ordered) this.index(model);
    // `models` keeps file order: listings should look like the shipped data.
    this.models.push(...models);
  }

  getProvider(id: string): CatalogProvider | undefined {
    return this.providersById.get(id);
  }

  getModel(slug: string): CatalogModel | undefined {
    return this.modelsBySlug.get(slug);
  }

  /** A slug or a bare upstream name → its catalog row (see the class comment for the order). */
  resolveModel(name: string): CatalogModel | undefined {
    return this.modelsBySlug.get(name) ?? this.modelsByUpstreamName.get(name);
  }

  listModels(filter: ModelFilter = {}): CatalogModel[] {
    return this.models.filter(
      (model) => (filter.type === undefined || model.type === filter.type) && (filter.provider === undefined || model.provider === filter.provider),
    );
  }

  /**
   * Declares models served by a configured provider (a custom self-hosted one, or extra ids of a catalog
   * provider). Each becomes a chat row `<provider>/<model>` in tier T2, lane smart, with zero prices: the
   * gateway cannot know what a self-hosted model costs or can do, so it is passed through and the upstream
   * decides. A name that already has a catalog row keeps that row (it has real prices). Returns the rows.
   */
  addProviderModels(providerId: string, wire: WireFormat, modelNames: readonly string[]): CatalogModel[] {
    const catalogProvider = this.providersById.get(providerId);
    if (catalogProvider && catalogProvider.wire !== wire) {
      throw new Error(`catalog: provider "${providerId}" speaks "${catalogProvider.wire}", not "${wire}"`);
    }
    return modelNames.map((upstreamModel) => {
      const slug = `${providerId}/${upstreamModel}`;
      const existing = this.modelsBySlug.get(slug);
      if (existing) return existing;
      const model: CatalogModel = {
        slug,
        provider: providerId,
        upstream_model: upstreamModel,
        type: 'chat',
        wire,
        tier: 'T2',
        lane: 'smart',
        context_window: null,
        pricing: { input_per_mtok: 0, output_per_mtok: 0 },
        capabilities: ['streaming', 'tools', 'json_mode'],
      };
      this.index(model);
      this.models.push(model);
      return model;
    });
  }

  private index(model: CatalogModel): void {
    if (this.modelsBySlug.has(model.slug)) throw new Error(`catalog: model slug "${model.slug}" is listed twice`);
    this.modelsBySlug.set(model.slug, model);
    if (!this.modelsByUpstreamName.has(model.upstream_model)) this.modelsByUpstreamName.set(model.upstream_model, model);
  }
}

let packageRootPromise: Promise<string> | undefined;

/** The package root: the first ancestor of this file holding catalog/models.json (works from src/ and dist/src/). */
export function findPackageRoot(): Promise<string> {
  packageRootPromise ??= (async () => {
    const start = dirname(fileURLToPath(import.meta.url));
    let directory = start;
    for (;;) {
      try {
        await access(join(directory, 'catalog', 'models.json'));
        return directory;
      } catch {
        const parent = dirname(directory);
        if (parent === directory) throw new Error(`catalog/models.json not found in any parent of ${start}`);
        directory = parent;
      }
    }
  })();
  return packageRootPromise;
}

async function readJsonArray<T>(path: string): Promise<T[]> {
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${path}: expected a JSON array`);
  return parsed as T[];
}

/** Reads the shipped catalog. Each call builds a fresh Catalog, because configured providers add rows to it. */
export async function loadCatalog(): Promise<Catalog> {
  const root = await findPackageRoot();
  const [models, providers] = await Promise.all([
    readJsonArray<CatalogModel>(join(root, 'catalog', 'models.json')),
    readJsonArray<CatalogProvider>(join(root, 'catalog', 'providers.json')),
  ]);
  return new Catalog(models, providers);
}

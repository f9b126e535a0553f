import type { FastifyInstance } from 'fastify';
import type { CatalogModel } from '../catalog/catalog-types.js';
import { GatewayError } from '../errors/gateway-error.js';
import type { GatewayServices } from '../services.js';

/** GET /v1/models (models whose provider is configured) and GET /v1/models/{slug} (any catalog model). */
export function registerModelsRoutes(app: FastifyInstance, services: GatewayServices): void {
  const describe = (model: CatalogModel) => ({
    id: model.slug,
    object: 'model',
    created: 0,
    owned_by: model.provider,
    type: model.type,
    upstream_model: model.upstream_model,
    tier: model.tier,
    lane: model.lane,
    context_window: model.context_window,
    capabilities: model.capabilities,
    pricing: model.pricing,
    available: services.providers.isConfigured(model.provider),
    ...(model.lifecycle ? { lifecycle: model.lifecycle } : {}),
  });

  app.get('/v1/models', { config: { family: 'models' } }, async () => ({
    object: 'list',
    data: services.catalog.models.filter((model) => services.providers.isConfigured(model.provider)).map(describe),
  }));

  app.get('/v1/models/*', { config: { family: 'models' } }, async (request) => {
    const name = decodeURIComponent((request.params as { '*': string })['*']);
    const model = services.catalog.resolveModel(name);
    if (!model) throw new GatewayError('resource_not_found', `Model ${JSON.stringify(name)} is not in the catalog`, { param: 'model' });
    return describe(model);
  });
}

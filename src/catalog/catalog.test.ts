import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Catalog, loadCatalog } from './catalog.js';
import type { CatalogModel, CatalogProvider } from './catalog-types.js';

const catalog = await loadCatalog();

test('the shipped catalog loads every provider and model', () => {
  // 15 researched providers, and the built-in demo provider.
  assert.equal(catalog.providers.length, 16);
  assert.equal(catalog.providers.filter((provider) => provider.built_in).map((provider) => provider.id).join(), 'demo');
  assert.ok(catalog.models.length >= 90, `only ${catalog.models.length} models`);
  assert.equal(catalog.getProvider('anthropic')?.wire, 'anthropic');
  assert.equal(catalog.getProvider('nope'), undefined);
});

test('a slug resolves to its own row', () => {
  const model = catalog.resolveModel('openai/gpt-4o-mini');
  assert.equal(model?.slug, 'openai/gpt-4o-mini');
  assert.equal(model?.provider, 'openai');
  assert.equal(model?.upstream_model, 'gpt-4o-mini');
});

test('a bare upstream name resolves to the one slug that serves it', () => {
  assert.equal(catalog.resolveModel('gpt-4o-mini')?.slug, 'openai/gpt-4o-mini');
  assert.equal(catalog.resolveModel('meta-llama/llama-3.3-70b-instruct')?.slug, 'openrouter/meta-llama/llama-3.3-70b-instruct');
  assert.equal(catalog.resolveModel('llama-3.3-70b-versatile')?.slug, 'groq/llama-3.3-70b-versatile');
});

test('an aggregator slug keeps its extra segment', () => {
  const model = catalog.resolveModel('openrouter/meta-llama/llama-3.3-70b-instruct');
  assert.equal(model?.provider, 'openrouter');
  assert.equal(model?.upstream_model, 'meta-llama/llama-3.3-70b-instruct');
});

test('a slug wins over an equal upstream name of an aggregator', () => {
  // openrouter/openai/gpt-5-mini has upstream id "openai/gpt-5-mini", which is also OpenAI's own slug.
  assert.equal(catalog.resolveModel('openai/gpt-5-mini')?.provider, 'openai');
});

test('gpt-oss-120b goes to the provider listed first in providers.json', () => {
  const order = catalog.providers.map((provider) => provider.id);
  assert.ok(order.indexOf('cerebras') < order.indexOf('sambanova'), 'test assumes cerebras is listed before sambanova');
  assert.equal(catalog.resolveModel('gpt-oss-120b')?.slug, 'cerebras/gpt-oss-120b');
  assert.equal(catalog.resolveModel('sambanova/gpt-oss-120b')?.provider, 'sambanova');
});

test('the bare-name tie-break follows provider order, not model order', () => {
  const provider = (id: string): CatalogProvider => ({
    id, name: id, wire: 'openai', base_url: `https://${id}.test/v1`, auth: { header: 'Authorization', prefix: 'Bearer ' }, env: `${id.toUpperCase()}_API_KEY`, paths: {},
  });
  const model = (providerId: string): CatalogModel => ({
    slug: `${providerId}/shared-model`, provider: providerId, upstream_model: 'shared-model', type: 'chat', wire: 'openai',
    tier: 'T2', lane: 'smart', context_window: null, pricing: {}, capabilities: [],
  });
  const small = new Catalog([model('second'), model('first')], [provider('first'), provider('second')]);
  assert.equal(small.resolveModel('shared-model')?.slug, 'first/shared-model');
  assert.deepEqual(small.models.map((row) => row.slug), ['second/shared-model', 'first/shared-model']);
});

test('unknown names resolve to undefined', () => {
  assert.equal(catalog.resolveModel('gpt-9-ultra'), undefined);
  assert.equal(catalog.resolveModel('openai/gpt-9-ultra'), undefined);
  assert.equal(catalog.resolveModel(''), undefined);
  assert.equal(catalog.resolveModel('GPT-4O-MINI'), undefined);
});

test('every model names a catalog provider and speaks its wire', () => {
  for (const model of catalog.models) {
    const provider = catalog.getProvider(model.provider);
    assert.ok(provider, `${model.slug}: provider ${model.provider} missing`);
    assert.equal(model.wire, provider.wire, `${model.slug}: wire ${model.wire} differs from provider wire ${provider.wire}`);
    assert.ok(model.slug.startsWith(`${model.provider}/`), `${model.slug} does not start with its provider`);
  }
});

test('a catalog with a model of an unknown provider or a different wire is rejected', () => {
  const provider: CatalogProvider = {
    id: 'known', name: 'Known', wire: 'openai', base_url: 'https://known.test/v1', auth: { header: 'Authorization', prefix: 'Bearer ' }, env: 'KNOWN_API_KEY', paths: {},
  };
  const model: CatalogModel = {
    slug: 'ghost/m', provider: 'ghost', upstream_model: 'm', type: 'chat', wire: 'openai', tier: 'T1', lane: 'smart', context_window: null, pricing: {}, capabilities: [],
  };
  assert.throws(() => new Catalog([model], [provider]), /unknown provider "ghost"/);
  assert.throws(() => new Catalog([{ ...model, slug: 'known/m', provider: 'known', wire: 'anthropic' }], [provider]), /wire "anthropic"/);
});

test('listModels filters by type and provider', () => {
  const embeddings = catalog.listModels({ type: 'embedding' });
  assert.equal(embeddings.length, 6); // 5 researched, and the demo provider's
  assert.ok(embeddings.every((model) => model.type === 'embedding'));
  const groqChat = catalog.listModels({ type: 'chat', provider: 'groq' });
  assert.ok(groqChat.length > 0);
  assert.ok(groqChat.every((model) => model.type === 'chat' && model.provider === 'groq'));
  assert.equal(catalog.listModels().length, catalog.models.length);
});

test('addProviderModels adds resolvable chat rows without taking over catalog names', async () => {
  const fresh = await loadCatalog();
  const before = fresh.models.length;
  const [added, kept] = fresh.addProviderModels('my-vllm', 'openai', ['llama-3.1-8b', 'gpt-4o-mini']);
  assert.equal(fresh.models.length, before + 2);
  assert.deepEqual(
    { slug: added.slug, type: added.type, tier: added.tier, lane: added.lane, wire: added.wire, pricing: added.pricing },
    { slug: 'my-vllm/llama-3.1-8b', type: 'chat', tier: 'T2', lane: 'smart', wire: 'openai', pricing: { input_per_mtok: 0, output_per_mtok: 0 } },
  );
  assert.equal(kept.slug, 'my-vllm/gpt-4o-mini');
  assert.equal(fresh.resolveModel('my-vllm/llama-3.1-8b'), added);
  assert.equal(fresh.resolveModel('llama-3.1-8b'), added);
  assert.equal(fresh.resolveModel('gpt-4o-mini')?.slug, 'openai/gpt-4o-mini');
  // A catalog provider keeps its priced row, and its wire cannot change.
  assert.equal(fresh.addProviderModels('openai', 'openai', ['gpt-4o-mini'])[0], fresh.getModel('openai/gpt-4o-mini'));
  assert.throws(() => fresh.addProviderModels('openai', 'anthropic', ['x']), /speaks "openai"/);
  // Catalogs are independent: the shared one did not get the rows.
  assert.equal(catalog.resolveModel('my-vllm/llama-3.1-8b'), undefined);
});

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalog } from '../catalog/catalog.js';
import { loadConfig } from './load-config.js';
import { buildProviderRegistry } from './provider-registry.js';

const directory = await mkdtemp(join(tmpdir(), 'svc-registry-'));
after(() => rm(directory, { recursive: true, force: true }));

/** A fresh catalog, config and registry: the registry adds rows to its catalog. */
async function build(env: NodeJS.ProcessEnv, yaml?: string) {
  const catalog = await loadCatalog();
  if (yaml !== undefined) {
    const path = join(directory, `config-${Math.random().toString(36).slice(2)}.yaml`);
    await writeFile(path, yaml);
    env = { ...env, SVC_CONFIG: path };
  }
  const config = await loadConfig(env, catalog);
  return { catalog, registry: buildProviderRegistry(config, catalog) };
}

test('every catalog provider has a runtime record; configured() lists only those with keys', async () => {
  const { catalog, registry } = await build({ OPENAI_API_KEY: 'sk-1,sk-2', ANTHROPIC_API_KEY: 'sk-ant' });
  assert.deepEqual(registry.all().map((provider) => provider.id), catalog.providers.map((provider) => provider.id));
  assert.deepEqual(registry.configured().map((provider) => provider.id), ['openai', 'anthropic']);
  assert.equal(registry.isConfigured('openai'), true);
  assert.equal(registry.isConfigured('groq'), false);
  assert.equal(registry.isConfigured('nope'), false);
  assert.deepEqual(registry.get('openai')?.apiKeys, ['sk-1', 'sk-2']);
  assert.deepEqual(registry.get('groq')?.apiKeys, []);
  assert.equal(registry.get('nope'), undefined);
  // A caller reordering a list does not reorder the registry.
  registry.all().reverse();
  assert.equal(registry.all()[0].id, catalog.providers[0].id);
});

test('catalog rows supply base URL, auth, required headers and paths', async () => {
  const { registry } = await build({});
  const anthropic = registry.get('anthropic')!;
  assert.equal(anthropic.wire, 'anthropic');
  assert.equal(anthropic.baseUrl, 'https://api.anthropic.com');
  assert.deepEqual(anthropic.requiredHeaders, { 'anthropic-version': '2023-06-01' });
  assert.equal(anthropic.paths.messages, '/v1/messages');
  assert.deepEqual(anthropic.auth, { header: 'x-api-key', prefix: '' });
  assert.deepEqual(registry.get('groq')?.requiredHeaders, {});
  assert.deepEqual(registry.get('groq')?.timeouts, { connectMs: 10000, firstByteMs: 60000, idleMs: 60000 });
});

test('OPENAI_BASE_URL overrides the catalog base URL (trailing slash dropped)', async () => {
  const { registry } = await build({ OPENAI_BASE_URL: 'http://127.0.0.1:4010/v1/' });
  assert.equal(registry.get('openai')?.baseUrl, 'http://127.0.0.1:4010/v1');
  assert.equal(registry.get('openai')?.paths.chat, '/chat/completions');
  assert.equal(registry.get('groq')?.baseUrl, 'https://api.groq.com/openai/v1');
});

test('custom providers get their wire shape and their models resolve through the catalog', async () => {
  const { catalog, registry } = await build(
    { MY_VLLM_API_KEY: 'local-key' },
    `
providers:
  my-vllm: { wire: openai, base_url: http://10.0.0.5:8000/v1, models: [llama-3.1-8b, qwen-local] }
  claude-proxy: { wire: anthropic, base_url: https://proxy.example, api_keys: [p], models: [claude-house] }
  gemini-proxy: { wire: gemini, base_url: https://gproxy.example }
  openai: { models: [gpt-house-tuned] }
`,
  );
  const vllm = registry.get('my-vllm')!;
  assert.equal(vllm.baseUrl, 'http://10.0.0.5:8000/v1');
  assert.deepEqual(vllm.paths, { chat: '/chat/completions', embeddings: '/embeddings' });
  assert.deepEqual(vllm.auth, { header: 'Authorization', prefix: 'Bearer ' });
  assert.deepEqual(vllm.apiKeys, ['local-key']);
  assert.deepEqual(registry.configured().map((provider) => provider.id), ['my-vllm', 'claude-proxy']);
  assert.deepEqual(registry.all().slice(-3).map((provider) => provider.id), ['my-vllm', 'claude-proxy', 'gemini-proxy']);

  const claudeProxy = registry.get('claude-proxy')!;
  assert.deepEqual(claudeProxy.requiredHeaders, { 'anthropic-version': '2023-06-01' });
  assert.equal(claudeProxy.paths.messages, '/v1/messages');
  // The vendor's websocket URL must not leak into a custom host's paths.
  assert.ok(Object.values(registry.get('gemini-proxy')!.paths).every((path) => path.startsWith('/')));

  assert.equal(catalog.resolveModel('my-vllm/llama-3.1-8b')?.provider, 'my-vllm');
  assert.equal(catalog.resolveModel('qwen-local')?.slug, 'my-vllm/qwen-local');
  assert.equal(catalog.resolveModel('claude-house')?.wire, 'anthropic');
  assert.equal(catalog.resolveModel('openai/gpt-house-tuned')?.tier, 'T2');
  assert.equal(catalog.listModels({ provider: 'my-vllm' }).length, 2);
});

test('catalog chat_options reach the runtime: OpenAI takes max_completion_tokens, others the default', async () => {
  const catalog = await loadCatalog();
  const registry = buildProviderRegistry(await loadConfig({}, catalog), catalog);
  assert.equal(registry.get('openai')?.chatOptions?.max_tokens_field, 'max_completion_tokens');
  assert.equal(registry.get('groq')?.chatOptions?.max_tokens_field, undefined);
});

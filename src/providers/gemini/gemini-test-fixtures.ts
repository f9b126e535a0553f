import { readFileSync } from 'node:fs';
import type { CatalogModel, CatalogProvider } from '../../catalog/catalog-types.js';
import type { ChatRequest } from '../../core/chat-types.js';
import type { UpstreamTarget } from '../provider-types.js';
import { geminiChatAdapter } from './index.js';
import type { GeminiRequest } from './wire-types.js';

/** The shipped gemini row of catalog/providers.json, so tests notice when the catalog changes. */
const catalogProvider = (JSON.parse(readFileSync(new URL('../../../catalog/providers.json', import.meta.url), 'utf8')) as CatalogProvider[]).find(
  (provider) => provider.id === 'gemini',
)!;

/** A Gemini upstream target built from the catalog row; `baseUrl` points it at a mock. */
export function geminiTarget(options: { baseUrl?: string; upstreamModel?: string; apiKey?: string } = {}): UpstreamTarget {
  const baseUrl = options.baseUrl ?? catalogProvider.base_url;
  const model: CatalogModel = {
    slug: `gemini/${options.upstreamModel ?? 'gemini-2.5-flash'}`,
    provider: 'gemini',
    upstream_model: options.upstreamModel ?? 'gemini-2.5-flash',
    type: 'chat',
    wire: 'gemini',
    tier: 'T2',
    lane: 'smart',
    context_window: 1_048_576,
    pricing: {},
    capabilities: ['tools', 'json_schema', 'streaming', 'reasoning'],
  };
  return {
    provider: {
      id: 'gemini',
      wire: 'gemini',
      baseUrl,
      auth: catalogProvider.auth,
      requiredHeaders: catalogProvider.required_headers ?? {},
      paths: catalogProvider.paths,
      apiKeys: ['test-key'],
      timeouts: { connectMs: 1000, firstByteMs: 5000, idleMs: 5000 },
    },
    model,
    apiKey: options.apiKey ?? 'test-key',
    baseUrl,
    keySource: 'pool',
  };
}

/** Builds the upstream request and returns its parsed body, URL, headers and the warnings. */
export function buildGeminiRequest(request: Partial<ChatRequest>, target: UpstreamTarget = geminiTarget()) {
  const warnings: string[] = [];
  const chatRequest: ChatRequest = { model: 'gemini/gemini-2.5-flash', messages: [{ role: 'user', content: 'Hi' }], ...request };
  const http = geminiChatAdapter.buildChatRequest(chatRequest, target, warnings);
  return { body: JSON.parse(http.body) as GeminiRequest, url: http.url, headers: http.headers, warnings };
}

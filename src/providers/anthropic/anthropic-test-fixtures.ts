import type { CatalogModel } from '../../catalog/catalog-types.js';
import type { ChatRequest } from '../../core/chat-types.js';
import type { ServerSentEvent, UpstreamTarget } from '../provider-types.js';
import { anthropicChatAdapter } from './index.js';

/** The anthropic row of catalog/providers.json and a Claude model with its catalog capabilities, for tests. */
export function anthropicTarget(options: { baseUrl?: string; capabilities?: string[]; apiKey?: string } = {}): UpstreamTarget {
  const model: CatalogModel = {
    slug: 'anthropic/claude-sonnet-4-5',
    provider: 'anthropic',
    upstream_model: 'claude-sonnet-4-5',
    type: 'chat',
    wire: 'anthropic',
    tier: 'T3',
    lane: 'smart',
    context_window: 200000,
    pricing: { input_per_mtok: 3, output_per_mtok: 15 },
    capabilities: options.capabilities ?? ['tools', 'json_schema', 'vision', 'pdf_in', 'streaming', 'prompt_caching', 'reasoning'],
  };
  const baseUrl = options.baseUrl ?? 'https://api.anthropic.com';
  return {
    provider: {
      id: 'anthropic',
      wire: 'anthropic',
      baseUrl,
      auth: { header: 'x-api-key', prefix: '' },
      requiredHeaders: { 'anthropic-version': '2023-06-01' },
      paths: { messages: '/v1/messages', count_tokens: '/v1/messages/count_tokens' },
      apiKeys: ['sk-ant-test'],
      timeouts: { connectMs: 1000, firstByteMs: 5000, idleMs: 5000 },
    },
    model,
    apiKey: options.apiKey ?? 'sk-ant-test',
    baseUrl,
    keySource: 'pool',
  };
}

/** The JSON body the adapter would send, and the warnings it collected. */
export function buildBody(request: Partial<ChatRequest>, target = anthropicTarget()): { body: any; warnings: string[] } {
  const warnings: string[] = [];
  const httpRequest = anthropicChatAdapter.buildChatRequest({ model: 'anthropic/claude-sonnet-4-5', messages: [], ...request }, target, warnings);
  return { body: JSON.parse(httpRequest.body), warnings };
}

/** A server-sent event as Anthropic sends it: the name repeated as `type` in the data. */
export function anthropicEvent(type: string, payload: object = {}): ServerSentEvent {
  return { event: type, data: JSON.stringify({ type, ...payload }) };
}

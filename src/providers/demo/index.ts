import type { WireAdapter } from '../wire-adapter.js';
import { loadTokenizer } from '../../billing/token-estimator.js';
import { demoChat } from './demo-chat.js';
import { demoEmbeddings } from './demo-embeddings.js';
import { demoModeration } from './demo-moderation.js';

/**
 * The built-in `demo` wire: answered in process, with no upstream and no key. It is routable only while no
 * real provider is configured (see provider-registry.ts), so a fresh install answers its first request and
 * `model: auto` never lands on it once a key exists.
 */
export const demoAdapter: WireAdapter = {
  wire: 'demo',
  // The demo counts its answers' tokens like a provider would: with the tokenizer, loaded on the first demo call.
  inProcess: {
    chat: async (target, request, options) => (await loadTokenizer(), demoChat(target, request, options)),
    embeddings: async (target, request, options) => (await loadTokenizer(), demoEmbeddings(target, request, options)),
    moderation: demoModeration,
  },
  mapError: (status, _headers, bodyText) => ({ kind: 'server_error', message: `demo provider failed (${status}): ${bodyText.slice(0, 200)}` }),
};

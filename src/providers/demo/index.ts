import type { WireAdapter } from '../wire-adapter.js';
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
  inProcess: { chat: demoChat, embeddings: demoEmbeddings, moderation: demoModeration },
  mapError: (status, _headers, bodyText) => ({ kind: 'server_error', message: `demo provider failed (${status}): ${bodyText.slice(0, 200)}` }),
};

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EmbeddingsRequest } from '../../core/embeddings-types.js';
import { UpstreamError } from '../../errors/upstream-error.js';
import type { ProviderRuntime, UpstreamTarget } from '../provider-types.js';
import { openaiEmbeddings } from './embeddings.js';

const provider: ProviderRuntime = {
  id: 'openai',
  wire: 'openai',
  auth: { header: 'Authorization', prefix: 'Bearer ' },
  requiredHeaders: {},
  paths: { chat: '/chat/completions' },
  apiKeys: ['sk-key'],
  timeouts: { connectMs: 1000, firstByteMs: 1000, idleMs: 1000 },
  baseUrl: 'https://api.openai.com/v1',
} as ProviderRuntime;
const target = {
  provider,
  model: { slug: 'openai/text-embedding-3-small', provider: 'openai', upstream_model: 'text-embedding-3-small', type: 'embedding' },
  apiKey: 'sk-key',
  baseUrl: provider.baseUrl,
  keySource: 'pool',
} as unknown as UpstreamTarget;
const request: EmbeddingsRequest = { model: 'text-embedding-3-small', input: ['a', 'b'], encoding_format: 'float' };

test('the vectors are the answer\'s own arrays, in input order (no copy into boxed numbers)', () => {
  const first = [0.25, -0.5];
  const second = [-0.006929283495992422, 0.1];
  const body = { data: [{ index: 1, embedding: second }, { index: 0, embedding: first }], model: 'text-embedding-3-small', usage: { prompt_tokens: 2, total_tokens: 2 } };
  const result = openaiEmbeddings.parseResponse(body, request, target);
  assert.equal(result.vectors[0], first);
  assert.equal(result.vectors[1], second);
  assert.deepEqual(result.usage, { prompt_tokens: 2, total_tokens: 2 });
});

test('a vector holding anything but numbers is a malformed answer (an upstream error, never a crash)', () => {
  for (const embedding of [[0.1, '0.2'], [0.1, null], 'not a vector', { 0: 0.1 }]) {
    const body = { data: [{ index: 0, embedding: [0.1] }, { index: 1, embedding }] };
    assert.throws(
      () => openaiEmbeddings.parseResponse(body, request, target),
      (error: unknown) => error instanceof UpstreamError && error.kind === 'server_error' && /embeddings answer is malformed/.test(error.message),
      JSON.stringify(embedding),
    );
  }
});

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

const base64Target = { ...target, provider: { ...provider, embeddingsOptions: { base64: true } } } as UpstreamTarget;
/** Little-endian float32 bytes in base64, written out here as OpenAI's API reference defines them. */
const littleEndianBase64 = (values: number[]) => {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
};

test('upstreams whose catalog row says so are asked for base64, the others for floats, whatever the caller asked', () => {
  for (const encoding_format of ['float', 'base64'] as const) {
    assert.equal(JSON.parse(openaiEmbeddings.buildRequest({ ...request, encoding_format }, base64Target, []).body as string).encoding_format, 'base64');
    assert.equal(JSON.parse(openaiEmbeddings.buildRequest({ ...request, encoding_format }, target, []).body as string).encoding_format, 'float');
  }
});

test('a base64 answer is decoded into float32 values, in input order; a host that answers floats anyway is read too', () => {
  const values = [-0.006929283495992422, 0.5, -4.547132266452536e-5];
  const body = { data: [{ index: 1, embedding: [0.25, -0.5] }, { index: 0, embedding: littleEndianBase64(values) }], model: 'text-embedding-3-small' };
  const result = openaiEmbeddings.parseResponse(body, request, base64Target);
  assert.ok(result.vectors[0] instanceof Float32Array);
  assert.deepEqual(Array.from(result.vectors[0]), values);
  assert.deepEqual(result.vectors[1], [0.25, -0.5]);
});

test('base64 that is not whole float32 values, or holds NaN or infinity, is a malformed answer', () => {
  const nan = Buffer.alloc(8);
  nan.writeFloatLE(0.5, 0);
  nan.writeFloatLE(Number.NaN, 4);
  const infinite = littleEndianBase64([0.5, Number.POSITIVE_INFINITY]);
  for (const embedding of ['AAAA', 'AAAAAAA=', 'AAAA!AAA', 'AAA', nan.toString('base64'), infinite]) {
    const body = { data: [{ index: 0, embedding: littleEndianBase64([0.5]) }, { index: 1, embedding }] };
    assert.throws(
      () => openaiEmbeddings.parseResponse(body, request, base64Target),
      (error: unknown) => error instanceof UpstreamError && error.kind === 'server_error' && /embeddings answer is malformed/.test(error.message),
      embedding,
    );
  }
});

test('an index repeated or past the inputs is a malformed answer, not a hole in the list', () => {
  for (const indices of [[0, 0], [0, 2], [1, 1]]) {
    const body = { data: indices.map((index) => ({ index, embedding: [0.5] })) };
    assert.throws(() => openaiEmbeddings.parseResponse(body, request, target), (error: unknown) => error instanceof UpstreamError && error.kind === 'server_error', JSON.stringify(indices));
  }
});

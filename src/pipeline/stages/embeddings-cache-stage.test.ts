import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Principal } from '../../auth/principal.js';
import type { CatalogModel } from '../../catalog/catalog-types.js';
import type { EmbeddingsRequest, EmbeddingVector } from '../../core/embeddings-types.js';
import type { Outcome } from '../../core/operations.js';
import type { RoutedContext } from '../request-context.js';
import { EMBEDDINGS_CACHE_ENTRIES, EMBEDDINGS_CACHE_TTL_MS, embeddingsCacheStage } from './embeddings-cache-stage.js';

const model = { slug: 'openai/text-embedding-3-small', upstream_model: 'text-embedding-3-small' } as CatalogModel;

function contextFor(orgId: string, input: string[], options: { dimensions?: number; enableCache?: boolean } = {}): RoutedContext<'embeddings'> {
  const request: EmbeddingsRequest = { model: model.slug, input, encoding_format: 'float', ...(options.dimensions ? { dimensions: options.dimensions } : {}) };
  return {
    operation: 'embeddings', endpoint: 'embeddings', family: 'embeddings', requestId: 'r', startedAt: 0n,
    governance: { policy: undefined, tools: new Map() },
    principal: { orgId, keyId: null, keyPrefix: '', scopes: new Set(), isMaster: false, limits: { rpm: null, tpm: null, monthlyTokenQuota: null, monthlyBudgetUsd: null } } as Principal,
    requestedModel: model.slug, mode: 'proxy', modeSource: 'system_default', toggles: { enable_cache: options.enableCache }, options: { svc: {}, metadata: {} },
    signal: new AbortController().signal, trace: undefined, request, bodySource: undefined, warnings: [], timings: {}, attempts: [], status: 0,
    route: { model, candidates: [model], tier: 'T2', lane: 'smart', decisionSource: 'Pinned', summary: '' },
  };
}

/** An upstream stand-in: a vector per input (its length), and a record of what it was asked. */
function upstream() {
  const asked: string[][] = [];
  const next = (context: RoutedContext<'embeddings'>) => async (): Promise<Outcome<'embeddings'>> => {
    const inputs = context.request.input as string[];
    asked.push(inputs);
    return { kind: 'complete', result: { model: 'text-embedding-3-small', vectors: inputs.map((text) => [text.length, 1]), usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } } };
  };
  return { asked, next };
}

async function embed(stage: ReturnType<typeof embeddingsCacheStage>, upstreamCall: ReturnType<typeof upstream>, context: RoutedContext<'embeddings'>) {
  const outcome = await stage.intercept(context, upstreamCall.next(context));
  assert.equal(outcome.kind, 'complete');
  // The numbers a caller gets: a hit hands out the cache's typed array, which the answer renders as numbers.
  return (outcome as { result: { vectors: EmbeddingVector[] } }).result.vectors.map((vector) => Array.from(vector));
}

test('a repeated input is answered without the upstream; a batch with one new input sends only that one', async () => {
  const stage = embeddingsCacheStage();
  const call = upstream();
  await embed(stage, call, contextFor('org_a', ['alpha', 'beta']));
  const vectors = await embed(stage, call, contextFor('org_a', ['beta', 'gamma!', 'alpha']));
  assert.deepEqual(call.asked, [['alpha', 'beta'], ['gamma!']]);
  assert.deepEqual(vectors, [[4, 1], [6, 1], [5, 1]], 'merged back in input order');
  const whole = contextFor('org_a', ['alpha']);
  await embed(stage, call, whole);
  assert.equal(call.asked.length, 2, 'a whole hit calls nobody');
  assert.deepEqual(whole.cacheHit, { type: 'exact', inputs: 1, of: 1 });
});

test('orgs never share entries; dimensions are part of the key; enable_cache: false skips the cache', async () => {
  const stage = embeddingsCacheStage();
  const call = upstream();
  await embed(stage, call, contextFor('org_a', ['shared text']));
  await embed(stage, call, contextFor('org_b', ['shared text']));
  await embed(stage, call, contextFor('org_a', ['shared text'], { dimensions: 256 }));
  await embed(stage, call, contextFor('org_a', ['shared text'], { enableCache: false }));
  assert.equal(call.asked.length, 4);
});

test(`the cache holds ${EMBEDDINGS_CACHE_ENTRIES} entries: the next one evicts the oldest`, async () => {
  const stage = embeddingsCacheStage();
  const call = upstream();
  const inputs = Array.from({ length: EMBEDDINGS_CACHE_ENTRIES }, (_, index) => `text ${index}`);
  for (let start = 0; start < inputs.length; start += 1000) await embed(stage, call, contextFor('org_a', inputs.slice(start, start + 1000)));
  assert.equal(stage.cache.size, EMBEDDINGS_CACHE_ENTRIES);
  await embed(stage, call, contextFor('org_a', ['one more']));
  assert.equal(stage.cache.size, EMBEDDINGS_CACHE_ENTRIES);
  const asked = call.asked.length;
  await embed(stage, call, contextFor('org_a', ['text 1']));
  assert.equal(call.asked.length, asked, 'the second-oldest is still there');
  await embed(stage, call, contextFor('org_a', ['text 0']));
  assert.deepEqual(call.asked.at(-1), ['text 0'], 'the oldest was evicted');
});

test('entries expire after 5 minutes (an injected clock, no sleep)', async () => {
  let now = 1_000_000;
  const stage = embeddingsCacheStage({ clock: () => now });
  const call = upstream();
  await embed(stage, call, contextFor('org_a', ['fresh']));
  now += EMBEDDINGS_CACHE_TTL_MS - 1;
  await embed(stage, call, contextFor('org_a', ['fresh']));
  assert.equal(call.asked.length, 1, 'still fresh just before 5 minutes');
  now += 1;
  await embed(stage, call, contextFor('org_a', ['fresh']));
  assert.equal(call.asked.length, 2, 'expired at 5 minutes');
});

/** An upstream answering each input with `vectorOf(input)`. */
function upstreamOf(vectorOf: (input: string) => EmbeddingVector) {
  const asked: string[][] = [];
  const next = (context: RoutedContext<'embeddings'>) => async (): Promise<Outcome<'embeddings'>> => {
    const inputs = context.request.input as string[];
    asked.push(inputs);
    return { kind: 'complete', result: { model: 'text-embedding-3-small', vectors: inputs.map(vectorOf), usage: { prompt_tokens: 1, total_tokens: 1 } } };
  };
  return { asked, next };
}

test('a hit answers the very numbers the upstream sent: float32 values (OpenAI\'s) kept in 4 bytes each, other doubles in 8', async () => {
  // 3,072 float32 values printed in full, as OpenAI's JSON carries them (-0.006929283495992422 is one).
  const float32s = Array.from({ length: 3072 }, (_, index) => Math.fround(Math.sin(index + 1) / 40));
  const doubles = [0.1, -0.2, 1 / 3];
  const stage = embeddingsCacheStage();
  const call = upstreamOf((input) => (input === 'openai' ? float32s : doubles));
  await embed(stage, call, contextFor('org_a', ['openai']));
  assert.equal(stage.cache.weight, 4 * 3072 + 200, 'float32 storage: 4 bytes a value and the entry');
  await embed(stage, call, contextFor('org_a', ['other']));
  assert.equal(stage.cache.weight, 4 * 3072 + 200 + 8 * 3 + 200, 'doubles that are not float32 values are kept as float64');
  const [fromFloats, fromDoubles] = await embed(stage, call, contextFor('org_a', ['openai', 'other']));
  assert.equal(call.asked.length, 2, 'both answered from the cache');
  assert.deepEqual(fromFloats, float32s);
  assert.deepEqual(fromDoubles, [0.1, -0.2, 1 / 3]);
  assert.equal(JSON.stringify(fromFloats), JSON.stringify(float32s), 'the same JSON text as the miss');
});

test('the cache is bounded in bytes too: vectors too large for 5,000 to fit hold fewer entries', async () => {
  const stage = embeddingsCacheStage({ maxBytes: 10 * (4 * 1024 + 200) });
  const call = upstreamOf((input) => Array.from({ length: 1024 }, (_, index) => Math.fround((index + input.length) / 1024)));
  for (let index = 0; index < 30; index++) await embed(stage, call, contextFor('org_a', [`text ${index}`]));
  assert.equal(stage.cache.size, 10);
  assert.ok(stage.cache.weight <= 10 * (4 * 1024 + 200));
  await embed(stage, call, contextFor('org_a', ['text 29']));
  assert.equal(call.asked.length, 30, 'the newest is kept');
  await embed(stage, call, contextFor('org_a', ['text 0']));
  assert.equal(call.asked.length, 31, 'the oldest went');
});

test('a vector the adapter decoded from base64 (a Float32Array) is kept as it is: 4 bytes a value, no copy', async () => {
  const decoded = Float32Array.from([0.5, -0.25, 0.125]);
  const stage = embeddingsCacheStage();
  const call = upstreamOf(() => decoded);
  await embed(stage, call, contextFor('org_a', ['base64']));
  assert.equal(stage.cache.weight, 4 * 3 + 200);
  assert.deepEqual(await embed(stage, call, contextFor('org_a', ['base64'])), [[0.5, -0.25, 0.125]]);
  assert.equal(call.asked.length, 1, 'the second was a hit');
});

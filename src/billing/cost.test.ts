import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogModel } from '../catalog/catalog-types.js';
import type { Usage } from '../core/chat-types.js';
import { meterChatUsage } from '../core/chat-usage.js';
import { priceUsage } from './cost.js';

const chatCost = (model: CatalogModel, usage: Usage) => priceUsage(model, meterChatUsage(usage));

const miniModel = {
  slug: 'openai/gpt-4o-mini',
  pricing: { input_per_mtok: 0.15, output_per_mtok: 0.6, cached_input_per_mtok: 0.075 },
} as CatalogModel;

test('cost follows the catalog prices and the baseline is 2.50/10 USD per million tokens', () => {
  const cost = chatCost(miniModel, { prompt_tokens: 1_000_000, completion_tokens: 1_000_000, total_tokens: 2_000_000 });
  assert.equal(cost.cost_usd, 0.75);
  assert.equal(cost.baseline_cost_usd, 12.5);
  assert.equal(cost.savings_usd, 11.75);
  assert.equal(cost.savings_pct, 94);
});

test('cached input tokens are billed at the cached rate', () => {
  const cost = chatCost(miniModel, { prompt_tokens: 1000, completion_tokens: 0, total_tokens: 1000, prompt_tokens_details: { cached_tokens: 400 } });
  // 600 × 0.15 + 400 × 0.075 per million
  assert.equal(cost.cost_usd, 0.00012);
});

test('cache writes are billed at the write rate where the catalog has one', () => {
  const model = { pricing: { input_per_mtok: 3, output_per_mtok: 15, cached_input_per_mtok: 0.3, cache_write_5m_per_mtok: 3.75 } } as CatalogModel;
  const cost = chatCost(model, { prompt_tokens: 3000, completion_tokens: 100, total_tokens: 3100, prompt_tokens_details: { cached_tokens: 1000, cache_write_tokens: 1000 } });
  // 1000×3 + 1000×0.3 + 1000×3.75 + 100×15 = 8550 per million
  assert.equal(cost.cost_usd, 0.00855);
});

test('long-context rates apply to the whole request above the threshold', () => {
  const model = { pricing: { input_per_mtok: 1.25, output_per_mtok: 10, long_context: { threshold_tokens: 200000, input_per_mtok: 2.5, output_per_mtok: 15 } } } as CatalogModel;
  assert.equal(chatCost(model, { prompt_tokens: 100000, completion_tokens: 0, total_tokens: 100000 }).cost_usd, 0.125);
  assert.equal(chatCost(model, { prompt_tokens: 300000, completion_tokens: 0, total_tokens: 300000 }).cost_usd, 0.75);
});

test('a model dearer than the baseline shows negative savings', () => {
  const model = { pricing: { input_per_mtok: 15, output_per_mtok: 75 } } as CatalogModel;
  const cost = chatCost(model, { prompt_tokens: 1000, completion_tokens: 1000, total_tokens: 2000 });
  assert.ok(cost.savings_usd < 0);
  assert.ok(cost.savings_pct < 0);
});

test('audio tokens are billed at the audio rates, the rest of the tokens at the text rates', () => {
  const model = { pricing: { input_per_mtok: 2.5, output_per_mtok: 10, audio_input_per_mtok: 40, audio_output_per_mtok: 80 } } as CatalogModel;
  const cost = chatCost(model, { prompt_tokens: 1000, completion_tokens: 500, total_tokens: 1500, prompt_tokens_details: { audio_tokens: 400 }, completion_tokens_details: { audio_tokens: 300 } });
  // 600×2.5 + 400×40 + 200×10 + 300×80 = 43500 per million
  assert.equal(cost.cost_usd, 0.0435);
});

test('per-minute and per-character models are billed by seconds and characters', () => {
  const stt = { pricing: { per_minute: 0.006 } } as CatalogModel;
  const zero = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0, audioInputTokens: 0, audioOutputTokens: 0, estimated: false };
  assert.equal(priceUsage(stt, { ...zero, audioSeconds: 90 }).cost_usd, 0.009);
  const tts = { pricing: { per_mchar: 15 } } as CatalogModel;
  assert.equal(priceUsage(tts, { ...zero, characters: 2000 }).cost_usd, 0.03);
});

test('above the long-context threshold, cached input has its long-context rate where the catalog gives one', () => {
  const model = { pricing: { input_per_mtok: 2, output_per_mtok: 8, cached_input_per_mtok: 0.5, long_context: { threshold_tokens: 200000, input_per_mtok: 4, output_per_mtok: 12, cached_input_per_mtok: 1 } } } as CatalogModel;
  // 200000 uncached × 4 + 100000 cached × 1 per million
  assert.equal(chatCost(model, { prompt_tokens: 300000, completion_tokens: 0, total_tokens: 300000, prompt_tokens_details: { cached_tokens: 100000 } }).cost_usd, 0.9);
});

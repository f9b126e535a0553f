import type { CatalogModel } from '../catalog/catalog-types.js';
import type { Usage } from '../core/chat-types.js';

/** The reference model of `baseline_cost_usd` (spec 2.3): 2.50 USD per million input tokens, 10 USD per million output. */
export const baselinePrices = { input_per_mtok: 2.5, output_per_mtok: 10 } as const;

export interface CostBreakdown {
  cost_usd: number;
  baseline_cost_usd: number;
  savings_usd: number;
  /** Percent of the baseline saved; 0 when the baseline is 0. */
  savings_pct: number;
}

const perToken = 1 / 1_000_000;

/** Rounds to 1e-10 USD so sums of float prices print as people expect (0.0003, not 0.00030000000000000003). */
export function roundUsd(value: number): number {
  return Math.round(value * 1e10) / 1e10;
}

/**
 * Cost of one chat call from the catalog prices. Cached input tokens are billed at the cached rate
 * and cache writes at the write rate where the catalog has them; reasoning tokens are part of
 * completion tokens (as every provider bills them). Above a long-context threshold the long rates
 * apply to the whole request.
 */
export function chatCost(model: CatalogModel, usage: Usage): CostBreakdown {
  const pricing = model.pricing;
  const longContext = pricing.long_context && usage.prompt_tokens > pricing.long_context.threshold_tokens ? pricing.long_context : undefined;
  const inputRate = longContext?.input_per_mtok ?? pricing.input_per_mtok ?? 0;
  const outputRate = longContext?.output_per_mtok ?? pricing.output_per_mtok ?? 0;
  const cached = Math.min(usage.prompt_tokens_details?.cached_tokens ?? 0, usage.prompt_tokens);
  const cacheWrites = Math.min(usage.prompt_tokens_details?.cache_write_tokens ?? 0, usage.prompt_tokens - cached);
  const uncached = usage.prompt_tokens - cached - cacheWrites;
  const cachedRate = pricing.cached_input_per_mtok ?? inputRate;
  const cacheWriteRate = pricing.cache_write_5m_per_mtok ?? inputRate;

  const cost = (uncached * inputRate + cached * cachedRate + cacheWrites * cacheWriteRate + usage.completion_tokens * outputRate) * perToken;
  return withBaseline(cost, usage.prompt_tokens, usage.completion_tokens);
}

export function withBaseline(cost: number, promptTokens: number, completionTokens: number): CostBreakdown {
  const baseline = (promptTokens * baselinePrices.input_per_mtok + completionTokens * baselinePrices.output_per_mtok) * perToken;
  const costUsd = roundUsd(cost);
  const baselineUsd = roundUsd(baseline);
  return {
    cost_usd: costUsd,
    baseline_cost_usd: baselineUsd,
    savings_usd: roundUsd(baselineUsd - costUsd),
    savings_pct: baselineUsd > 0 ? Math.round(((baselineUsd - costUsd) / baselineUsd) * 10000) / 100 : 0,
  };
}

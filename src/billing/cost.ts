import type { CatalogModel } from '../catalog/catalog-types.js';
import type { MeteredUsage } from '../core/metered-usage.js';

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
 * Cost of one call from the catalog prices. Cached input tokens are billed at the cached rate, cache
 * writes at the write rate, audio tokens at the audio rates, where the catalog has them (else at the
 * text rate); reasoning tokens are part of the output tokens, as every provider bills them. Above a
 * long-context threshold the long rates apply to the whole request. Seconds and characters are billed
 * for per-minute and per-character models.
 */
export function priceUsage(model: CatalogModel, usage: MeteredUsage): CostBreakdown {
  const pricing = model.pricing;
  const longContext = pricing.long_context && usage.inputTokens > pricing.long_context.threshold_tokens ? pricing.long_context : undefined;
  const inputRate = longContext?.input_per_mtok ?? pricing.input_per_mtok ?? 0;
  const outputRate = longContext?.output_per_mtok ?? pricing.output_per_mtok ?? 0;

  const cached = clamp(usage.cachedInputTokens, usage.inputTokens);
  const cacheWrites = clamp(usage.cacheWriteTokens, usage.inputTokens - cached);
  const audioIn = clamp(usage.audioInputTokens, usage.inputTokens - cached - cacheWrites);
  const textIn = usage.inputTokens - cached - cacheWrites - audioIn;
  const audioOut = clamp(usage.audioOutputTokens, usage.outputTokens);
  const textOut = usage.outputTokens - audioOut;

  let cost =
    (textIn * inputRate +
      cached * (longContext?.cached_input_per_mtok ?? pricing.cached_input_per_mtok ?? inputRate) +
      cacheWrites * (pricing.cache_write_5m_per_mtok ?? inputRate) +
      audioIn * (pricing.audio_input_per_mtok ?? inputRate) +
      textOut * outputRate +
      audioOut * (pricing.audio_output_per_mtok ?? outputRate)) *
    perToken;
  // A model billed by tokens (gpt-4o-transcribe reports them) is not billed by the minute as well: its per_minute is an estimate.
  const billedByTokens = usage.inputTokens + usage.outputTokens > 0 && (pricing.input_per_mtok !== undefined || pricing.audio_input_per_mtok !== undefined);
  if (usage.audioSeconds !== undefined && !billedByTokens) cost += (usage.audioSeconds / 60) * (pricing.per_minute ?? (pricing.per_hour ?? 0) / 60);
  if (usage.characters !== undefined) cost += usage.characters * (pricing.per_mchar ?? 0) * perToken;
  // A model priced per request (a music clip) costs that much for each answer, whatever its tokens.
  if (pricing.per_request !== undefined) cost += pricing.per_request;
  // Audio billed by the second or the character has no token baseline: its baseline is the provider's own price (no savings claimed).
  const tokenless = usage.inputTokens + usage.outputTokens === 0 && (usage.audioSeconds !== undefined || usage.characters !== undefined || pricing.per_request !== undefined);
  return withBaseline(cost, usage.inputTokens, usage.outputTokens, tokenless ? cost : undefined);
}

function clamp(value: number, maximum: number): number {
  return Math.max(0, Math.min(value, maximum));
}

/** `baselineOverride`, when given, replaces the token baseline (audio: the provider's own price). */
export function withBaseline(cost: number, promptTokens: number, completionTokens: number, baselineOverride?: number): CostBreakdown {
  const baseline = baselineOverride ?? (promptTokens * baselinePrices.input_per_mtok + completionTokens * baselinePrices.output_per_mtok) * perToken;
  const costUsd = roundUsd(cost);
  const baselineUsd = roundUsd(baseline);
  return {
    cost_usd: costUsd,
    baseline_cost_usd: baselineUsd,
    savings_usd: roundUsd(baselineUsd - costUsd),
    savings_pct: baselineUsd > 0 ? Math.round(((baselineUsd - costUsd) / baselineUsd) * 10000) / 100 : 0,
  };
}

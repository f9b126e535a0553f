import type { IntelligenceMode } from './intelligence-mode.js';

/** `routing_hints` of a chat request (soft preferences, spec 4.1). */
export interface RoutingHints {
  mode?: 'fast' | 'balanced' | 'quality' | 'cost_optimized' | 'free_models_only';
  /** Clamped to 0..1. */
  preference_dial?: number;
  prefer_latency?: boolean;
  prefer_quality?: boolean;
  max_cost_per_token?: number;
  max_latency_ms?: number;
  max_tier?: 1 | 2 | 3;
  required_capabilities?: string[];
  task_complexity?: 'trivial' | 'standard' | 'complex' | 'expert';
  chain_routing?: 'sticky' | 'mixed';
  allow_free_fallback?: boolean;
}

/** `routing_override` of a chat request (hard overrides). `force_tier` is normalised to T1..T3. */
export interface RoutingOverride {
  force_tier?: 'T1' | 'T2' | 'T3';
  force_lane?: 'smart' | 'turbo';
  force_model?: string;
  force_provider?: string;
}

/** The `svc` orchestration block (spec 4.1). */
export interface SvcOptions {
  workflow_type?: 'single_turn' | 'execution_task' | 'multi_step_conversational' | 'long_horizon_autonomous' | 'voice_simple' | 'voice_complex' | 'creative';
  /** Kept only when it is a valid UUID (an invalid one is ignored, as the spec says). */
  chain_id?: string;
  conversation_id?: string;
  planning_mode?: 'preact' | 'planact';
  max_chain_steps?: number;
  chain_timeout_secs?: number;
  chain_routing?: string;
  reliability_level?: 'standard' | 'high' | 'critical';
  enable_memory?: boolean;
  enable_speculation?: boolean;
  enable_hedging?: boolean;
  enable_cache?: boolean;
  cache_ttl_secs?: number;
  output_verification?: 'none' | 'native' | 'schema' | 'cross_model';
  compress_context?: boolean;
  redact_pii?: boolean;
  voice_mode?: string;
  enable_tool_reranking?: boolean;
  intelligence_mode?: IntelligenceMode;
}

/** Accepts T1, t1, tier-1, tier1, tier_1 and 1 (`force_tier`, the legacy `x-svc-tier` header). */
export function normalizeTier(value: string): 'T1' | 'T2' | 'T3' | undefined {
  const match = /^(?:t|tier[-_ ]?)?([123])$/i.exec(value.trim());
  return match ? (`T${match[1]}` as 'T1' | 'T2' | 'T3') : undefined;
}

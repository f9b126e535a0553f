import type { RoutingHints, RoutingOverride, SvcOptions } from '../../core/svc-options.js';
import { GatewayError } from '../../errors/gateway-error.js';
import {
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalNumber,
  optionalObject,
  optionalString,
} from '../../http/validation.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseRoutingHints(value: unknown): RoutingHints | undefined {
  const hints = optionalObject(value, 'routing_hints');
  if (!hints) return undefined;
  const dial = optionalNumber(hints.preference_dial, 'routing_hints.preference_dial');
  const maxCost = optionalNumber(hints.max_cost_per_token, 'routing_hints.max_cost_per_token');
  if (maxCost !== undefined && maxCost <= 0) throw positiveError('routing_hints.max_cost_per_token', maxCost);
  const maxLatency = optionalInteger(hints.max_latency_ms, 'routing_hints.max_latency_ms');
  if (maxLatency !== undefined && maxLatency <= 0) throw positiveError('routing_hints.max_latency_ms', maxLatency);
  const maxTier = optionalInteger(hints.max_tier, 'routing_hints.max_tier', { min: 1, max: 3 });
  const capabilities = hints.required_capabilities;
  if (capabilities !== undefined && capabilities !== null && !(Array.isArray(capabilities) && capabilities.every((item) => typeof item === 'string'))) {
    throw new GatewayError('validation_error', 'routing_hints.required_capabilities must be an array of strings', { param: 'routing_hints.required_capabilities' });
  }
  return {
    mode: optionalEnum(hints.mode, 'routing_hints.mode', ['fast', 'balanced', 'quality', 'cost_optimized', 'free_models_only'] as const),
    // The spec clamps the dial rather than rejecting it.
    preference_dial: dial === undefined ? undefined : Math.min(1, Math.max(0, dial)),
    prefer_latency: optionalBoolean(hints.prefer_latency, 'routing_hints.prefer_latency'),
    prefer_quality: optionalBoolean(hints.prefer_quality, 'routing_hints.prefer_quality'),
    max_cost_per_token: maxCost,
    max_latency_ms: maxLatency,
    max_tier: maxTier as RoutingHints['max_tier'],
    required_capabilities: (capabilities ?? undefined) as string[] | undefined,
    task_complexity: optionalEnum(hints.task_complexity, 'routing_hints.task_complexity', ['trivial', 'standard', 'complex', 'expert'] as const),
    chain_routing: optionalEnum(hints.chain_routing, 'routing_hints.chain_routing', ['sticky', 'mixed'] as const),
    allow_free_fallback: optionalBoolean(hints.allow_free_fallback, 'routing_hints.allow_free_fallback'),
  };
}

/** Accepts T1, t1, tier-1, tier1, tier_1 and 1. */
export function normalizeTier(value: string): 'T1' | 'T2' | 'T3' | undefined {
  const match = /^(?:t|tier[-_ ]?)?([123])$/i.exec(value.trim());
  return match ? (`T${match[1]}` as 'T1' | 'T2' | 'T3') : undefined;
}

export function parseRoutingOverride(value: unknown): RoutingOverride | undefined {
  const override = optionalObject(value, 'routing_override');
  if (!override) return undefined;
  const tierText = optionalString(override.force_tier, 'routing_override.force_tier');
  let forceTier: RoutingOverride['force_tier'];
  if (tierText !== undefined) {
    forceTier = normalizeTier(tierText);
    if (!forceTier) {
      throw new GatewayError('validation_error', `routing_override.force_tier must be one of T1, T2, T3 (got ${JSON.stringify(tierText)})`, { param: 'routing_override.force_tier' });
    }
  }
  return {
    force_tier: forceTier,
    force_lane: optionalEnum(override.force_lane, 'routing_override.force_lane', ['smart', 'turbo'] as const),
    force_model: optionalString(override.force_model, 'routing_override.force_model'),
    force_provider: optionalString(override.force_provider, 'routing_override.force_provider'),
  };
}

export function parseSvcOptions(value: unknown): SvcOptions {
  const block = optionalObject(value, 'svc');
  if (!block) return {};
  const chainId = optionalString(block.chain_id, 'svc.chain_id');
  const cacheTtl = optionalInteger(block.cache_ttl_secs, 'svc.cache_ttl_secs');
  if (cacheTtl !== undefined && cacheTtl <= 0) throw positiveError('svc.cache_ttl_secs', cacheTtl);
  return {
    workflow_type: optionalEnum(block.workflow_type, 'svc.workflow_type', [
      'single_turn',
      'execution_task',
      'multi_step_conversational',
      'long_horizon_autonomous',
      'voice_simple',
      'voice_complex',
      'creative',
    ] as const),
    chain_id: chainId !== undefined && uuidPattern.test(chainId) ? chainId : undefined,
    conversation_id: optionalString(block.conversation_id, 'svc.conversation_id'),
    planning_mode: optionalEnum(block.planning_mode, 'svc.planning_mode', ['preact', 'planact'] as const),
    max_chain_steps: optionalInteger(block.max_chain_steps, 'svc.max_chain_steps', { min: 1, max: 65535 }),
    chain_timeout_secs: optionalInteger(block.chain_timeout_secs, 'svc.chain_timeout_secs', { min: 0, max: 4294967295 }),
    chain_routing: optionalString(block.chain_routing, 'svc.chain_routing'),
    reliability_level: optionalEnum(block.reliability_level, 'svc.reliability_level', ['standard', 'high', 'critical'] as const),
    enable_memory: optionalBoolean(block.enable_memory, 'svc.enable_memory'),
    enable_speculation: optionalBoolean(block.enable_speculation, 'svc.enable_speculation'),
    enable_hedging: optionalBoolean(block.enable_hedging, 'svc.enable_hedging'),
    enable_cache: optionalBoolean(block.enable_cache, 'svc.enable_cache'),
    cache_ttl_secs: cacheTtl,
    output_verification: optionalEnum(block.output_verification, 'svc.output_verification', ['none', 'native', 'schema', 'cross_model'] as const),
    compress_context: optionalBoolean(block.compress_context, 'svc.compress_context'),
    redact_pii: optionalBoolean(block.redact_pii, 'svc.redact_pii'),
    voice_mode: block.voice_mode === undefined || block.voice_mode === null ? undefined : String(block.voice_mode),
    enable_tool_reranking: optionalBoolean(block.enable_tool_reranking, 'svc.enable_tool_reranking'),
    intelligence_mode: optionalEnum(block.intelligence_mode, 'svc.intelligence_mode', ['proxy', 'cache', 'full'] as const),
  };
}

function positiveError(param: string, value: number): GatewayError {
  return new GatewayError('validation_error', `${param} must be positive (got ${value})`, { param });
}

import { normalizeTier } from '../../core/svc-options.js';
import { z } from 'zod';
import type { RoutingHints, RoutingOverride, SvcOptions } from '../../core/svc-options.js';
import { conversationId, integerIn, optional, positiveInteger, positiveNumber, withoutNulls } from './fields.js';

/** Spec 4.1, `routing_hints`: soft preferences. */
export const routingHintsSchema = z.object({
  mode: optional(z.enum(['fast', 'balanced', 'quality', 'cost_optimized', 'free_models_only'])),
  preference_dial: optional(z.number()), // clamped to 0..1, never refused (spec)
  prefer_latency: optional(z.boolean()),
  prefer_quality: optional(z.boolean()),
  max_cost_per_token: optional(positiveNumber()),
  max_latency_ms: optional(positiveInteger()),
  max_tier: optional(integerIn(1, 3)),
  required_capabilities: optional(z.array(z.string(), { error: 'must be an array of strings' })),
  task_complexity: optional(z.enum(['trivial', 'standard', 'complex', 'expert'])),
  chain_routing: optional(z.enum(['sticky', 'mixed'])),
  allow_free_fallback: optional(z.boolean()),
});

export { normalizeTier };

/** Spec 4.1, `routing_override`: hard overrides. */
export const routingOverrideSchema = z.object({
  force_tier: optional(z.string().refine((value) => normalizeTier(value) !== undefined, { error: (issue) => `must be one of T1, T2, T3 (got ${JSON.stringify(issue.input)})` })),
  force_lane: optional(z.enum(['smart', 'turbo'])),
  force_model: optional(z.string()),
  force_provider: optional(z.string()),
});

/** Spec 4.1, the `svc` orchestration block. */
export const svcBlockSchema = z.object({
  workflow_type: optional(z.enum(['single_turn', 'execution_task', 'multi_step_conversational', 'long_horizon_autonomous', 'voice_simple', 'voice_complex', 'creative'])),
  chain_id: optional(z.string()), // an invalid UUID is ignored (spec)
  conversation_id: optional(conversationId()),
  planning_mode: optional(z.enum(['preact', 'planact'])),
  max_chain_steps: optional(integerIn(1, 65535)),
  chain_timeout_secs: optional(integerIn(0, 4294967295)),
  chain_routing: optional(z.string()),
  reliability_level: optional(z.enum(['standard', 'high', 'critical'])),
  enable_memory: optional(z.boolean()),
  enable_speculation: optional(z.boolean()),
  enable_hedging: optional(z.boolean()),
  enable_cache: optional(z.boolean()),
  cache_ttl_secs: optional(positiveInteger()),
  output_verification: optional(z.enum(['none', 'native', 'schema', 'cross_model'])),
  compress_context: optional(z.boolean()),
  redact_pii: optional(z.boolean()),
  voice_mode: optional(z.unknown()), // "typically `true`": any value, kept as text
  enable_tool_reranking: optional(z.boolean()),
  intelligence_mode: optional(z.enum(['proxy', 'cache', 'full'])),
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toRoutingHints(hints: z.output<typeof routingHintsSchema> | null | undefined): RoutingHints | undefined {
  if (!hints) return undefined;
  const canonical = withoutNulls(hints) as RoutingHints;
  if (canonical.preference_dial !== undefined) canonical.preference_dial = Math.min(1, Math.max(0, canonical.preference_dial));
  return canonical;
}

export function toRoutingOverride(override: z.output<typeof routingOverrideSchema> | null | undefined): RoutingOverride | undefined {
  if (!override) return undefined;
  const canonical = withoutNulls(override) as RoutingOverride & { force_tier?: string };
  if (canonical.force_tier !== undefined) canonical.force_tier = normalizeTier(canonical.force_tier);
  return canonical as RoutingOverride;
}

export function toSvcOptions(block: z.output<typeof svcBlockSchema> | null | undefined): SvcOptions {
  if (!block) return {};
  const options = withoutNulls(block) as SvcOptions & { voice_mode?: unknown };
  if (options.chain_id !== undefined && !uuidPattern.test(options.chain_id)) delete options.chain_id;
  if (options.voice_mode !== undefined) options.voice_mode = String(options.voice_mode);
  return options as SvcOptions;
}

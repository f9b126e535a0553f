import type { ChatRequest } from '../core/chat-types.js';
import { normalizeTier, type RoutingHints, type RoutingOverride } from '../core/svc-options.js';

const NO_WARNINGS: readonly string[] = Object.freeze([]);
const presetModes = new Set(['fast', 'balanced', 'quality', 'cost_optimized', 'free_models_only']);

/**
 * The hints and overrides an `auto` request is routed by: the body's, then what the legacy headers say where
 * the body says nothing (spec 4.1: `x-svc-tier`, `x-svc-lane`, `x-svc-preference`), and `service_tier: batch`
 * read as a cost preference. Without any of those the body's objects are returned as they are.
 */
export function routingInputs(
  hints: RoutingHints | undefined,
  override: RoutingOverride | undefined,
  metadata: Record<string, string>,
  request: ChatRequest | undefined,
): { hints: RoutingHints | undefined; override: RoutingOverride | undefined; warnings: readonly string[] } {
  const tierHeader = metadata['x-svc-tier'];
  const laneHeader = metadata['x-svc-lane'];
  const preferenceHeader = metadata['x-svc-preference'];
  const batch = request?.service_tier === 'batch';
  if (tierHeader === undefined && laneHeader === undefined && preferenceHeader === undefined && !batch) return { hints, override, warnings: NO_WARNINGS };
  // A header whose value means nothing is ignored, and the answer says so: a silent no-op reads as a routing bug.
  const warnings: string[] = [];
  const nextOverride: RoutingOverride = { ...override };
  const nextHints: RoutingHints = { ...hints };
  const tier = tierHeader === undefined ? undefined : normalizeTier(tierHeader);
  if (tierHeader !== undefined && !tier) warnings.push(`x-svc-tier ${JSON.stringify(tierHeader)} is not a tier (T1, T2 or T3): ignored`);
  if (tier && !nextOverride.force_tier) nextOverride.force_tier = tier;
  const lane = laneHeader?.trim().toLowerCase();
  if (laneHeader !== undefined && lane !== 'smart' && lane !== 'turbo') warnings.push(`x-svc-lane ${JSON.stringify(laneHeader)} is not a lane (smart or turbo): ignored`);
  if ((lane === 'smart' || lane === 'turbo') && !nextOverride.force_lane) nextOverride.force_lane = lane;
  if (preferenceHeader !== undefined && nextHints.mode === undefined && nextHints.preference_dial === undefined) {
    const word = preferenceHeader.trim().toLowerCase();
    const dial = Number(word);
    if (word !== '' && Number.isFinite(dial)) nextHints.preference_dial = Math.min(1, Math.max(0, dial));
    else if (presetModes.has(word)) nextHints.mode = word as RoutingHints['mode'];
    else warnings.push(`x-svc-preference ${JSON.stringify(preferenceHeader)} is neither a dial from 0 to 1 nor one of ${[...presetModes].join(', ')}: ignored`);
  }
  // A batch request waits anyway: the cheaper tier within the complexity's bounds.
  if (batch && nextHints.mode === undefined && nextHints.preference_dial === undefined && !nextHints.prefer_quality) nextHints.mode = 'cost_optimized';
  return { hints: nextHints, override: nextOverride, warnings };
}

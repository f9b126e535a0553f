import type { Tier } from '../catalog/catalog-types.js';
import type { RoutingHints, RoutingOverride } from '../core/svc-options.js';
import { TRIVIAL_CONFIDENCE, type Complexity, type TaskClass } from './task-classifier/task-classifier.js';

const rank: Record<Tier, number> = { T1: 1, T2: 2, T3: 3 };
const tierOf = (value: number): Tier => `T${Math.min(3, Math.max(1, value))}` as Tier;

/** The tiers a request of a complexity may be served in, and where it goes without a hint (issue 18). */
interface TierBounds {
  floor: Tier;
  ceiling: Tier;
  usual: Tier;
}

const hardFamilies = new Set(['math', 'reasoning', 'code']);

function boundsOf(complexity: Complexity, family: string | undefined, fromHint: boolean): TierBounds {
  switch (complexity) {
    case 'trivial':
      return { floor: 'T1', ceiling: 'T2', usual: 'T1' };
    case 'standard':
      return { floor: 'T1', ceiling: 'T3', usual: 'T2' };
    case 'complex':
      // Never below T2; proofs, hard reasoning and hard code go up, and so does a caller who says "complex".
      return { floor: 'T2', ceiling: 'T3', usual: fromHint || (family !== undefined && hardFamilies.has(family)) ? 'T3' : 'T2' };
    case 'expert':
      return { floor: 'T2', ceiling: 'T3', usual: 'T3' };
  }
}

/**
 * The complexity the tier rules act on: the classifier's, read conservatively. A request the model finds
 * plausibly complex is treated as complex (a complex prompt must never be served below T2), and only a
 * request it is fairly sure is trivial is treated as trivial. A proof is at least complex, however short.
 */
function effectiveComplexity(task: TaskClass): Complexity {
  const p = task.complexityProbabilities;
  if (p.expert >= 0.4) return 'expert';
  if (p.complex + p.expert >= 0.35 || (task.family === 'math' && task.asksForProof)) return 'complex';
  if (p.trivial >= TRIVIAL_CONFIDENCE && trivialIsSafe(task)) return 'trivial';
  return 'standard';
}

/**
 * Where a short prompt may still be hard, "trivial" is not taken on the classifier's word: the classifier learnt
 * that short is easy, and "Is P equal to NP?", "Design Twitter." or "Is Bitcoin a bubble?" are short. Maths is
 * trivial only as plain arithmetic (two numbers or more: "What's 15% of 80?"; no power, root, remainder or primes:
 * "What is 7^222 mod 11?"), reasoning never is (a deduction is where the weakest models fail), nor is a request for an
 * explanation, a cause, a judgement or a design, nor a proof whatever family it reads as ("如何证明拉格朗日中值定理" read
 * as small talk once). Nor is code or writing: a one-line question about a tool hides its difficulty in the tool
 * ("How to add toolbar in a fragment?", "How can I log on sap from vbs?", hard prompts of Arena-Hard read as trivial),
 * and so does a poem in a named form or style. They go to T2 rather than T1. Nor is analysis: weighing, forecasting or
 * diagnosing is never one step ("will rate cuts in 2025 reignite inflation?" read as trivial at 0.73), and the routing
 * set holds 14 trivial analysis requests of 829.
 */
const neverTrivialFamilies = new Set(['reasoning', 'code', 'writing', 'analysis']);
/**
 * How sure of the family the classifier must be for the family to make a trivial request safe at T1. At 0.5, "How to add
 * toolbar in a fragment?" went to T1 again after a retraining (small talk at 0.51); at 0.7, a German event-sourcing design
 * question did (small talk at 0.72), and at 0.8 again in a later retraining (0.81).
 */
const SURE_FAMILY = 0.85;

function trivialIsSafe(task: TaskClass): boolean {
  if (neverTrivialFamilies.has(task.family) || task.asksForExplanation || task.asksForProof || task.namesRareTerm) return false;
  // A family the classifier is unsure of may be code or reasoning read as small talk: not on its word either.
  if (task.familyConfidence < SURE_FAMILY) return false;
  if (task.family === 'math') return task.numbers >= 2 && !task.beyondArithmetic;
  return true;
}

/**
 * The tier of an `auto` request: an override wins; otherwise the complexity (the caller's hint, else the
 * classifier's) sets a floor and a ceiling, and the hints move the tier within them.
 */
export function chooseTier(hints: RoutingHints | undefined, override: RoutingOverride | undefined, task: TaskClass | undefined): { tier: Tier; floor: Tier; complexity?: Complexity } {
  if (override?.force_tier) return { tier: override.force_tier, floor: 'T1' };
  const fromHint = hints?.task_complexity as Complexity | undefined;
  const complexity = fromHint ?? (task ? effectiveComplexity(task) : undefined);
  const bounds = complexity ? boundsOf(complexity, task?.family, fromHint !== undefined) : { floor: 'T1' as Tier, ceiling: 'T3' as Tier, usual: 'T2' as Tier };
  let wanted = bounds.usual;
  if (hints?.mode === 'fast' || hints?.mode === 'cost_optimized' || hints?.mode === 'free_models_only') wanted = 'T1';
  else if (hints?.mode === 'quality' || hints?.prefer_quality) wanted = 'T3';
  else if (hints?.preference_dial !== undefined) wanted = hints.preference_dial < 0.34 ? 'T1' : hints.preference_dial > 0.66 ? 'T3' : bounds.usual;
  let value = Math.min(rank[bounds.ceiling], Math.max(rank[bounds.floor], rank[wanted]));
  // max_tier caps, but not below the floor: a complex request stays at T2 at least.
  if (hints?.max_tier !== undefined) value = Math.max(rank[bounds.floor], Math.min(value, hints.max_tier));
  return { tier: tierOf(value), floor: bounds.floor, complexity };
}

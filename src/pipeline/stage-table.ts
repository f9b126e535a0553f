import { operations, type Operation } from '../core/operations.js';
import type { PipelineFeature } from './intelligence-modes.js';

/** Every stage svc has; each has one implementation, given to the runner at start-up. */
export type StageName =
  | 'rate_limits'
  | 'sticky_route'
  | 'chain_limits'
  | 'memory_injection'
  | 'pii_redaction'
  | 'exact_cache'
  | 'semantic_cache'
  | 'embeddings_cache'
  | 'output_verification'
  | 'tool_governance'
  | 'budget'
  | 'provider_call';

export interface StageRow {
  stage: StageName;
  /** The operations whose chain holds the stage. */
  operations: readonly Operation[];
  /** Its row in the spec's stage matrix (4.9): which modes run it, and which per-request toggle switches it off. Without one it always runs. */
  feature?: PipelineFeature;
}

/**
 * THE stage table: which stages run after routing (the runner routes first), in this order, for which operations, under which feature of the
 * stage matrix. The runner composes one chain per operation and mode from it, once, at start-up.
 */
export const stageTable: readonly StageRow[] = [
  // rpm and tpm count every request, a cache hit too.
  { stage: 'rate_limits', operations },
  // Before anything that answers: a chain's later turn is routed to its first turn's model, which the caches then key on.
  { stage: 'sticky_route', operations: ['chat'] },
  // A step past the chain's bounds is refused before anything answers it (a cache hit is a step too).
  { stage: 'chain_limits', operations: ['chat'] },
  // Full mode: a conversation's recent turns go into the prompt before the caches, which then key on them.
  { stage: 'memory_injection', operations: ['chat'], feature: 'memory_injection' },
  // Before the caches: what they key and store is the redacted prompt.
  { stage: 'pii_redaction', operations: ['chat', 'embeddings', 'moderation'] },
  // Outside the caches and verification: a cached answer passes today's registry and switches like a fresh
  // one (and its tool calls reach the audit), and tool-call arguments are checked after they were healed.
  { stage: 'tool_governance', operations: ['chat'] },
  { stage: 'exact_cache', operations: ['chat'], feature: 'exact_cache' },
  { stage: 'semantic_cache', operations: ['chat'], feature: 'semantic_cache' },
  // Spec 8: embeddings are cached in every mode (per input, per instance); `svc.enable_cache: false` skips it.
  { stage: 'embeddings_cache', operations: ['embeddings'] },
  // Inside the caches: what they store is the verified (healed) answer.
  { stage: 'output_verification', operations: ['chat'], feature: 'output_verification' },
  // Around each provider call (a re-ask reserves again): a cache hit costs nothing against budgets.
  { stage: 'budget', operations },
  { stage: 'provider_call', operations },
];

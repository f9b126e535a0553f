import { operations, type Operation } from '../core/operations.js';
import type { PipelineFeature } from './intelligence-modes.js';

/** Every stage svc has; each has one implementation, given to the runner at start-up. */
export type StageName = 'route' | 'exact_cache' | 'semantic_cache' | 'output_verification' | 'embeddings_cache' | 'provider_call';

export interface StageRow {
  stage: StageName;
  /** The operations whose chain holds the stage. */
  operations: readonly Operation[];
  /** Its row in the spec's stage matrix (4.9): which modes run it, and which per-request toggle switches it off. Without one it always runs. */
  feature?: PipelineFeature;
}

/**
 * THE stage table: which stages run, in this order, for which operations, under which feature of the
 * stage matrix. The runner composes one chain per operation and mode from it, once, at start-up.
 * The picture it grows into (DESIGN.md): route → limits → governance → memory → cache → verify → provider call.
 */
export const stageTable: readonly StageRow[] = [
  { stage: 'route', operations },
  { stage: 'exact_cache', operations: ['chat'], feature: 'exact_cache' },
  { stage: 'semantic_cache', operations: ['chat'], feature: 'semantic_cache' },
  // Inside the caches: what they store is the verified (healed) answer.
  { stage: 'output_verification', operations: ['chat'], feature: 'output_verification' },
  // Spec 8: embeddings are cached in every mode (per input, per instance); `svc.enable_cache: false` skips it.
  { stage: 'embeddings_cache', operations: ['embeddings'] },
  { stage: 'provider_call', operations },
];

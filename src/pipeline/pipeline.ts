import { featureEnabled, type PipelineFeature } from './intelligence-modes.js';
import type { ChatContext } from './request-context.js';

/** One step of the chat pipeline. `feature` ties it to a row of the stage matrix; without one it always runs. */
export interface PipelineStage {
  name: string;
  feature?: PipelineFeature;
  run(context: ChatContext): Promise<void> | void;
}

/**
 * Runs stages in order, skipping those the stage matrix (and the request's toggles) switch off, and
 * times each one. Stages before the response go in `before`; `after` stages run once the answer (or
 * the whole stream) is known: cost, ledger, cache and memory stores.
 */
export class ChatPipeline {
  constructor(
    readonly before: PipelineStage[],
    readonly after: PipelineStage[],
  ) {}

  async runBefore(context: ChatContext): Promise<void> {
    for (const stage of this.before) await runStage(stage, context);
  }

  async runAfter(context: ChatContext): Promise<void> {
    for (const stage of this.after) await runStage(stage, context);
  }
}

async function runStage(stage: PipelineStage, context: ChatContext): Promise<void> {
  if (stage.feature && !featureEnabled(stage.feature, context.mode, context.toggles)) return;
  const started = performance.now();
  try {
    const pending = stage.run(context);
    if (pending) await pending; // a synchronous stage costs no extra microtask
  } finally {
    context.stageTimings[stage.name] = Math.round((performance.now() - started) * 100) / 100;
  }
}

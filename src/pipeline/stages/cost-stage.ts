import { chatCost } from '../../billing/cost.js';
import type { PipelineStage } from '../pipeline.js';

/** Prices the usage with the served model's catalog prices. */
export const costStage: PipelineStage = {
  name: 'cost',
  run(context) {
    if (context.usage && context.target) context.cost = chatCost(context.target.model, context.usage);
  },
};

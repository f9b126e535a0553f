import { routeChatRequest, type RouterContext } from '../../routing/model-router.js';
import type { PipelineStage } from '../pipeline.js';

/** Chooses the model and the failover candidates. */
export function routeStage(router: RouterContext): PipelineStage {
  return {
    name: 'route',
    run(context) {
      context.route = routeChatRequest(context.requestedModel, context.routingHints, context.routingOverride, router);
    },
  };
}

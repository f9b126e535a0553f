import type { Operation } from '../../core/operations.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { capabilityOf, type WireAdapter } from '../../providers/wire-adapter.js';
import { routeChatRequest, routeNamedModel, type RouteDecision, type RouterContext } from '../../routing/model-router.js';
import type { RequestContext } from '../request-context.js';
import type { GenericStage } from '../stage.js';

type Router<O extends Operation> = (context: RequestContext<O>, router: RouterContext) => RouteDecision;

/** How each operation picks its model: chat has `auto` and routing hints; the others name a model of their type. */
const routers: { [O in Operation]: Router<O> } = {
  chat: (context, router) => routeChatRequest(context.requestedModel, context.options.routingHints, context.options.routingOverride, router),
  embeddings: (context, router) => routeNamedModel(context.requestedModel, ['embedding'], 'an embedding', router),
  moderation: (context, router) => routeNamedModel(context.requestedModel, ['moderation'], 'a moderation', router),
  transcription: (context, router) => routeNamedModel(context.requestedModel, ['stt'], 'a speech-to-text', router),
  speech: (context, router) => routeNamedModel(context.requestedModel, ['tts'], 'a text-to-speech', router),
};

/**
 * Chooses the model and the failover candidates, keeping only candidates whose wire adapter can carry
 * the operation; a model whose adapter cannot is a 400 naming the model and the operation.
 */
export function routeStage(router: RouterContext, adapters: Partial<Record<string, WireAdapter>>): GenericStage {
  return {
    name: 'route',
    async intercept(context, next) {
      const decision = (routers[context.operation] as Router<typeof context.operation>)(context, router);
      const canServe = (wire: string) => capabilityOf(adapters[wire], context.operation) !== undefined;
      if (!canServe(decision.model.wire)) {
        throw new GatewayError('validation_error', `model ${JSON.stringify(decision.model.slug)} cannot serve ${context.operation} requests: svc has no ${context.operation} support for the ${decision.model.wire} wire`, { param: 'model' });
      }
      const candidates = decision.candidates.every((model) => canServe(model.wire)) ? decision.candidates : decision.candidates.filter((model) => canServe(model.wire));
      context.route = candidates === decision.candidates ? decision : { ...decision, candidates };
      return next();
    },
  };
}

import type { Logger } from 'pino';
import { GatewayError } from '../../errors/gateway-error.js';
import { routeChatRequest, type RouterContext } from '../../routing/model-router.js';
import { chainKeyOf, type StickyRoutes } from '../../routing/sticky-routes.js';
import { conversationOf, type RequestContext, type RoutedContext } from '../request-context.js';
import type { AfterWork } from '../request-runner.js';
import type { Stage } from '../stage.js';

/** The chain of an `auto` chat request that keeps its model (not `chain_routing: mixed`), if it has one. */
function stickyChainOf(context: RequestContext): string | undefined {
  if (context.operation !== 'chat' || context.requestedModel !== 'auto') return undefined;
  if (context.options.routingHints?.chain_routing === 'mixed') return undefined;
  return chainKeyOf(context.options.svc.chain_id, conversationOf(context.options));
}

/**
 * Later turns of a chain go to the model that served its first (spec 4.1 chain_id / conversation_id): the
 * route is re-pointed before anything else answers, so caches and limits see the model that will serve.
 */
export function stickyRouteStage(sticky: StickyRoutes, router: RouterContext, logger: Pick<Logger, 'warn'>): Stage<'chat'> {
  return {
    name: 'sticky_route',
    appliesTo: (context) => stickyChainOf(context) !== undefined,
    async intercept(context: RoutedContext<'chat'>, next) {
      const chain = stickyChainOf(context)!;
      let slug: string | undefined;
      try {
        slug = await sticky.get(context.principal.orgId, chain);
      } catch (error) {
        // Shared state down: the request is routed as a first turn would be.
        logger.warn({ err: error, requestId: context.requestId }, 'sticky route lookup failed');
      }
      if (slug && slug !== context.route.model.slug) {
        try {
          const pinned = routeChatRequest(slug, undefined, undefined, router);
          context.route = { ...pinned, decisionSource: 'StickyRoute', summary: `sticky ${chain.split(':')[0]} → ${pinned.summary.replace('source=Pinned ', '')}`, taskFamily: context.route.taskFamily };
        } catch (error) {
          // The chain's model is gone from the catalog or its provider: the new route stands.
          if (!(error instanceof GatewayError)) throw error;
        }
      }
      return next();
    },
  };
}

/** After a chain's answer: the model that served it is kept for the chain's later turns (the first one wins). */
export function stickyRememberAfterWork(sticky: StickyRoutes, logger: Pick<Logger, 'warn'>): AfterWork {
  return {
    name: 'sticky_remember',
    run(context) {
      const chain = stickyChainOf(context);
      if (!chain || context.status !== 200 || !context.target) return;
      sticky.remember(context.principal.orgId, chain, context.target.model.slug).catch((error: unknown) => logger.warn({ err: error, requestId: context.requestId }, 'sticky route not stored'));
    },
  };
}

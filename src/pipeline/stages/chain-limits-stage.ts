import type { SharedState } from '../../core/shared-state.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { chainKeyOf } from '../../routing/sticky-routes.js';
import { conversationOf, type RequestContext } from '../request-context.js';
import type { Stage } from '../stage.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const hasChainLimits = (context: RequestContext) => context.options.svc.max_chain_steps !== undefined || context.options.svc.chain_timeout_secs !== undefined;

/**
 * `max_chain_steps` and `chain_timeout_secs` (spec 4.1) for long_horizon_autonomous workflows: each request of
 * the chain is a step, counted per org in the shared state from the chain's first step; past either bound the
 * step is refused with a 400 naming the bound. For other workflows the bounds do not apply, and the answer says so.
 */
export function chainLimitsStage(state: SharedState): Stage<'chat'> {
  return {
    name: 'chain_limits',
    appliesTo: hasChainLimits,
    async intercept(context, next) {
      const svc = context.options.svc;
      if (svc.workflow_type !== 'long_horizon_autonomous') {
        context.warnings.push('svc.max_chain_steps and svc.chain_timeout_secs apply only to long_horizon_autonomous workflows (svc.workflow_type): not enforced');
        return next();
      }
      const chain = chainKeyOf(svc.chain_id, conversationOf(context.options));
      if (!chain) {
        context.warnings.push('svc.max_chain_steps and svc.chain_timeout_secs need a chain: send svc.chain_id (a UUID) or svc.conversation_id; not enforced');
        return next();
      }
      const key = `chain:${context.principal.orgId}:${chain}`;
      const ttlMs = Math.max(DAY_MS, (svc.chain_timeout_secs ?? 0) * 1000 + 60 * 60 * 1000);
      const now = Date.now();
      await state.setIfAbsent(`${key}:started`, String(now), ttlMs);
      if (svc.chain_timeout_secs !== undefined) {
        const started = Number((await state.get(`${key}:started`)) ?? now);
        const elapsedSecs = Math.floor((now - started) / 1000);
        if (elapsedSecs > svc.chain_timeout_secs) {
          throw new GatewayError('validation_error', `the chain started ${elapsedSecs} s ago, past svc.chain_timeout_secs (${svc.chain_timeout_secs} s): start a new chain`, { param: 'svc.chain_timeout_secs' });
        }
      }
      if (svc.max_chain_steps !== undefined) {
        const step = await state.increment(`${key}:steps`, 1, ttlMs);
        if (step > svc.max_chain_steps) {
          throw new GatewayError('validation_error', `this would be step ${step} of the chain, past svc.max_chain_steps (${svc.max_chain_steps}): start a new chain`, { param: 'svc.max_chain_steps' });
        }
      }
      return next();
    },
  };
}

import type { LimitsService } from '../../limits/limits-service.js';
import type { AfterWork } from '../request-runner.js';
import type { GenericStage } from '../stage.js';

/** rpm and tpm, before everything that could answer (a cache hit counts against rpm too). */
export function rateLimitStage(limits: LimitsService): GenericStage {
  return {
    name: 'rate_limits',
    // No limit anywhere (the common case): the stage is passed over.
    appliesTo: (context) => limits.hasRates(context),
    async intercept(context, next) {
      await limits.takeRates(context);
      return next();
    },
  };
}

/** Monthly quota and budget, around each provider call: reserve the worst case before, settle after (after-work). */
export function budgetStage(limits: LimitsService): GenericStage {
  return {
    name: 'budget',
    appliesTo: (context) => limits.hasMonthly(context),
    async intercept(context, next) {
      await limits.reserveMonthly(context);
      return next();
    },
  };
}

/** Settles what the limits stages took, once the usage and cost are known (cut streams and failures included). */
export function limitsSettleAfterWork(limits: LimitsService): AfterWork {
  return { name: 'limits_settle', run: (context) => limits.settle(context) };
}

import type { LimitsService } from '../../limits/limits-service.js';
import type { AfterWork } from '../request-runner.js';
import type { GenericStage } from '../stage.js';

/** rpm and tpm, before everything that could answer (a cache hit counts against rpm too). */
export function rateLimitStage(limits: LimitsService): GenericStage {
  return {
    name: 'rate_limits',
    intercept(context, next) {
      // No limit anywhere (the common case): no promise of this stage's own.
      if (!limits.hasRates(context)) return next();
      return limits.takeRates(context).then(next);
    },
  };
}

/** Monthly quota and budget, around each provider call: reserve the worst case before, settle after (after-work). */
export function budgetStage(limits: LimitsService): GenericStage {
  return {
    name: 'budget',
    intercept(context, next) {
      if (!limits.hasMonthly(context)) return next();
      return limits.reserveMonthly(context).then(next);
    },
  };
}

/** Settles what the limits stages took, once the usage and cost are known (cut streams and failures included). */
export function limitsSettleAfterWork(limits: LimitsService): AfterWork {
  return { name: 'limits_settle', run: (context) => limits.settle(context) };
}

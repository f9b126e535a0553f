import type { LimitsGrant } from '../core/limits-grant.js';
import type { Principal } from '../auth/principal.js';
import type { Logger } from 'pino';
import { GatewayError } from '../errors/gateway-error.js';
import type { RequestContext } from '../pipeline/request-context.js';
import { LruCache } from '../shared/lru-cache.js';
import type { OrgPolicy } from '../core/storage-interfaces.js';
import type { ReserveCheck, SharedState } from '../core/shared-state.js';
import type { RateCheck } from '../shared/gcra.js';
import { isWholeHit } from '../core/cache-hit.js';
import { rateLimitHeaders } from './rate-limit-headers.js';
import { countInputWithoutBlocking, estimatedTokens, likelyUsage, dearestCostUsd, worstCaseUsage } from './request-estimates.js';
import { refusedPast } from '../shared/deadline.js';

const MINUTE_MS = 60_000;
/** Monthly counters outlive their month by a few days (a late settlement still finds its counter). */
const MONTH_COUNTER_TTL_MS = 35 * 24 * 60 * 60 * 1000;
/**
 * How long a request waits for a monthly counter to be seeded from the ledger. A database that hangs would hold it for
 * its query time-out (60 s, twice: the ledger's flush, then the sum); past this it is refused with a 503, and the
 * seeding goes on for the requests after it.
 */
const SEEDING_WAIT_MS = 5_000;


/** A month's settled usage from the ledger (the counters are seeded from it when absent). */
export type MonthlyUsage = (scope: { orgId: string; keyId?: string }, monthStart: string) => Promise<{ tokens: number; usd: number }>;

interface Limit {
  scope: 'key' | 'org';
  id: string;
  value: number;
  /** Its counter in the shared state (`rl:rpm:key:<id>`); a monthly one gets the month appended. */
  counter: string;
  /** A monthly limit's counter of the month last asked for (`budget:usd:key:<id>:2026-11`). */
  ofMonth?: { month: string; key: string };
}

/**
 * rpm, tpm, monthly token quota and monthly budget, per key and per org (both apply, so the stricter
 * wins), counted in the shared state so they hold across instances. Rates are GCRA counters taken before
 * the call; quota and budget reserve the worst case before the provider call and settle the real figures
 * after it (also for cut streams and failures, whose reservation is released).
 */
export class LimitsService {
  /**
   * Monthly counters this instance has seeded from the ledger. A counter can vanish afterwards (Redis
   * restarted empty, or the in-process fallback during an outage): reservations say the counter must exist,
   * and one found absent is seeded again from the ledger, never counted from zero.
   */
  private readonly seeded = new LruCache<string, Promise<void>>({ maxEntries: 100_000 });
  /** The seedings of `seeded` that have succeeded. */
  private readonly seededNow = new WeakSet<Promise<void>>();
  private readonly settling = new Set<Promise<unknown>>();
  /**
   * The limits of a key under its org's policy, worked out once: the authenticator keeps one principal object
   * per key and the policy service one policy object per org, so a new object (a changed key or policy) is a
   * new entry. Keyed by the principal: no per-request entry (a WeakMap entry a request cost ~1 µs and GC work).
   */
  private readonly limitsByPrincipal = new WeakMap<Principal, { policy: OrgPolicy | undefined; limits: Limits }>();

  constructor(
    private readonly state: SharedState,
    private readonly monthlyUsage: MonthlyUsage,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
    /** Told of each refusal (metrics): which limit, of the key or the org. */
    private readonly onRefusal: (limit: 'rpm' | 'tpm' | 'monthly_token_quota' | 'monthly_budget_usd', scope: string) => void = () => undefined,
  ) {}

  hasRates(context: RequestContext): boolean {
    const limits = this.limitsOf(context);
    return limits.rpm.length > 0 || limits.tpm.length > 0;
  }

  hasMonthly(context: RequestContext): boolean {
    const limits = this.limitsOf(context);
    return limits.quota.length > 0 || limits.budget.length > 0;
  }

  /** rpm and tpm: takes this request's share or refuses it with 429 and the exact wait. */
  async takeRates(context: RequestContext): Promise<void> {
    const { rpm, tpm, rpmChecks } = this.limitsOf(context);
    if (rpm.length === 0 && tpm.length === 0) return;
    if (tpm.length > 0) {
      const counting = countInputWithoutBlocking(context);
      if (counting) await counting;
    }
    const tokens = tpm.length > 0 ? estimatedTokens(context) : 0;
    // A request larger than a whole minute's tokens can never be admitted: a 429 with a wait would lie.
    const tooLarge = tpm.find((limit) => tokens > limit.value);
    if (tooLarge) {
      this.onRefusal('tpm', tooLarge.scope);
      throw new GatewayError(
        'invalid_request',
        `This request needs about ${tokens} tokens (prompt plus max_tokens), more than the ${tooLarge.scope} ${tooLarge.id}'s limit of ${tooLarge.value} tokens per minute: it can never be admitted. Shorten the prompt or lower max_tokens.`,
        { param: 'max_tokens' },
      );
    }
    const checks: RateCheck[] =
      tpm.length === 0 ? rpmChecks : [...rpmChecks, ...tpm.map((limit) => ({ key: limit.counter, limit: limit.value, windowMs: MINUTE_MS, cost: tokens }))];
    const outcome = await this.state.acquireRate(checks);
    const states = outcome.states.map((state, index) => ({ limit: checks[index].limit, state }));
    const headers: Record<string, string> = {};
    rateLimitHeaders('requests', states.slice(0, rpm.length), headers);
    rateLimitHeaders('tokens', states.slice(rpm.length), headers);
    if (!outcome.allowed) {
      const failed = [...rpm, ...tpm][outcome.failedIndex];
      this.onRefusal(outcome.failedIndex < rpm.length ? 'rpm' : 'tpm', failed.scope);
      const what = outcome.failedIndex < rpm.length ? `${failed.value} requests per minute` : `${failed.value} tokens per minute (this request: about ${tokens})`;
      const retryAfterMs = Math.ceil(outcome.retryAfterMs);
      throw new GatewayError('rate_limit_exceeded', `Rate limit of the ${failed.scope} ${failed.id}: ${what}. Retry after ${(retryAfterMs / 1000).toFixed(3)} s.`, {
        retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
        headers: Object.assign(headers, { 'retry-after-ms': String(retryAfterMs) }),
      });
    }
    const grant = this.grantOf(context);
    grant.headers = headers;
    grant.tokenCharges = checks.slice(rpm.length).map(({ cost: _cost, ...check }) => ({ check, estimate: tokens }));
  }

  /** Monthly quota and budget: reserves the request's worst case, or refuses it with 402. */
  async reserveMonthly(context: RequestContext): Promise<void> {
    const { quota, budget } = this.limitsOf(context);
    if (quota.length === 0 && budget.length === 0) return;
    const counting = countInputWithoutBlocking(context);
    if (counting) await counting;
    const month = currentMonth();
    const worst = worstCaseUsage(context);
    const tokens = worst.inputTokens + worst.outputTokens;
    const usd = budget.length > 0 ? dearestCostUsd(context, worst) : 0;
    // Without max_tokens the worst case is the model's whole output (64k–128k tokens): when it does not fit
    // but a realistic answer does, the request takes everything left instead — so it runs, and no concurrent
    // request can spend the same money; the real cost is settled after.
    const likely = likelyUsage(context, worst);
    const likelyTokens = likely.inputTokens + likely.outputTokens;
    const likelyUsd = budget.length > 0 ? dearestCostUsd(context, likely) : 0;
    const checks: Array<ReserveCheck & { unit: 'usd' | 'tokens'; limit: Limit }> = [
      ...quota.map((limit) => ({ key: monthlyCounter(limit, month), cap: limit.value, amount: tokens, minimum: likelyTokens, mustExist: true, unit: 'tokens' as const, limit })),
      ...budget.map((limit) => ({ key: monthlyCounter(limit, month), cap: limit.value, amount: usd, minimum: likelyUsd, mustExist: true, unit: 'usd' as const, limit })),
    ];
    const seedings = checks.map((check) => this.seed(check.key, check.unit, check.limit, month));
    // Counters seeded already (every request after the month's first) leave nothing to wait for.
    const unseeded = seedings.findIndex((seeding) => !this.seededNow.has(seeding));
    if (unseeded >= 0) await this.awaitSeeding(Promise.all(seedings), checks[unseeded].limit);
    let outcome = await this.state.reserve(checks, MONTH_COUNTER_TTL_MS);
    for (let reseeds = 0; !outcome.reserved && outcome.absent && reseeds < checks.length; reseeds++) {
      // Seeded once, gone since (Redis restarted, or the fallback state): from the ledger again, then retried.
      // Concurrent requests find the same counter gone: the first one re-seeds it, the others wait for that.
      const index = outcome.failedIndex;
      const absent = checks[index];
      if (this.seeded.get(absent.key) === seedings[index]) {
        this.seeded.delete(absent.key);
        this.logger.warn({ counter: absent.key }, 'limits: a monthly counter was missing from the shared state (restarted?): seeded again from the ledger');
      }
      seedings[index] = this.seed(absent.key, absent.unit, absent.limit, month);
      await this.awaitSeeding(seedings[index], absent.limit);
      outcome = await this.state.reserve(checks, MONTH_COUNTER_TTL_MS);
    }
    if (!outcome.reserved && outcome.absent) throw new Error(`limits: the monthly counter ${checks[outcome.failedIndex].key} stays absent after seeding`);
    if (!outcome.reserved) {
      const failed = checks[outcome.failedIndex];
      this.onRefusal(failed.unit === 'usd' ? 'monthly_budget_usd' : 'monthly_token_quota', failed.limit.scope);
      const what =
        failed.unit === 'usd'
          ? `monthly budget of $${failed.cap} (used or reserved this month: $${round(outcome.used)}; this request is likely to cost $${round(failed.minimum ?? failed.amount)})`
          : `monthly token quota of ${failed.cap} (used or reserved this month: ${Math.round(outcome.used)}; this request is likely to take ${failed.minimum ?? failed.amount})`;
      throw new GatewayError('budget_exceeded', `The ${failed.limit.scope} ${failed.limit.id} would exceed its ${what}`);
    }
    this.grantOf(context).reservations.push(...checks.map((check, index) => ({ key: check.key, amount: outcome.amounts[index], unit: check.unit })));
  }

  /** After the answer: tpm corrected with the real tokens, reservations settled with the real cost. Never waits. */
  settle(context: RequestContext): void {
    const grant = context.limits;
    if (!grant) return;
    // A cache hit consumed no provider tokens and cost nothing.
    const hit = isWholeHit(context.cacheHit);
    const tokens = hit || !context.usage ? 0 : context.usage.inputTokens + context.usage.outputTokens;
    const usd = hit ? 0 : (context.cost?.cost_usd ?? 0);
    const work: Array<Promise<unknown>> = grant.tokenCharges.map(({ check, estimate }) => this.state.adjustRate(check, tokens - estimate));
    // One correction per counter: what every attempt (failovers) reserved on it, against the real figure once.
    // A counter gone since the reservation (Redis restarted) is not re-created with this correction alone: the
    // next reservation finds it absent and seeds it from the ledger, which holds this request.
    const reservations = grant.reservations;
    for (let index = 0; index < reservations.length; index++) {
      const { key, unit } = reservations[index];
      if (reservations.findIndex((reservation) => reservation.key === key) < index) continue; // summed with its first
      let reserved = 0;
      for (const reservation of reservations) if (reservation.key === key) reserved += reservation.amount;
      work.push(this.state.adjustIfPresent(key, (unit === 'usd' ? usd : tokens) - reserved));
    }
    const settling = Promise.all(work).catch((error) => this.logger.error({ err: error, requestId: context.requestId }, 'limits: settling a request failed'));
    this.settling.add(settling);
    void settling.finally(() => this.settling.delete(settling));
  }

  /** Waits for settlements still running (at shutdown, and in tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.settling]);
  }

  private grantOf(context: RequestContext): LimitsGrant {
    return (context.limits ??= { tokenCharges: [], reservations: [], headers: {} });
  }

  /** The limits that apply (the stages ask up to four times a request). */
  private limitsOf(context: RequestContext): Limits {
    const policy = context.governance.policy;
    const known = this.limitsByPrincipal.get(context.principal);
    if (known !== undefined && known.policy === policy) return known.limits;
    const limits = limitsFor(context.principal, policy);
    this.limitsByPrincipal.set(context.principal, { policy, limits });
    return limits;
  }

  /** Waits for counters to be seeded from the ledger, SEEDING_WAIT_MS at most: then a 503 (the seeding goes on). */
  private awaitSeeding(seeding: Promise<unknown>, limit: Limit): Promise<unknown> {
    return refusedPast(
      seeding,
      SEEDING_WAIT_MS,
      () => new GatewayError('service_unavailable', `The database did not answer within ${SEEDING_WAIT_MS / 1000} s: this month's usage of the ${limit.scope} ${limit.id} could not be read to check its monthly quota or budget; retry shortly`),
    );
  }

  /** A monthly counter that does not exist yet (a restart without Redis, a new month) starts from the ledger. */
  private seed(key: string, unit: 'usd' | 'tokens', limit: Limit, month: string): Promise<void> {
    const known = this.seeded.get(key);
    if (known) return known;
    const seeding = (async () => {
      const scope = limit.scope === 'key' ? { orgId: '', keyId: limit.id } : { orgId: limit.id };
      const usage = await this.monthlyUsage(scope, `${month}-01T00:00:00.000Z`);
      await this.state.setIfAbsent(key, String(unit === 'usd' ? usage.usd : usage.tokens), MONTH_COUNTER_TTL_MS);
    })();
    this.seeded.set(key, seeding);
    seeding.then(() => this.seededNow.add(seeding)).catch((error) => {
      this.seeded.delete(key);
      this.logger.warn({ err: error }, 'limits: a monthly counter could not be seeded from the ledger');
    });
    return seeding;
  }
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** The UTC month (`2026-11`) of the monthly counters, formatted again only when the clock leaves the one kept. */
let kept = { month: '', from: 0, until: 0 };
function currentMonth(now = Date.now()): string {
  if (now < kept.from || now >= kept.until) {
    const date = new Date(now);
    kept = { month: date.toISOString().slice(0, 7), from: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1), until: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) };
  }
  return kept.month;
}
type Limits = Record<'rpm' | 'tpm' | 'quota' | 'budget', Limit[]> & {
  /** rpm's checks, the same for every request (each takes 1). */
  rpmChecks: RateCheck[];
};
const noLimits: Limits = Object.freeze({ rpm: [], tpm: [], quota: [], budget: [], rpmChecks: [] });

/** The key's and the org's limits (both count, so the stricter binds). */
function limitsFor(principal: Principal, policy: OrgPolicy | undefined): Limits {
  const keyLimits = principal.keyId === null ? undefined : principal.limits;
  // The common case — no limit anywhere — allocates nothing.
  if (!policy && (!keyLimits || (keyLimits.rpm === null && keyLimits.tpm === null && keyLimits.monthlyTokenQuota === null && keyLimits.monthlyBudgetUsd === null))) return noLimits;
  const pick = (counter: string, keyValue: number | null | undefined, orgValue: number | null | undefined): Limit[] => [
    ...(keyValue !== null && keyValue !== undefined ? [{ scope: 'key' as const, id: principal.keyId!, value: keyValue, counter: `${counter}:key:${principal.keyId}` }] : []),
    ...(orgValue !== null && orgValue !== undefined ? [{ scope: 'org' as const, id: principal.orgId, value: orgValue, counter: `${counter}:org:${principal.orgId}` }] : []),
  ];
  const rpm = pick('rl:rpm', keyLimits?.rpm, policy?.rpm);
  return {
    rpm,
    tpm: pick('rl:tpm', keyLimits?.tpm, policy?.tpm),
    quota: pick('quota:tokens', keyLimits?.monthlyTokenQuota, policy?.monthly_token_quota),
    budget: pick('budget:usd', keyLimits?.monthlyBudgetUsd, policy?.monthly_budget_usd),
    rpmChecks: rpm.map((limit) => ({ key: limit.counter, limit: limit.value, windowMs: MINUTE_MS, cost: 1 })),
  };
}

/** A monthly limit's counter of `month` (`budget:usd:key:<id>:2026-11`), formatted once a month. */
function monthlyCounter(limit: Limit, month: string): string {
  if (limit.ofMonth?.month !== month) limit.ofMonth = { month, key: `${limit.counter}:${month}` };
  return limit.ofMonth.key;
}

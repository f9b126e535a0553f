import type { CallerSignal } from '../../core/caller-signal.js';
import { estimateChatPromptTokens } from '../../billing/token-estimator.js';
import type { CatalogModel } from '../../catalog/catalog-types.js';
import type { ChatRequest } from '../../core/chat-types.js';
import { addUsage, emptyUsage, type MeteredUsage } from '../../core/metered-usage.js';
import type { ExecutionResult, UpstreamExecutor } from '../../providers/upstream-executor.js';
import type { UpstreamTarget } from '../../providers/provider-types.js';
import { healthTarget, type HealthView } from '../../routing/model-health.js';
import type { RoutedContext } from '../request-context.js';

/** Before a model has been observed, the first call gets this long before a second is sent. */
const UNOBSERVED_DELAY_MS = 2000;
/** Never sooner than this: a hedge on every jitter would double the spend for nothing. */
const MIN_DELAY_MS = 25;

export interface HedgePlan {
  /** Where the second call may go, in order: the candidates of the same tier on other providers svc can call. */
  seconds: CatalogModel[];
  delayMs: number;
}

/** Whether and when to hedge: only when another provider of the same tier can answer. */
export function hedgePlan(candidates: CatalogModel[], canCall: (providerId: string) => boolean, health: HealthView | undefined): HedgePlan | undefined {
  const first = candidates[0];
  const seconds = candidates.filter((candidate) => candidate.provider !== first.provider && candidate.tier === first.tier && canCall(candidate.provider));
  if (seconds.length === 0) return undefined;
  const p95 = health?.p95Ms(healthTarget(first.provider, first.upstream_model));
  return { seconds, delayMs: Math.max(MIN_DELAY_MS, p95 ?? UNOBSERVED_DELAY_MS) };
}

export interface HedgedResult<T> extends ExecutionResult<T> {
  /** Set when the second call was sent: which call answered, the second's model, and the aborted call's model. */
  hedge?: { answeredBy: 'first' | 'second'; second: CatalogModel; loser?: CatalogModel };
}

/**
 * A hedged call (issue 18, `svc.enable_hedging`): the first call goes out as usual; if it has not answered by
 * the plan's delay (the model's observed p95 latency), a second goes to another provider of the same tier.
 * The first answer wins and the other call is aborted. A call that fails leaves the race to the other.
 * A stream's call answers with its first chunk (requestStream reads it before resolving), so streams race on
 * time to first token; the losing stream is never read, so none of its chunks reach the caller or the meter.
 */
export function hedgedCall<T>(
  executor: UpstreamExecutor,
  candidates: CatalogModel[],
  plan: HedgePlan,
  orgId: string,
  signal: CallerSignal,
  call: (target: UpstreamTarget, signal: CallerSignal) => Promise<T>,
): Promise<HedgedResult<T>> {
  const firstAbort = new AbortController();
  const secondAbort = new AbortController();
  const onCallerGone = () => {
    firstAbort.abort(signal.reason);
    secondAbort.abort(signal.reason);
  };
  signal.addEventListener('abort', onCallerGone, { once: true });
  return new Promise<HedgedResult<T>>((resolve, reject) => {
    let settled = false;
    let second: 'idle' | 'running' | 'failed' = 'idle';
    let firstError: unknown;
    // The target each side is calling now (its executor may have failed over), for the loser's bill.
    let firstTarget: UpstreamTarget | undefined;
    let secondTarget: UpstreamTarget | undefined;
    // After the race a streamed answer is still flowing from the winner: a caller who leaves then ends it
    // through the stream's own iterator (the renderer returns it), not through this signal.
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onCallerGone);
      outcome();
    };
    const timer = setTimeout(() => {
      if (settled) return;
      second = 'running';
      executor.execute(plan.seconds, orgId, secondAbort.signal, (target) => call((secondTarget = target), secondAbort.signal)).then(
        (result) =>
          settle(() => {
            const firstStillRunning = firstError === undefined;
            if (firstStillRunning) firstAbort.abort(new Error('hedge lost'));
            resolve({ ...result, hedge: { answeredBy: 'second', second: result.target.model, loser: firstStillRunning ? firstTarget?.model : undefined } });
          }),
        () => {
          second = 'failed';
          // The first call's error speaks when both fail: it is the routed model's.
          if (firstError !== undefined) settle(() => reject(firstError));
        },
      );
    }, plan.delayMs);
    executor.execute(candidates, orgId, firstAbort.signal, (target) => call((firstTarget = target), firstAbort.signal)).then(
      (result) =>
        settle(() => {
          if (second === 'running') secondAbort.abort(new Error('hedge lost'));
          const secondModel = secondTarget?.model ?? plan.seconds[0];
          resolve({ ...result, hedge: second === 'idle' ? undefined : { answeredBy: 'first', second: secondModel, loser: second === 'running' ? secondModel : undefined } });
        }),
      (error: unknown) => {
        firstError = error ?? new Error('upstream call failed');
        // Before the hedge started there is no other call to wait for; a running hedge may still answer.
        if (second !== 'running') settle(() => reject(error));
      },
    );
  });
}

/**
 * What a hedge adds to the request: the note in routing_decision, and the aborted call's bill — its prompt,
 * estimated (it was cut before any answer came back), priced with its own model.
 */
export function recordHedge(context: RoutedContext, request: ChatRequest, plan: HedgePlan, hedge: NonNullable<HedgedResult<unknown>['hedge']>): MeteredUsage | undefined {
  context.hedge = `${hedge.second.slug} after ${Math.round(plan.delayMs)} ms, ${hedge.answeredBy === 'second' ? 'won' : 'lost'}`;
  if (!hedge.loser) return undefined;
  const consumed = { ...emptyUsage(), inputTokens: estimateChatPromptTokens(request), estimated: true };
  (context.priorCalls ??= []).push({ model: hedge.loser, usage: consumed });
  // A stream's usage is not known yet: the caller adds the returned figures to it as it is metered.
  if (context.usage) context.usage = addUsage(consumed, context.usage);
  return consumed;
}

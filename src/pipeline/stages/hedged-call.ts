import type { CatalogModel } from '../../catalog/catalog-types.js';
import type { ExecutionResult, UpstreamExecutor } from '../../providers/upstream-executor.js';
import type { UpstreamTarget } from '../../providers/provider-types.js';
import { healthTarget, type HealthView } from '../../routing/model-health.js';

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
  /** The model of the call that did not answer first and was aborted. */
  loser?: CatalogModel;
  hedged: boolean;
}

/**
 * A hedged call (issue 18, `svc.enable_hedging`): the first call goes out as usual; if it has not answered by
 * the plan's delay (the model's observed p95 latency), a second goes to another provider of the same tier.
 * The first answer wins and the other call is aborted. A call that fails leaves the race to the other.
 */
export function hedgedCall<T>(
  executor: UpstreamExecutor,
  candidates: CatalogModel[],
  plan: HedgePlan,
  orgId: string,
  signal: AbortSignal,
  call: (target: UpstreamTarget, signal: AbortSignal) => Promise<T>,
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
            resolve({ ...result, hedged: true, loser: firstStillRunning ? firstTarget?.model : undefined });
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
          const hedged = second !== 'idle';
          if (second === 'running') secondAbort.abort(new Error('hedge lost'));
          resolve({ ...result, hedged, loser: second === 'running' ? secondTarget?.model : undefined });
        }),
      (error: unknown) => {
        firstError = error ?? new Error('upstream call failed');
        // Before the hedge started there is no other call to wait for; a running hedge may still answer.
        if (second !== 'running') settle(() => reject(error));
      },
    );
  });
}

import type { CallerSignal } from '../../core/caller-signal.js';
import { loadTokenizer } from '../../billing/token-estimator.js';
import { addUsage, type MeteredUsage } from '../../core/metered-usage.js';
import type { ChatCompletionChunk } from '../../core/chat-types.js';
import type { Operation, Outcome } from '../../core/operations.js';
import { callOperation } from '../../providers/operation-calls.js';
import type { UpstreamTarget } from '../../providers/provider-types.js';
import { addWarning } from '../../providers/shared/warnings.js';
import type { UpstreamExecutor } from '../../providers/upstream-executor.js';
import type { WireAdapter } from '../../providers/wire-adapter.js';
import type { HealthView } from '../../routing/model-health.js';
import { meters } from '../metering.js';
import type { RoutedContext } from '../request-context.js';
import type { GenericStage } from '../stage.js';
import { hedgedCall, hedgePlan, recordHedge, type HedgedResult } from './hedged-call.js';
import { tracedAttempt } from './traced-attempt.js';

/**
 * The end of every chain: calls the provider through the executor (keys, failover, circuits) and meters
 * the usage, for a whole result at once and for a stream as its chunks pass by. Only the warnings of the
 * attempt that answered are kept. A chat request with `svc.enable_hedging` races a second provider of the
 * same tier once the first is slower than its observed p95 (hedged-call.ts).
 */
export function providerCallStage(executor: UpstreamExecutor, adapters: Partial<Record<string, WireAdapter>>, hedging?: { health: HealthView; canCall: (providerId: string) => boolean }): GenericStage {
  return {
    name: 'provider_call',
    async intercept<O extends Operation>(context: RoutedContext<O>): Promise<Outcome<O>> {
      const operation: Operation = context.operation;
      const meter = meters[operation] as (typeof meters)['chat'];
      const request = context.request as never;
      const streaming = (context.request as { stream?: boolean }).stream === true;
      // A stream is metered as its chunks pass: its text is kept (a cut stream is estimated from it) and its usage chunk read.
      const streamedText: string[] = [];
      // What a hedged stream's aborted call consumed: added to the stream's own usage as it is metered.
      let hedgeLoserUsage: MeteredUsage | undefined;
      const observeChunk = streaming
        ? (chunk: ChatCompletionChunk) => {
            const text = meter.textOf?.(chunk);
            if (text) streamedText.push(text);
            const usage = meter.chunk?.(chunk, request, streamedText, context.warnings);
            if (usage) context.usage = hedgeLoserUsage ? addUsage(hedgeLoserUsage, usage) : usage;
          }
        : undefined;
      // Each attempt keeps its own warnings: two hedged calls run at once.
      const attempt = async (target: UpstreamTarget, signal: CallerSignal) => {
        const warnings: string[] = [];
        const adapter = adapters[target.provider.wire] as WireAdapter;
        const outcome = context.trace
          ? await tracedAttempt(context as unknown as RoutedContext<'chat'>, target, (traceHeaders) => callOperation(operation as 'chat', adapter, target, request, { signal, warnings, observeChunk, traceHeaders, bodySource: context.bodySource }))
          : await callOperation(operation as 'chat', adapter, target, request, { signal, warnings, observeChunk, bodySource: context.bodySource });
        return { outcome, warnings };
      };
      const wantsHedge = operation === 'chat' && context.options.svc.enable_hedging === true;
      const plan = wantsHedge && hedging ? hedgePlan(context.route.candidates, hedging.canCall, hedging.health) : undefined;
      if (wantsHedge && !plan) addWarning(context.warnings, 'enable_hedging: no other provider of the same tier can serve this request, so it was not hedged');

      const execution: HedgedResult<Awaited<ReturnType<typeof attempt>>> = plan
        ? await hedgedCall(executor, context.route.candidates, plan, context.principal.orgId, context.signal, attempt)
        : await executor.execute(context.route.candidates, context.principal.orgId, context.signal, (target) => attempt(target, context.signal));
      const { value, target, attempts } = execution;
      // Read from the context by each attempt, never held in this scope: the stream's chunk observer keeps it alive.
      context.bodySource = undefined;
      context.target = target;
      context.attempts = attempts;
      // Only the attempt that answered speaks in the warnings: a failed attempt's adaptations did not happen.
      for (const warning of value.warnings) addWarning(context.warnings, warning);
      const outcome = value.outcome;
      if (outcome.kind === 'complete') {
        // An answer without usable counts is counted here, with the tokenizer (loaded on this first need).
        if (meter.countsTokens?.(outcome.result)) await loadTokenizer();
        context.usage = meter.result(outcome.result, request, context.warnings);
      }
      else context.streamedText = streamedText;
      if (plan && execution.hedge) hedgeLoserUsage = recordHedge(context, request, plan, execution.hedge);
      return outcome as Outcome<O>;
    },
  };
}

import type { ChatCompletionChunk } from '../../core/chat-types.js';
import type { Operation, Outcome } from '../../core/operations.js';
import { callOperation } from '../../providers/operation-calls.js';
import { addWarning } from '../../providers/shared/warnings.js';
import type { UpstreamExecutor } from '../../providers/upstream-executor.js';
import type { WireAdapter } from '../../providers/wire-adapter.js';
import { meters } from '../metering.js';
import type { RoutedContext } from '../request-context.js';
import type { GenericStage } from '../stage.js';

/**
 * The end of every chain: calls the provider through the executor (keys, failover, circuits) and meters
 * the usage, for a whole result at once and for a stream as its chunks pass by. Only the warnings of the
 * attempt that answered are kept.
 */
export function providerCallStage(executor: UpstreamExecutor, adapters: Partial<Record<string, WireAdapter>>): GenericStage {
  return {
    name: 'provider_call',
    async intercept<O extends Operation>(context: RoutedContext<O>): Promise<Outcome<O>> {
      const operation: Operation = context.operation;
      const meter = meters[operation] as (typeof meters)['chat'];
      const request = context.request as never;
      const streaming = (context.request as { stream?: boolean }).stream === true;
      let attemptWarnings: string[] = [];
      // A stream is metered as its chunks pass: its text is kept (a cut stream is estimated from it) and its usage chunk read.
      const streamedText: string[] = [];
      const observeChunk = streaming
        ? (chunk: ChatCompletionChunk) => {
            const text = meter.textOf?.(chunk);
            if (text) streamedText.push(text);
            const usage = meter.chunk?.(chunk, request, streamedText, context.warnings);
            if (usage) context.usage = usage;
          }
        : undefined;
      const { value: outcome, target, attempts } = await executor.execute(context.route.candidates, context.principal.orgId, context.signal, (target) => {
        attemptWarnings = [];
        return callOperation(operation as 'chat', adapters[target.provider.wire] as WireAdapter, target, request, { signal: context.signal, warnings: attemptWarnings, observeChunk });
      });
      context.target = target;
      context.attempts = attempts;
      // Only the attempt that answered speaks in the warnings: a failed attempt's adaptations did not happen.
      for (const warning of attemptWarnings) addWarning(context.warnings, warning);
      if (outcome.kind === 'complete') context.usage = meter.result(outcome.result, request, context.warnings);
      else context.streamedText = streamedText;
      return outcome as Outcome<O>;
    },
  };
}

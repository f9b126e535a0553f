import type { Operation, Outcome } from '../../core/operations.js';
import { tapStream } from '../../core/stream-tap.js';
import { emptyFacts, readResponseFacts } from '../../observability/gen-ai-attributes.js';
import type { UpstreamTarget } from '../../providers/provider-types.js';
import { meters } from '../metering.js';
import type { RoutedContext } from '../request-context.js';

/**
 * One upstream attempt of a traced request: a client span from the call to the answer's end (a stream's
 * last chunk), with the W3C headers that make the upstream's spans its children, the answer's model, id,
 * finish reasons and usage, or the failure. Only traced requests come here: the others pay nothing.
 */
export async function tracedAttempt<O extends Operation>(
  context: RoutedContext<O>,
  target: UpstreamTarget,
  call: (traceHeaders: Record<string, string>) => Promise<Outcome<O>>,
): Promise<Outcome<O>> {
  const trace = context.trace!;
  const span = trace.startAttempt(context.operation, target, context.request as object);
  let outcome: Outcome<O>;
  try {
    outcome = await call(trace.headersOf(span));
  } catch (error) {
    trace.failAttempt(span, error);
    throw error;
  }
  const facts = emptyFacts();
  if (outcome.kind === 'complete') {
    readResponseFacts(facts, outcome.result);
    // The stage meters the answer too, once this attempt has won: this count is the span's own, made only when traced.
    const meter = meters[context.operation] as (typeof meters)['chat'];
    trace.finishAttempt(span, facts, meter.result(outcome.result as never, context.request as never, []));
    return outcome;
  }
  // A stream's usage is metered into the context as its chunks pass (the stage's observeChunk).
  const chunks = tapStream(
    outcome.chunks,
    (chunk) => readResponseFacts(facts, chunk),
    (complete, error) => (complete ? trace.finishAttempt(span, facts, context.usage) : trace.failAttempt(span, error ?? new Error('stream cut before its end'))),
  );
  return { kind: 'stream', chunks } as Outcome<O>;
}

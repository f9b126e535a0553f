import { meters } from '../metering.js';
import type { AfterWork } from '../request-runner.js';

/**
 * A stream that ended without usage — cut by the client (499), by the upstream (502), by shutdown, or from
 * a host that never sends a usage chunk — is billed from what svc can count: the prompt, and the output
 * streamed so far. The counts are flagged as estimated in the ledger.
 */
export const usageEstimateAfterWork: AfterWork = {
  name: 'usage_estimate',
  run(context) {
    if (context.usage || context.streamedText === undefined) return;
    const estimate = meters[context.operation].estimate as ((request: unknown, outputText: string) => ReturnType<NonNullable<(typeof meters)['chat']['estimate']>>) | undefined;
    if (estimate) context.usage = estimate(context.request, context.streamedText.join(''));
  },
};

import { countChatPromptWithoutBlocking, estimateChatPromptTokens, KeptCounts, loadTokenizer, tokenizerLoaded } from '../billing/token-estimator.js';
import { priceUsage } from '../billing/cost.js';
import type { ChatRequest } from '../core/chat-types.js';
import type { EmbeddingsRequest } from '../core/embeddings-types.js';
import { emptyUsage, type MeteredUsage } from '../core/metered-usage.js';
import type { RequestContext } from '../pipeline/request-context.js';

/** What a request's output costs at most when it sets no cap and the catalog knows none. */
const DEFAULT_OUTPUT_CAP = 4096;

/**
 * Tokens a request is charged against tpm before the answer: its prompt counted with the tokenizer, plus
 * the output cap it asked for. Corrected with the real usage afterwards.
 */
export function estimatedTokens(context: RequestContext): number {
  switch (context.operation) {
    case 'chat': {
      const request = context.request as ChatRequest;
      return estimateChatPromptTokens(request) + (request.max_tokens ?? 0) * (request.n ?? 1);
    }
    case 'embeddings':
      return inputTokens(context.request as EmbeddingsRequest);
    default:
      return 0;
  }
}

/**
 * The most a request can consume, reserved against monthly quotas and budgets before the call: the
 * prompt, and the output up to the request's cap (else the model's, else 4096) for every choice.
 */
export function worstCaseUsage(context: RequestContext): MeteredUsage {
  const usage = emptyUsage();
  if (context.operation === 'chat') {
    const request = context.request as ChatRequest;
    usage.inputTokens = estimateChatPromptTokens(request);
    usage.outputTokens = (request.max_tokens ?? context.route?.model.max_output_tokens ?? DEFAULT_OUTPUT_CAP) * (request.n ?? 1);
  } else if (context.operation === 'embeddings') {
    usage.inputTokens = inputTokens(context.request as EmbeddingsRequest);
  }
  return usage;
}

/** An answer's usual length when the caller sets no cap: what a request must at least be able to afford. */
export const LIKELY_OUTPUT_TOKENS = 1024;

/** The usage a request is likely to have: the prompt, and the output up to its cap or a usual answer's length. */
export function likelyUsage(context: RequestContext, worst: MeteredUsage): MeteredUsage {
  const request = context.request as ChatRequest;
  if (context.operation !== 'chat' || request.max_tokens !== undefined) return worst;
  return { ...worst, outputTokens: Math.min(worst.outputTokens, LIKELY_OUTPUT_TOKENS * (request.n ?? 1)) };
}

/** A usage (the worst case, or the likely one) priced at the dearest model the request may fail over to. */
export function dearestCostUsd(context: RequestContext, usage: MeteredUsage): number {
  const candidates = context.route?.candidates ?? [];
  let worst = 0;
  for (const model of candidates) worst = Math.max(worst, priceUsage(model, usage).cost_usd);
  return worst;
}

/** An embeddings request's input: its texts through the tokenizer, its token arrays by length; kept per request. */
const embeddingsInputs = new KeptCounts<EmbeddingsRequest>((request) => {
  let arrays = 0;
  for (const input of request.input) if (typeof input !== 'string') arrays += input.length;
  return { fixed: arrays, texts: request.input.filter((input): input is string => typeof input === 'string') };
});

const inputTokens = (request: EmbeddingsRequest): number => embeddingsInputs.of(request);

/**
 * Counts a request's input ahead of the estimates, with the tokenizer (loaded on first need) and the event loop
 * running every 64 KB of text (a prompt or an embeddings batch may hold megabytes); the estimates then read the
 * kept count. Undefined when the count was made at once (the tokenizer loaded, the input short): nothing to await.
 */
export function countInputWithoutBlocking(context: RequestContext): Promise<void> | undefined {
  if (!tokenizerLoaded()) return loadTokenizer().then(() => countInputWithoutBlocking(context));
  const counting =
    context.operation === 'chat'
      ? countChatPromptWithoutBlocking(context.request as ChatRequest, context.principal.orgId)
      : context.operation === 'embeddings'
        ? embeddingsInputs.withoutBlocking(context.request as EmbeddingsRequest, context.principal.orgId)
        : undefined;
  return typeof counting === 'object' ? counting.then(() => undefined) : undefined;
}

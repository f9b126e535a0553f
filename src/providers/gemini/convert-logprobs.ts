import type { GeminiLogprobCandidate, GeminiLogprobsResult } from './wire-types.js';

export interface TokenLogprob {
  token: string;
  logprob: number;
  bytes: number[];
}

export interface ChoiceLogprobs {
  content: (TokenLogprob & { top_logprobs: TokenLogprob[] })[];
  refusal: null;
}

/**
 * Gemini's logprobsResult (chosen token per step, plus the top candidates of the same step) in the
 * chat completions `choices[].logprobs` shape.
 */
export function convertLogprobs(result: GeminiLogprobsResult | undefined): ChoiceLogprobs | null {
  if (!result?.chosenCandidates) return null;
  return {
    content: result.chosenCandidates.map((chosen, step) => ({
      ...tokenLogprob(chosen),
      top_logprobs: (result.topCandidates?.[step]?.candidates ?? []).map(tokenLogprob),
    })),
    refusal: null,
  };
}

function tokenLogprob(candidate: GeminiLogprobCandidate): TokenLogprob {
  const token = candidate.token ?? '';
  return { token, logprob: candidate.logProbability ?? 0, bytes: [...Buffer.from(token, 'utf8')] };
}

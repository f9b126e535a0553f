import type { Usage } from '../../core/chat-types.js';
import { TokenCountReader, type CheckedUsage } from '../shared/token-counts.js';
import type { GeminiUsageMetadata } from './wire-types.js';

/**
 * Gemini usage → chat completions usage. Thinking tokens are billed as output but Gemini keeps them
 * out of candidatesTokenCount, so they are added to completion_tokens (as OpenAI counts reasoning).
 * Prompt tokens added by built-in tools are billed as input, so they join prompt_tokens. Counts that
 * are not token counts are noted.
 */
export function convertUsage(usage: GeminiUsageMetadata): CheckedUsage {
  const counts = new TokenCountReader(usage as Record<string, unknown>);
  const thoughts = counts.read('thoughtsTokenCount') ?? 0;
  const promptTokens = (counts.require('promptTokenCount') ?? 0) + (counts.read('toolUsePromptTokenCount') ?? 0);
  const totalTokens = counts.read('totalTokenCount');
  const completionTokens = (candidatesTokens(usage, counts, totalTokens, promptTokens + thoughts) ?? 0) + thoughts;
  return counts.finish({
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: counts.read('cachedContentTokenCount') ?? 0 },
    completion_tokens_details: { reasoning_tokens: thoughts },
  });
}

/**
 * Gemini's JSON leaves out a count that is zero (proto3), so an answer with no candidate tokens has no
 * candidatesTokenCount: what the total leaves after the prompt and the thoughts. A total smaller than those, or no
 * total either, leaves it unreadable (estimated).
 */
function candidatesTokens(usage: GeminiUsageMetadata, counts: TokenCountReader, totalTokens: number | undefined, otherTokens: number): number | undefined {
  if (usage.candidatesTokenCount !== undefined && usage.candidatesTokenCount !== null) return counts.read('candidatesTokenCount');
  if (totalTokens !== undefined && totalTokens >= otherTokens) return totalTokens - otherTokens;
  return counts.require('candidatesTokenCount');
}

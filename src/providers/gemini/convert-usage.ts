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
  const promptTokens = (counts.read('promptTokenCount') ?? 0) + (counts.read('toolUsePromptTokenCount') ?? 0);
  const completionTokens = (counts.read('candidatesTokenCount') ?? 0) + thoughts;
  const totalTokens = counts.read('totalTokenCount');
  return counts.finish({
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: counts.problems.length === 0 && totalTokens !== undefined ? totalTokens : promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: counts.read('cachedContentTokenCount') ?? 0 },
    completion_tokens_details: { reasoning_tokens: thoughts },
  });
}

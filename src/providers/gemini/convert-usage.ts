import type { Usage } from '../../core/chat-types.js';
import type { GeminiUsageMetadata } from './wire-types.js';

/**
 * Gemini usage → chat completions usage. Thinking tokens are billed as output but Gemini keeps them
 * out of candidatesTokenCount, so they are added to completion_tokens (as OpenAI counts reasoning).
 * Prompt tokens added by built-in tools are billed as input, so they join prompt_tokens.
 */
export function convertUsage(usage: GeminiUsageMetadata): Usage {
  const thoughts = usage.thoughtsTokenCount ?? 0;
  const promptTokens = (usage.promptTokenCount ?? 0) + (usage.toolUsePromptTokenCount ?? 0);
  const completionTokens = (usage.candidatesTokenCount ?? 0) + thoughts;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: usage.totalTokenCount ?? promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedContentTokenCount ?? 0 },
    completion_tokens_details: { reasoning_tokens: thoughts },
  };
}

import type { Usage } from './chat-types.js';
import type { MeteredUsage } from './metered-usage.js';

/** A chat usage block (OpenAI shape, as every chat adapter produces it) in svc's billing units. */
export function meterChatUsage(usage: Usage, estimated = false): MeteredUsage {
  return {
    inputTokens: usage.prompt_tokens,
    outputTokens: usage.completion_tokens,
    cachedInputTokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
    cacheWriteTokens: usage.prompt_tokens_details?.cache_write_tokens ?? 0,
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
    audioInputTokens: usage.prompt_tokens_details?.audio_tokens ?? 0,
    audioOutputTokens: usage.completion_tokens_details?.audio_tokens ?? 0,
    estimated,
  };
}

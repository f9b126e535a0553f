import type { Usage } from '../../core/chat-types.js';
import type { AnthropicUsage } from './wire-types.js';

/**
 * Anthropic usage → OpenAI usage. Anthropic's input_tokens counts uncached input only, while OpenAI's
 * prompt_tokens counts all of it: prompt_tokens = input + cache writes + cache reads, with the reads
 * in cached_tokens and the writes (billed at a premium) in cache_write_tokens.
 */
export function convertUsage(usage: AnthropicUsage): Usage {
  const cacheWrites = usage.cache_creation_input_tokens ?? 0;
  const cacheReads = usage.cache_read_input_tokens ?? 0;
  const promptTokens = (usage.input_tokens ?? 0) + cacheWrites + cacheReads;
  const completionTokens = usage.output_tokens ?? 0;
  const converted: Usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: cacheReads, cache_write_tokens: cacheWrites },
  };
  const thinkingTokens = usage.output_tokens_details?.thinking_tokens;
  if (thinkingTokens !== undefined) converted.completion_tokens_details = { reasoning_tokens: thinkingTokens };
  return converted;
}

/** Stream usage arrives in parts (input at message_start, output at message_delta): later values win. */
export function mergeUsage(current: AnthropicUsage, update: AnthropicUsage | undefined): AnthropicUsage {
  if (!update) return current;
  const present = Object.entries(update).filter(([, value]) => value !== null && value !== undefined);
  return { ...current, ...Object.fromEntries(present) };
}

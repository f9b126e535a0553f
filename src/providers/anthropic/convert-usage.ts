import type { Usage } from '../../core/chat-types.js';
import { TokenCountReader, type CheckedUsage } from '../shared/token-counts.js';
import type { AnthropicUsage } from './wire-types.js';

/**
 * Anthropic usage → OpenAI usage. Anthropic's input_tokens counts uncached input only, while OpenAI's
 * prompt_tokens counts all of it: prompt_tokens = input + cache writes + cache reads, with the reads
 * in cached_tokens and the writes (billed at a premium) in cache_write_tokens. Thinking is part of
 * output_tokens (Anthropic reports no separate count). Counts that are not token counts are noted.
 */
export function convertUsage(usage: AnthropicUsage): CheckedUsage {
  const counts = new TokenCountReader(usage as Record<string, unknown>);
  const cacheWrites = counts.read('cache_creation_input_tokens') ?? 0;
  const cacheReads = counts.read('cache_read_input_tokens') ?? 0;
  // Every Anthropic usage block carries both (a stream's from its message_start on): a missing one is estimated, never billed as 0.
  const promptTokens = (counts.require('input_tokens') ?? 0) + cacheWrites + cacheReads;
  const completionTokens = counts.require('output_tokens') ?? 0;
  const converted: Usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: cacheReads, cache_write_tokens: cacheWrites },
  };
  return counts.finish(converted);
}

/** Stream usage arrives in parts (input at message_start, output at message_delta): later values win. */
export function mergeUsage(current: AnthropicUsage, update: AnthropicUsage | undefined): AnthropicUsage {
  if (!update) return current;
  const present = Object.entries(update).filter(([, value]) => value !== null && value !== undefined);
  return { ...current, ...Object.fromEntries(present) };
}

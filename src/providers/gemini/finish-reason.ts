import type { FinishReason } from '../../core/chat-types.js';

/** Gemini finish reasons that mean a safety or policy filter cut the answer. */
const filteredReasons = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

/**
 * Maps a Gemini finishReason to the chat completions one. Gemini ends a function-calling answer
 * with STOP, so the caller says whether the candidate called functions. Reasons with no OpenAI
 * equivalent (LANGUAGE, OTHER, MALFORMED_FUNCTION_CALL, ...) end as a plain stop.
 */
export function convertFinishReason(reason: string, calledFunctions: boolean): FinishReason {
  if (reason === 'MAX_TOKENS') return 'length';
  if (filteredReasons.has(reason)) return 'content_filter';
  return calledFunctions ? 'tool_calls' : 'stop';
}

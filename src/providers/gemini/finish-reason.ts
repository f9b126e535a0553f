import type { FinishReason } from '../../core/chat-types.js';
import type { UpstreamErrorInit } from '../../errors/upstream-error.js';

/** Gemini finish reasons that mean a safety or policy filter cut the answer. */
const filteredReasons = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

/**
 * Maps a Gemini finishReason to the chat completions one. Gemini ends a function-calling answer
 * with STOP, so the caller says whether the candidate called functions. Reasons with no OpenAI
 * equivalent (LANGUAGE, OTHER, ...) end as a plain stop; MALFORMED_FUNCTION_CALL is a failure (failureOfFinishReason).
 */
/**
 * Finish reasons that are failures rather than ends: MALFORMED_FUNCTION_CALL means the model produced a
 * function call Gemini could not parse — no answer to give, and another attempt (or model) may succeed.
 */
export function failureOfFinishReason(reason: string | undefined): UpstreamErrorInit | undefined {
  if (reason !== 'MALFORMED_FUNCTION_CALL') return undefined;
  return { kind: 'server_error', message: 'Gemini produced a malformed function call (finishReason MALFORMED_FUNCTION_CALL)', providerCode: reason };
}

export function convertFinishReason(reason: string, calledFunctions: boolean): FinishReason {
  if (reason === 'MAX_TOKENS') return 'length';
  if (filteredReasons.has(reason)) return 'content_filter';
  return calledFunctions ? 'tool_calls' : 'stop';
}

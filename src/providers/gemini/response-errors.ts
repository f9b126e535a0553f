import { UpstreamError } from '../../errors/upstream-error.js';
import { mapGeminiInBandError } from './map-error.js';
import type { GeminiResponse } from './wire-types.js';

/**
 * Failures that arrive with HTTP 200: an `{error}` payload, or a prompt blocked before generation
 * (no candidates, only `promptFeedback.blockReason`). Both become errors, never an empty success.
 */
export function throwIfFailed(response: GeminiResponse, providerId: string): void {
  if (response.error) throw new UpstreamError(providerId, mapGeminiInBandError(response.error));
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason && (response.candidates ?? []).length === 0) {
    const detail = response.promptFeedback?.blockReasonMessage;
    throw new UpstreamError(providerId, {
      kind: 'content_filter',
      message: `Gemini blocked the prompt (blockReason ${blockReason})${detail ? `: ${detail}` : ''}`,
      providerCode: blockReason,
    });
  }
}

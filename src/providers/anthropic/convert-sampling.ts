import type { ChatRequest } from '../../core/chat-types.js';
import { addWarning } from '../shared/warnings.js';

export interface SamplingParameters {
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
}

/** Anthropic requires top_p of at least this value when extended thinking is on. */
const MINIMUM_TOP_P_WITH_THINKING = 0.95;

/**
 * temperature, top_p and stop → Anthropic, fixing what Anthropic would reject:
 * - temperature is 0..1 on Anthropic (0..2 on OpenAI): values above 1 are clamped to 1;
 * - with extended thinking Anthropic takes no temperature other than 1 and top_p only from 0.95;
 * - current Claude models reject temperature and top_p together: temperature is kept;
 * - stop sequences must contain something other than whitespace.
 */
export function convertSampling(request: ChatRequest, thinking: boolean, warnings: string[]): SamplingParameters {
  const sampling: SamplingParameters = {};
  let temperature = request.temperature;
  if (temperature !== undefined && thinking) {
    if (temperature !== 1) addWarning(warnings, 'temperature was dropped: Anthropic takes no temperature with extended thinking (reasoning_effort)');
    temperature = undefined;
  }
  if (temperature !== undefined && temperature > 1) {
    addWarning(warnings, `temperature ${temperature} was clamped to 1: Anthropic accepts 0 to 1`);
    temperature = 1;
  }
  if (temperature !== undefined) sampling.temperature = temperature;

  const topP = request.top_p;
  if (topP !== undefined) {
    if (sampling.temperature !== undefined) addWarning(warnings, 'top_p was dropped: Claude models take temperature or top_p, not both');
    else if (thinking && topP < MINIMUM_TOP_P_WITH_THINKING) addWarning(warnings, `top_p was dropped: with extended thinking Anthropic takes top_p from ${MINIMUM_TOP_P_WITH_THINKING} only`);
    else sampling.top_p = topP;
  }

  if (request.top_k !== undefined) {
    if (thinking) addWarning(warnings, 'top_k was dropped: Anthropic takes no top_k with extended thinking (reasoning_effort)');
    else sampling.top_k = request.top_k;
  }

  const stops = request.stop === undefined ? [] : Array.isArray(request.stop) ? request.stop : [request.stop];
  const usable = stops.filter((stop) => stop.trim() !== '');
  if (usable.length < stops.length) addWarning(warnings, 'empty or whitespace-only stop sequences were dropped: Anthropic rejects them');
  if (usable.length > 0) sampling.stop_sequences = usable;
  return sampling;
}

import type { ChatRequest, ReasoningEffort } from '../../core/chat-types.js';
import type { GeminiGenerationConfig } from './wire-types.js';
import { addWarning } from '../shared/warnings.js';

/** Gemini accepts at most five stop sequences. */
export const MAX_STOP_SEQUENCES = 5;

/**
 * Thinking token budgets per reasoning effort. 24576 is the largest budget every Gemini thinking
 * model accepts (Flash caps there), so the efforts above "high" share it.
 */
const thinkingBudgetByEffort: Record<ReasoningEffort, number> = {
  none: 0,
  minimal: 1024,
  low: 1024,
  medium: 8192,
  high: 24576,
  xhigh: 24576,
  max: 24576,
};

/** Sampling, limits, output format and thinking: everything of the request that goes to `generationConfig`. */
export function convertGenerationConfig(request: ChatRequest, warnings: string[]): GeminiGenerationConfig | undefined {
  const config: GeminiGenerationConfig = {};
  // Gemini's temperature range is 0..2, the same as OpenAI's: passed unchanged.
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (request.top_p !== undefined) config.topP = request.top_p;
  if (request.top_k !== undefined) config.topK = request.top_k;
  if (request.max_tokens !== undefined) config.maxOutputTokens = request.max_tokens;
  if (request.n !== undefined) config.candidateCount = request.n;
  if (request.presence_penalty !== undefined) config.presencePenalty = request.presence_penalty;
  if (request.frequency_penalty !== undefined) config.frequencyPenalty = request.frequency_penalty;
  if (request.seed !== undefined) config.seed = request.seed;

  const stopSequences = request.stop === undefined ? [] : typeof request.stop === 'string' ? [request.stop] : request.stop;
  if (stopSequences.length > MAX_STOP_SEQUENCES) {
    addWarning(warnings, `gemini: at most ${MAX_STOP_SEQUENCES} stop sequences are accepted; ${stopSequences.length - MAX_STOP_SEQUENCES} were dropped`);
  }
  if (stopSequences.length > 0) config.stopSequences = stopSequences.slice(0, MAX_STOP_SEQUENCES);

  if (request.logprobs === true) {
    config.responseLogprobs = true;
    if (request.top_logprobs !== undefined) config.logprobs = request.top_logprobs;
  }

  const format = request.response_format;
  if (format?.type === 'json_object') config.responseMimeType = 'application/json';
  else if (format?.type === 'json_schema') {
    config.responseMimeType = 'application/json';
    // responseJsonSchema takes JSON Schema as is (responseSchema would need Google's OpenAPI subset).
    if (format.json_schema.schema !== undefined) config.responseJsonSchema = format.json_schema.schema;
  }

  if (request.reasoning_effort !== undefined) {
    config.thinkingConfig = { thinkingBudget: thinkingBudgetByEffort[request.reasoning_effort] };
  }
  return Object.keys(config).length > 0 ? config : undefined;
}

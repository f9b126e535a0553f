import type { FinishReason } from '../../core/chat-types.js';

/** OpenAI's reasons, plus the spellings some compatible hosts use instead (Mistral `model_length`, vLLM/TGI `eos`...). */
const FINISH_REASONS = new Map<string, FinishReason>([
  ['stop', 'stop'],
  ['length', 'length'],
  ['tool_calls', 'tool_calls'],
  ['content_filter', 'content_filter'],
  ['function_call', 'function_call'],
  ['model_length', 'length'],
  ['max_tokens', 'length'],
  ['eos', 'stop'],
  ['eos_token', 'stop'],
  ['end_turn', 'stop'],
  ['stop_sequence', 'stop'],
  ['tool_use', 'tool_calls'],
]);

/** Null stays null (not finished yet); an unknown reason reads as `stop`, the generation did end. */
export function normalizeFinishReason(value: unknown): FinishReason | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' && FINISH_REASONS.get(value)) || 'stop';
}

import type { FinishReason } from '../../core/chat-types.js';

/**
 * Anthropic stop_reason → OpenAI finish_reason. `pause_turn` (a server tool paused a long turn) ends
 * this answer normally; `refusal` is Anthropic's safety stop. An unknown or missing reason is `stop`.
 */
const FINISH_REASONS: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

export function convertStopReason(stopReason: string | null | undefined): FinishReason {
  return (stopReason && FINISH_REASONS[stopReason]) || 'stop';
}

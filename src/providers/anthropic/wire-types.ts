/**
 * The parts of the Anthropic Messages wire format (`POST /v1/messages`, anthropic-version 2023-06-01)
 * that the adapter writes or reads. Field names are Anthropic's; see catalog/wire-formats.md §3.
 */

/** Prompt caching: a breakpoint after this block (or tool, or system text). */
export interface AnthropicCacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

export interface AnthropicTextBlock {
  type: 'text';
  text: string;
  cache_control?: AnthropicCacheControl;
}

export type AnthropicImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export interface AnthropicImageBlock {
  type: 'image';
  source: { type: 'base64'; media_type: AnthropicImageMediaType; data: string } | { type: 'url'; url: string };
}

export interface AnthropicDocumentBlock {
  type: 'document';
  source: { type: 'base64'; media_type: 'application/pdf'; data: string } | { type: 'text'; media_type: 'text/plain'; data: string };
  title?: string;
}

export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | Array<AnthropicTextBlock | AnthropicImageBlock>;
  is_error?: boolean;
}

/** Blocks svc may put into a request message. */
/** Any block of a request may end a prompt-cache prefix. */
/** A block of a request's content; what svc builds from chat content parts may carry a cache breakpoint. */
export type AnthropicContentBlock = (AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock | AnthropicToolUseBlock | AnthropicToolResultBlock) & { cache_control?: AnthropicCacheControl };

/** Request content: the content blocks, and an earlier assistant turn's thinking handed back as the model produced it. */
export type AnthropicRequestBlock = AnthropicContentBlock | AnthropicThinkingBlock | AnthropicRedactedThinkingBlock;

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicRequestBlock[];
}

export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  strict?: boolean;
  cache_control?: AnthropicCacheControl;
}

export type AnthropicToolChoice =
  | { type: 'auto' | 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' };

export interface AnthropicThinkingConfig {
  type: 'enabled';
  budget_tokens: number;
}

export interface AnthropicOutputConfig {
  format: { type: 'json_schema'; schema: Record<string, unknown> };
}

export interface AnthropicMessagesRequest {
  model: string;
  max_tokens: number;
  messages: AnthropicMessage[];
  /** Plain text, or text blocks when the caller marked prompt-cache breakpoints in it. */
  system?: string | AnthropicTextBlock[];
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  stream?: boolean;
  metadata?: { user_id: string };
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  thinking?: AnthropicThinkingConfig;
  output_config?: AnthropicOutputConfig;
  service_tier?: 'auto' | 'standard_only';
}

export type AnthropicStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal' | 'model_context_window_exceeded';

export interface AnthropicUsage {
  /** Uncached input only; the cache counts come on top. */
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

export interface AnthropicThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface AnthropicRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

/** Response blocks; server-tool and other blocks svc does not surface are kept as `{type}`. */
export type AnthropicResponseBlock = AnthropicTextBlock | AnthropicToolUseBlock | AnthropicThinkingBlock | AnthropicRedactedThinkingBlock | { type: string; [key: string]: unknown };

export interface AnthropicMessageResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnthropicResponseBlock[];
  stop_reason: AnthropicStopReason | null;
  stop_sequence?: string | null;
  usage: AnthropicUsage;
}

export type AnthropicContentDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string }
  | { type: 'citations_delta'; citation: unknown };

export interface AnthropicErrorDetail {
  type: string;
  message: string;
}

/** Server-sent events of a streamed message; every event's `type` equals its SSE event name. */
export type AnthropicStreamEvent =
  | { type: 'message_start'; message: AnthropicMessageResponse }
  | { type: 'content_block_start'; index: number; content_block: AnthropicResponseBlock }
  | { type: 'content_block_delta'; index: number; delta: AnthropicContentDelta }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: AnthropicStopReason | null; stop_sequence?: string | null }; usage?: AnthropicUsage }
  | { type: 'message_stop' }
  | { type: 'ping' }
  | { type: 'error'; error: AnthropicErrorDetail };

/** Body of every non-2xx answer. */
export interface AnthropicErrorBody {
  type: 'error';
  error: AnthropicErrorDetail;
  request_id?: string | null;
}

/**
 * The canonical chat request and response. They follow the OpenAI chat completions shape because
 * that is what callers send and expect back; every wire adapter converts from and to these types.
 */

export type ChatRole = 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function';

export interface TextContentPart {
  type: 'text';
  text: string;
}

export interface ImageContentPart {
  type: 'image_url';
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' };
}

export interface InputAudioContentPart {
  type: 'input_audio';
  input_audio: { data: string; format: string };
}

export type ContentPart = TextContentPart | ImageContentPart | InputAudioContentPart | { type: string; [key: string]: unknown };

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /** Provider data a client must send back unchanged (Gemini thought signatures under `google`). */
  extra_content?: Record<string, unknown>;
}

/**
 * A model's extended thinking as Anthropic returns it: the text with the signature that proves it, or the
 * encrypted block of redacted thinking. A client hands them back unchanged with the assistant turn (a tool
 * round trip needs them); svc carries them between the Messages API and Anthropic models, and shows them
 * to no OpenAI-shaped answer.
 */
export type ThinkingBlock = { type: 'thinking'; thinking: string; signature: string } | { type: 'redacted_thinking'; data: string };

export interface ChatMessage {
  role: ChatRole;
  content: string | ContentPart[] | null;
  name?: string;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  refusal?: string | null;
  /** An assistant turn's thinking, as the model produced it (see ThinkingBlock); only Anthropic's wire sends it. */
  thinking_blocks?: ThinkingBlock[];
}

export interface FunctionTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean };
  /** A prompt-cache breakpoint after this tool (Anthropic); other wires ignore it. */
  cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' };
}

export type ToolChoice = 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; json_schema: { name: string; description?: string; schema?: Record<string, unknown>; strict?: boolean } };

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/** The standard OpenAI parameters of a chat request, already validated. `max_completion_tokens` is folded into `max_tokens`. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  n?: number;
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  /** Sampling from the k most likely tokens: Anthropic and Gemini have it; the OpenAI wire does not. */
  top_k?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  stop?: string | string[];
  tools?: FunctionTool[];
  tool_choice?: ToolChoice;
  parallel_tool_calls?: boolean;
  response_format?: ResponseFormat;
  seed?: number;
  user?: string;
  logprobs?: boolean;
  top_logprobs?: number;
  logit_bias?: Record<string, number>;
  reasoning_effort?: ReasoningEffort;
  /** An exact thinking budget in tokens (set by the Anthropic Messages ingress from `thinking.budget_tokens`; not a chat field). */
  thinking_budget?: number;
  service_tier?: string;
  metadata?: Record<string, string>;
  /** Any other OpenAI field the caller sent (modalities, audio, prediction, ...): forwarded to OpenAI-wire upstreams only. */
  extra?: Record<string, unknown>;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: {
    cached_tokens?: number;
    audio_tokens?: number;
    cache_write_tokens?: number;
    text_tokens?: number;
    image_tokens?: number;
  };
  completion_tokens_details?: {
    reasoning_tokens?: number;
    audio_tokens?: number;
    text_tokens?: number;
    /** Predicted Outputs: tokens of the prediction that appeared in the answer, and those that did not (billed as output all the same). */
    accepted_prediction_tokens?: number;
    rejected_prediction_tokens?: number;
  };
}

export interface ChatChoice {
  index: number;
  message: {
    role: 'assistant';
    content: string | null;
    refusal?: string | null;
    tool_calls?: ToolCall[];
    /** The answer's thinking (Anthropic), in order; never rendered in an OpenAI-shaped answer. */
    thinking_blocks?: ThinkingBlock[];
    [key: string]: unknown;
  };
  logprobs?: unknown;
  finish_reason: FinishReason | null;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  system_fingerprint?: string | null;
  /** The processing tier the upstream served the request on (OpenAI: `default`, `flex`, `priority`…). */
  service_tier?: string | null;
  choices: ChatChoice[];
  usage?: Usage;
}

export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
  extra_content?: Record<string, unknown>;
}

export interface ChunkChoice {
  index: number;
  delta: {
    role?: 'assistant';
    content?: string | null;
    refusal?: string | null;
    tool_calls?: ToolCallDelta[];
    /** A piece of a thinking block's text; `thinking_signature` ends that block; `redacted_thinking` is a whole redacted block. */
    thinking?: string;
    thinking_signature?: string;
    redacted_thinking?: string;
    [key: string]: unknown;
  };
  logprobs?: unknown;
  finish_reason: FinishReason | null;
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  system_fingerprint?: string | null;
  /** OpenAI names the tier that served the request on every chunk. */
  service_tier?: string | null;
  choices: ChunkChoice[];
  usage?: Usage | null;
}

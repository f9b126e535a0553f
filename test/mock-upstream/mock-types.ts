/**
 * The mock upstream answers with a scripted reply (or a default echo), rendered in the wire format of
 * the route that was called. A fault, queued by a test, replaces or disturbs the next matching answer.
 */

export interface MockToolCall {
  id?: string;
  name: string;
  /** JSON text of the arguments. */
  arguments: string;
}

export interface MockUsage {
  input: number;
  output: number;
  cached?: number;
  reasoning?: number;
}

/** A provider-neutral answer; each wire renderer turns it into its own response or stream. */
export interface MockReply {
  content?: string;
  toolCalls?: MockToolCall[];
  finish?: 'stop' | 'length' | 'tool_calls' | 'content_filter';
  usage?: MockUsage;
  /** OpenAI wire only: the `usage` object exactly as given (bad numbers included), instead of one built from `usage`. */
  rawUsage?: Record<string, unknown>;
  /** OpenAI wire only: the model refuses — `message.refusal` (content null), streamed as `delta.refusal` pieces. */
  refusal?: string;
  /** How the content is split into stream deltas (default: words). */
  chunks?: string[];
  /** Pause between streamed events, ms. */
  eventDelayMs?: number;
  /** OpenAI realtime only: bytes of PCM16 in each of the response's three audio deltas (default 1 KiB). */
  audioDeltaBytes?: number;
  /** Anthropic only: the answer opens with a thinking block of this text, signed (see mockThinkingSignature). */
  thinking?: string;
  /** Anthropic only: a redacted thinking block (its encrypted data) before the answer. */
  redactedThinking?: string;
  /**
   * Gemini only: the prompt is blocked before generation (`promptFeedback.blockReason`, no candidates),
   * e.g. "SAFETY" or "PROHIBITED_CONTENT". Other wires ignore it.
   */
  promptBlockReason?: string;
  /**
   * In-process tests only (a function does not travel over /__mock/reply): what a faulty provider sends. The rendered
   * answer — the JSON body, or each stream event's parsed data with its index — passes through this before it is sent;
   * a string it returns is sent as it is.
   */
  alter?: (rendered: unknown, eventIndex?: number) => unknown;
}

export interface MockFault {
  /** Answer with this HTTP status and the wire's error body. */
  status?: number;
  message?: string;
  /** Provider-specific error code/type in the error body (e.g. "insufficient_quota"). */
  errorType?: string;
  retryAfterSeconds?: number;
  /** Wait before answering (time-out tests). */
  delayMs?: number;
  /** Destroy the connection without answering. */
  reset?: boolean;
  /** Streams: destroy the connection after this many events. */
  dropAfterEvents?: number;
  /** Streams: send an in-band error event after this many events, then end. */
  errorEventAfter?: number;
  /** Only requests carrying this API key match (key-pool tests); default: any. */
  apiKey?: string;
  /** Only requests to this wire match; default: any. */
  wire?: string;
  /** How many requests this fault applies to (default 1). */
  times?: number;
}

/** What the mock learnt about a request, for the default reply and for tests' assertions. */
export interface RequestSummary {
  model: string;
  stream: boolean;
  lastUserText: string;
  toolNames: string[];
  /** Forced tool name (tool_choice naming a function). */
  forcedTool?: string;
  toolChoiceNone: boolean;
  parallelToolCalls: boolean;
  wantsJson: boolean;
  hasToolResult: boolean;
  includeUsage: boolean;
  /** OpenAI wire: logprobs asked (`logprobs: true`), with this many alternatives (`top_logprobs`). */
  logprobs?: number;
  /** Anthropic: the text of a final assistant turn (a prefill) that the answer continues. */
  prefill?: string;
  /** OpenAI wire: audio asked for (`modalities` with "audio"), in this voice and format. */
  audioOut?: { voice: string; format: string };
  /** OpenAI: the tier asked for (`service_tier`), which the answer names (`default` for `auto` or none). */
  serviceTier?: string;
}

export interface RecordedRequest {
  wire: string;
  /** The client closed the connection before the answer was sent (an aborted call: a lost hedge, a time-out). */
  abandoned?: boolean;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  apiKey: string | undefined;
  body: any;
  rawBody: string;
  receivedAt: number;
}

export interface StreamEvent {
  event?: string;
  data: string;
}

/** A request as a validator sees it. */
export interface ValidatedRequest {
  headers: Record<string, string | string[] | undefined>;
  url: URL;
  body: any;
}

/** What the real API answers to a request it refuses before any work, or undefined when it accepts it. */
export type WireValidator = (request: ValidatedRequest) => { status: number; message: string; errorType?: string } | undefined;

export interface WireRenderer {
  wire: string;
  /** Refuses what the real provider refuses (auth headers, required and unknown fields). */
  validate: WireValidator;
  /** Whether a streamed request asked for a JSON array instead of SSE (Gemini without `alt=sse`). */
  streamsAsJsonArray?(url: URL): boolean;
  /** Whether this renderer serves the route; returns route facts or undefined. */
  match(method: string, path: string): { streamFromPath?: boolean; modelFromPath?: string } | undefined;
  /** The API key the request carries in this wire's auth header. */
  apiKey(headers: Record<string, string | string[] | undefined>, url: URL): string | undefined;
  summarize(body: any, route: { streamFromPath?: boolean; modelFromPath?: string }): RequestSummary;
  renderJson(reply: MockReply, summary: RequestSummary): unknown;
  renderStream(reply: MockReply, summary: RequestSummary): StreamEvent[];
  /** The body of a non-2xx answer in this wire's error shape. */
  renderError(status: number, message: string, errorType?: string): unknown;
  /** An in-band error event in a stream. */
  renderStreamError(message: string): StreamEvent;
}

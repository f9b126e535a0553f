import type { ChatCompletion, ChatCompletionChunk, ChatRequest } from '../core/chat-types.js';
import type { CatalogModel, CatalogProvider, WireFormat } from '../catalog/catalog-types.js';

/** A configured provider: the catalog row merged with config/env (keys, base URL override). */
export interface ProviderRuntime {
  id: string;
  wire: WireFormat;
  baseUrl: string;
  auth: CatalogProvider['auth'];
  requiredHeaders: Record<string, string>;
  paths: Record<string, string>;
  /** From the catalog row's `chat_options`: which request field carries the output-token cap (default `max_tokens`). */
  chatOptions?: { maxTokensField?: 'max_tokens' | 'max_completion_tokens' };
  /** Platform keys (the rotation pool); empty = not routable without BYOK. */
  apiKeys: string[];
  /** Time-outs in ms. */
  timeouts: { connectMs: number; firstByteMs: number; idleMs: number };
}

/** One concrete upstream call: which provider, which model, which key. */
export interface UpstreamTarget {
  provider: ProviderRuntime;
  model: CatalogModel;
  apiKey: string;
  /** Base URL to use (a BYOK entry may override the provider's). */
  baseUrl: string;
  keySource: 'pool' | 'byok';
}

/** An HTTP request an adapter wants sent. `url` is absolute. */
export interface UpstreamHttpRequest {
  method: 'POST' | 'GET';
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** One server-sent event as parsed by the shared SSE parser. */
export interface ServerSentEvent {
  event?: string;
  data: string;
  id?: string;
}

/**
 * Translates one upstream stream into chat.completion.chunk objects, event by event.
 * `push` may return zero or more chunks; `finish` is called at the end of the upstream stream and
 * may return trailing chunks (finish reason, usage). Throws UpstreamError for an in-band error event.
 */
export interface StreamTranslator {
  push(event: ServerSentEvent): ChatCompletionChunk[];
  finish(): ChatCompletionChunk[];
}

/** What a chat adapter for one wire format provides. All functions are pure. */
export interface ChatWireAdapter {
  wire: WireFormat;
  /** Builds the upstream HTTP request. `warnings` collects parameters that were clamped or dropped. */
  buildChatRequest(request: ChatRequest, target: UpstreamTarget, warnings: string[]): UpstreamHttpRequest;
  /** Converts a successful upstream JSON body into the canonical completion. */
  parseChatResponse(body: unknown, request: ChatRequest, target: UpstreamTarget): ChatCompletion;
  /** A fresh translator for one streamed response. */
  createStreamTranslator(request: ChatRequest, target: UpstreamTarget): StreamTranslator;
  /** Turns a non-2xx upstream answer into a typed error (keeps the provider's message). */
  mapError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, target: UpstreamTarget): UpstreamErrorInit;
}

export type UpstreamErrorKind =
  | 'rate_limited' // 429 rate limit: retry on another key/target
  | 'quota_exhausted' // 402 or 429 insufficient_quota: this key is out of credit
  | 'overloaded' // 503/529
  | 'server_error' // 5xx
  | 'timeout'
  | 'connection' // reset, refused, DNS
  | 'bad_request' // 400/404/422: not retryable
  | 'auth' // 401/403 from upstream: the platform/BYOK key is bad
  | 'content_filter'
  | 'stream_interrupted';

export interface UpstreamErrorInit {
  kind: UpstreamErrorKind;
  status?: number;
  message: string;
  retryAfterMs?: number;
  providerCode?: string;
}

/** A typed upstream failure: carries provider, status, and whether another key or target may help. */
export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  readonly status?: number;
  readonly providerId: string;
  readonly retryAfterMs?: number;
  readonly providerCode?: string;

  constructor(providerId: string, init: UpstreamErrorInit, options?: { cause?: unknown }) {
    super(init.message, options);
    this.name = 'UpstreamError';
    this.kind = init.kind;
    this.status = init.status;
    this.providerId = providerId;
    this.retryAfterMs = init.retryAfterMs;
    this.providerCode = init.providerCode;
  }

  /** Whether the same request may succeed on another key or target. */
  get retryable(): boolean {
    return this.kind !== 'bad_request' && this.kind !== 'content_filter';
  }

  /** Whether the failure belongs to the key (rotate to the next key of the pool). */
  get keyScoped(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'quota_exhausted' || this.kind === 'auth';
  }
}

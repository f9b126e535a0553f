import { AnswerError } from './answer-error.js';
import { redactSecrets } from '../shared/redact.js';
import { parseRetryAfterMs } from '../shared/retry-after.js';

/**
 * Typed upstream failures: the provider layer's only error type. What the caller sees is decided later,
 * by the HTTP layer's error table (per endpoint family), never here.
 */
export type UpstreamErrorKind =
  | 'rate_limited' // 429 rate limit: retry on another key/target
  | 'quota_exhausted' // 402, or 429 insufficient_quota: this key is out of credit
  | 'overloaded' // 503/529
  | 'server_error' // other 5xx, malformed answers
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
export class UpstreamError extends AnswerError {
  readonly kind: UpstreamErrorKind;
  readonly status?: number;
  readonly providerId: string;
  readonly retryAfterMs?: number;
  readonly providerCode?: string;

  /** The message is redacted here, before it can reach a caller, a log line or a stack trace. */
  constructor(providerId: string, init: UpstreamErrorInit, options?: { cause?: unknown; secrets?: readonly string[] }) {
    super(redactSecrets(init.message, options?.secrets), options);
    this.name = 'UpstreamError';
    this.kind = init.kind;
    this.status = init.status;
    this.providerId = providerId;
    this.retryAfterMs = init.retryAfterMs;
    this.providerCode = init.providerCode;
  }

  /** The same error with `secrets` (the key of the call) removed from its message, word for word. */
  withoutSecrets(secrets: readonly string[]): UpstreamError {
    const redacted = redactSecrets(this.message, secrets);
    if (redacted === this.message) return this;
    return new UpstreamError(this.providerId, { kind: this.kind, status: this.status, message: redacted, retryAfterMs: this.retryAfterMs, providerCode: this.providerCode }, { cause: this.cause });
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

/** The ONE table of HTTP status → kind, shared by every wire. Adapters refine it only from what a body says. */
const kindByStatus: Record<number, UpstreamErrorKind> = {
  400: 'bad_request',
  401: 'auth',
  402: 'quota_exhausted',
  403: 'auth',
  404: 'bad_request',
  408: 'timeout',
  409: 'bad_request',
  413: 'bad_request',
  422: 'bad_request',
  429: 'rate_limited',
  500: 'server_error',
  502: 'server_error',
  503: 'overloaded',
  504: 'timeout',
  529: 'overloaded',
};

export function kindForStatus(status: number): UpstreamErrorKind {
  return kindByStatus[status] ?? (status >= 500 ? 'server_error' : 'bad_request');
}

/** What an adapter reads from an error body: the provider's words, and a kind only when the body overrides the status. */
export interface ErrorBodyFacts {
  message: string;
  providerCode?: string;
  kind?: UpstreamErrorKind;
  /** A wait the body asks for (Gemini RetryInfo); a retry-after header wins over it. */
  retryAfterMs?: number;
}

/** A non-2xx answer → typed error init: the base kind of the status unless the body says otherwise. */
export function errorInitFromStatus(status: number, headers: Record<string, string | string[] | undefined>, facts: ErrorBodyFacts): UpstreamErrorInit {
  const init: UpstreamErrorInit = { kind: facts.kind ?? kindForStatus(status), status, message: facts.message };
  if (facts.providerCode !== undefined) init.providerCode = facts.providerCode;
  const retryAfterMs = parseRetryAfterMs(headers) ?? facts.retryAfterMs;
  if (retryAfterMs !== undefined) init.retryAfterMs = retryAfterMs;
  return init;
}

/** Failures of routing itself (no provider call possible), raised by the executor. */
export type RoutingFailureKind = 'circuit_open' | 'no_provider_key' | 'keys_cooling_down';

export class RoutingError extends AnswerError {
  constructor(
    readonly kind: RoutingFailureKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'RoutingError';
  }
}

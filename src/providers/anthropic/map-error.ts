import type { UpstreamErrorInit, UpstreamErrorKind } from '../provider-types.js';
import { parseRetryAfterMs } from '../shared/retry-after.js';
import type { AnthropicErrorDetail } from './wire-types.js';
import { tryParseJson } from '../shared/json-values.js';

/** HTTP status of an Anthropic error → kind (wire-formats §3 and §9). */
const KIND_BY_STATUS: Record<number, UpstreamErrorKind> = {
  400: 'bad_request', // invalid_request_error
  401: 'auth', // authentication_error
  402: 'quota_exhausted', // billing_error
  403: 'auth', // permission_error
  404: 'bad_request', // not_found_error
  408: 'timeout',
  409: 'bad_request', // conflict_error
  413: 'bad_request', // request_too_large
  422: 'bad_request',
  429: 'rate_limited', // rate_limit_error
  500: 'server_error', // api_error
  502: 'server_error',
  503: 'overloaded',
  504: 'timeout', // timeout_error
  529: 'overloaded', // overloaded_error
};

/** Error type of an in-band stream error (there is no status) → kind. */
const KIND_BY_ERROR_TYPE: Record<string, UpstreamErrorKind> = {
  overloaded_error: 'overloaded',
  rate_limit_error: 'rate_limited',
  billing_error: 'quota_exhausted',
  timeout_error: 'timeout',
};

/** Reads `{type: "error", error: {type, message}}`; undefined when the body is something else (a proxy's HTML page). */
function readErrorDetail(bodyText: string): AnthropicErrorDetail | undefined {
  // Not JSON (a proxy's HTML page): the caller falls back to the raw text.
  const error = (tryParseJson(bodyText) as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
  if (error && typeof error.type === 'string') return { type: error.type, message: typeof error.message === 'string' ? error.message : '' };
  return undefined;
}

/** A non-2xx Anthropic answer → typed error, keeping Anthropic's own message and error type. */
export function mapAnthropicError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string): UpstreamErrorInit {
  const detail = readErrorDetail(bodyText);
  const kind = KIND_BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'bad_request');
  const init: UpstreamErrorInit = { kind, status, message: detail?.message || bodyText.trim().slice(0, 500) || `HTTP ${status}` };
  if (detail) init.providerCode = detail.type;
  const retryAfterMs = parseRetryAfterMs(headers);
  if (retryAfterMs !== undefined) init.retryAfterMs = retryAfterMs;
  return init;
}

/** An in-band `event: error` of a stream → typed error (the HTTP status was already 200). */
export function mapStreamError(detail: AnthropicErrorDetail): UpstreamErrorInit {
  return { kind: KIND_BY_ERROR_TYPE[detail.type] ?? 'server_error', message: detail.message || detail.type, providerCode: detail.type };
}

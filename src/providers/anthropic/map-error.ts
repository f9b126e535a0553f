import { errorInitFromStatus, type UpstreamErrorInit, type UpstreamErrorKind } from '../../errors/upstream-error.js';
import type { AnthropicErrorDetail } from './wire-types.js';
import { tryParseJson } from '../../shared/json-values.js';

/** Error type of an in-band stream error (there is no status) → kind. */
const KIND_BY_ERROR_TYPE: Record<string, UpstreamErrorKind> = {
  overloaded_error: 'overloaded',
  rate_limit_error: 'rate_limited',
  billing_error: 'quota_exhausted',
  timeout_error: 'timeout',
};

/** Anthropic answers 400 invalid_request_error when the account is out of credit: the key is spent, not the request wrong. */
const CREDIT_EXHAUSTED = /credit balance is too low/i;

/** Reads `{type: "error", error: {type, message}}`; undefined when the body is something else (a proxy's HTML page). */
function readErrorDetail(bodyText: string): AnthropicErrorDetail | undefined {
  const error = (tryParseJson(bodyText) as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
  if (error && typeof error.type === 'string') return { type: error.type, message: typeof error.message === 'string' ? error.message : '' };
  return undefined;
}

/** A non-2xx Anthropic answer → typed error, keeping Anthropic's own message and error type. */
export function mapAnthropicError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string): UpstreamErrorInit {
  const detail = readErrorDetail(bodyText);
  const message = detail?.message || bodyText.trim().slice(0, 500) || `HTTP ${status}`;
  return errorInitFromStatus(status, headers, {
    message,
    providerCode: detail?.type,
    kind: CREDIT_EXHAUSTED.test(message) ? 'quota_exhausted' : undefined,
  });
}

/** An in-band `event: error` of a stream → typed error (the HTTP status was already 200). */
export function mapStreamError(detail: AnthropicErrorDetail): UpstreamErrorInit {
  return { kind: KIND_BY_ERROR_TYPE[detail.type] ?? 'server_error', message: detail.message || detail.type, providerCode: detail.type };
}

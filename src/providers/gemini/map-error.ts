import { errorInitFromStatus, kindForStatus, type UpstreamErrorInit } from '../../errors/upstream-error.js';
import type { GeminiError } from './wire-types.js';
import { isJsonObject, tryParseJson } from '../../shared/json-values.js';

/** HTTP status of each google.rpc code Gemini uses, for errors that carry only the name (in a stream). */
const httpStatusByRpcStatus: Record<string, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

/**
 * A non-2xx Gemini answer (body `{error: {code, message, status, details}}`) as a typed upstream error.
 * A wait asked for by a `retry-after` header wins over the RetryInfo detail of the body.
 */
export function mapGeminiError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string): UpstreamErrorInit {
  const error = parseErrorBody(bodyText);
  return errorInitFromStatus(status, headers, {
    message: error?.message || bodyText.trim().slice(0, 500) || `Gemini answered HTTP ${status}`,
    providerCode: error?.status,
    kind: isInvalidKey(error) ? 'auth' : undefined,
    retryAfterMs: retryDelayOf(error),
  });
}

/** An `{error}` object found inside a stream: its own code (or rpc status name) decides the kind. */
export function mapGeminiInBandError(error: GeminiError): UpstreamErrorInit {
  const status = error.code ?? httpStatusByRpcStatus[error.status ?? ''] ?? 500;
  const init = errorInitOf(status, error, 'Gemini reported an error in the stream');
  const retryAfterMs = retryDelayOf(error);
  return retryAfterMs === undefined ? init : { ...init, retryAfterMs };
}

function errorInitOf(status: number, error: GeminiError | undefined, fallbackMessage: string): UpstreamErrorInit {
  const init: UpstreamErrorInit = { kind: isInvalidKey(error) ? 'auth' : kindForStatus(status), status, message: error?.message || fallbackMessage };
  if (error?.status) init.providerCode = error.status;
  return init;
}

/** A bad key comes back as 400 INVALID_ARGUMENT; only the ErrorInfo reason tells it from a bad request. */
function isInvalidKey(error: GeminiError | undefined): boolean {
  if (error?.details?.some((detail) => detail.reason === 'API_KEY_INVALID')) return true;
  return /API key not valid/i.test(error?.message ?? '');
}

/** The wait of a google.rpc.RetryInfo detail: a protobuf Duration such as "7s" or "0.250s". */
function retryDelayOf(error: GeminiError | undefined): number | undefined {
  const detail = error?.details?.find((candidate) => candidate['@type']?.endsWith('google.rpc.RetryInfo'));
  const match = /^(\d+(?:\.\d+)?)s$/.exec(detail?.retryDelay ?? '');
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

function parseErrorBody(bodyText: string): GeminiError | undefined {
  const parsed = tryParseJson(bodyText);
  // The non-SSE stream endpoint wraps everything, errors included, in a JSON array.
  const first = Array.isArray(parsed) ? parsed[0] : parsed;
  const error = (first as { error?: unknown } | null | undefined)?.error;
  return isJsonObject(error) ? (error as GeminiError) : undefined;
}

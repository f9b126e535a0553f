import type { EndpointFamily } from '../core/endpoint-family.js';
import { RoutingError, UpstreamError, type RoutingFailureKind, type UpstreamErrorKind } from './upstream-error.js';
import type { ErrorCode } from './error-codes.js';
import { GatewayError } from './gateway-error.js';

/** Why a call to a provider failed: what the upstream said, or why no upstream could be called. */
export type FailureKind = UpstreamErrorKind | RoutingFailureKind;

/** One row of spec section 7: the code, with the status and type when they differ from the code's own. */
interface ErrorRow {
  code: ErrorCode;
  status?: number;
  type?: string;
}

const upstreamRateLimit: ErrorRow = { code: 'upsteam_rate_limit' };
const rejected: ErrorRow = { code: 'validation_error' };
const providerError: ErrorRow = { code: 'provider_error' };

/** Chat completions (spec 7, first table): the rows every family uses unless it has its own. */
const chatRows: Record<FailureKind, ErrorRow> = {
  rate_limited: upstreamRateLimit,
  quota_exhausted: upstreamRateLimit,
  keys_cooling_down: upstreamRateLimit,
  timeout: { code: 'provider_timeout' },
  bad_request: rejected,
  content_filter: rejected,
  circuit_open: { code: 'circuit_breaker_open' },
  overloaded: providerError,
  server_error: providerError,
  connection: providerError,
  stream_interrupted: providerError,
  auth: providerError,
  no_provider_key: providerError,
};

/** Every failure that is not the caller's request nor a rate limit, as one row. */
function allProviderFailures(row: ErrorRow, rateLimit: ErrorRow): Partial<Record<FailureKind, ErrorRow>> {
  return {
    rate_limited: rateLimit,
    quota_exhausted: rateLimit,
    keys_cooling_down: rateLimit,
    timeout: row,
    circuit_open: row,
    overloaded: row,
    server_error: row,
    connection: row,
    stream_interrupted: row,
    auth: row,
    no_provider_key: row,
  };
}

const internalError: ErrorRow = { code: 'internal_error' };
/** audio and moderations: "500 provider_error — no upstream key configured, or upstream error". */
const provider500: ErrorRow = { code: 'provider_error', status: 500, type: 'provider_error' };

/** The other tables of spec section 7, row by row; what a family does not list falls back to the chat rows. */
const familyRows: Partial<Record<EndpointFamily, Partial<Record<FailureKind, ErrorRow>>>> = {
  // "429 rate_limit_error … 500 internal_error: provider or internal failure"
  completions: allProviderFailures(internalError, upstreamRateLimit),
  responses: allProviderFailures(internalError, upstreamRateLimit),
  // "429 rate_limit_error (rate_limit_exceeded)", "500 internal_error (internal_error): no embedding provider available or provider error"
  embeddings: allProviderFailures(internalError, { code: 'rate_limit_exceeded' }),
  // "500 provider_error: no upstream key configured, or upstream error" (a rate limit upstream is an upstream error)
  moderations: allProviderFailures(provider500, provider500),
  audio: allProviderFailures(provider500, provider500),
};

function rowFor(family: EndpointFamily | undefined, kind: FailureKind): ErrorRow {
  return (family && familyRows[family]?.[kind]) ?? chatRows[kind];
}

function messageOf(error: UpstreamError): string {
  const where = `upstream ${error.providerId}${error.status ? ` answered ${error.status}` : ''}`;
  switch (error.kind) {
    case 'rate_limited':
    case 'quota_exhausted':
      return `Upstream rate limit (${where}): ${error.message}`;
    case 'timeout':
      return `Upstream time-out (${where}): ${error.message}`;
    case 'bad_request':
    case 'content_filter':
      return `The provider rejected the request (${where}): ${error.message}`;
    default:
      return `Upstream provider error (${where}): ${error.message}`;
  }
}

/** Failures whose answer carries `retry-after` (spec 7: "eligible rate-limit responses"). */
const rateLimitKinds = new Set<FailureKind>(['rate_limited', 'quota_exhausted', 'keys_cooling_down']);

function retryAfterSeconds(milliseconds: number | undefined): number | undefined {
  return milliseconds === undefined ? undefined : Math.max(1, Math.ceil(milliseconds / 1000));
}

/**
 * Any failure → the error the caller sees, by the row of its endpoint family. A GatewayError is
 * already the caller's; anything unknown is a 500 internal_error (its cause is logged by the caller).
 */
export function toGatewayError(error: unknown, family: EndpointFamily | undefined): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof UpstreamError || error instanceof RoutingError) {
    const row = rowFor(family, error.kind);
    return new GatewayError(row.code, error instanceof UpstreamError ? messageOf(error) : error.message, {
      status: row.status,
      type: row.type,
      retryAfterSeconds: rateLimitKinds.has(error.kind) ? retryAfterSeconds(error.retryAfterMs) : undefined,
      cause: error,
    });
  }
  return new GatewayError('internal_error', 'Internal error', { cause: error });
}

/** Whether an error is svc's own fault (logged with its stack), rather than the caller's or an upstream's. */
export function isInternalFailure(error: unknown): boolean {
  return !(error instanceof GatewayError || error instanceof UpstreamError || error instanceof RoutingError);
}

import type { GatewayError } from '../../errors/gateway-error.js';
import type { RouteDialect } from '../../http/route-dialect.js';

/** An HTTP status → the error type Anthropic's API and SDKs use for it. */
export function anthropicErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 529 || status === 503) return 'overloaded_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** The Anthropic routes: the key as `x-api-key` (Claude Code, the Anthropic SDKs) and Anthropic's error body, svc's code and param beside the message. */
export const anthropicDialect: RouteDialect = {
  keyHeader: 'x-api-key',
  errorBody: (error: GatewayError) => ({ type: 'error', error: { type: anthropicErrorType(error.status), message: error.message, svc_code: error.code, ...(error.param ? { param: error.param } : {}) } }),
};

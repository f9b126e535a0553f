/**
 * The one table of error codes (spec section 7): every error svc returns is one of these rows.
 * `code` is what goes in `error.code`; the spec's spelling `upsteam_rate_limit` is kept on purpose.
 */
export const errorCodes = {
  validation_error: { status: 400, type: 'invalid_request_error' },
  invalid_request: { status: 400, type: 'invalid_request_error' },
  /** The Responses API's own code for an unknown previous_response_id (agent clients branch on it). */
  previous_response_not_found: { status: 400, type: 'invalid_request_error' },
  invalid_api_key: { status: 401, type: 'authentication_error' },
  expired_api_key: { status: 401, type: 'authentication_error' },
  revoked_api_key: { status: 401, type: 'authentication_error' },
  budget_exceeded: { status: 402, type: 'billing_error' },
  forbidden: { status: 403, type: 'authorization_error' },
  insufficient_scopes: { status: 403, type: 'authorization_error' },
  tenant_violation: { status: 403, type: 'authorization_error' },
  resource_not_found: { status: 404, type: 'not_found_error' },
  tool_not_registered: { status: 404, type: 'governance_error' },
  method_not_allowed: { status: 405, type: 'invalid_request_error' },
  payload_too_large: { status: 413, type: 'invalid_request_error' },
  unsupported_media_type: { status: 415, type: 'invalid_request_error' },
  request_header_fields_too_large: { status: 431, type: 'invalid_request_error' },
  tool_call_blocked: { status: 422, type: 'governance_error' },
  rate_limit_exceeded: { status: 429, type: 'rate_limit_error' },
  upsteam_rate_limit: { status: 429, type: 'rate_limit_error' },
  internal_error: { status: 500, type: 'internal_error' },
  provider_error: { status: 502, type: 'upstream_error' },
  circuit_breaker_open: { status: 503, type: 'governance_error' },
  service_unavailable: { status: 503, type: 'internal_error' },
  provider_timeout: { status: 504, type: 'upstream_error' },
} as const satisfies Record<string, { status: number; type: string }>;

export type ErrorCode = keyof typeof errorCodes;

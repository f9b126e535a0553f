import { GatewayError } from '../errors/gateway-error.js';
import { UpstreamError } from './provider-types.js';

/** Maps a typed upstream failure to the spec's error rows (section 7), keeping the provider's message. */
export function toGatewayError(error: UpstreamError): GatewayError {
  const where = `upstream ${error.providerId}${error.status ? ` answered ${error.status}` : ''}`;
  switch (error.kind) {
    case 'rate_limited':
    case 'quota_exhausted':
      return new GatewayError('upsteam_rate_limit', `Upstream rate limit (${where}): ${error.message}`, {
        retryAfterSeconds: error.retryAfterMs !== undefined ? Math.max(1, Math.ceil(error.retryAfterMs / 1000)) : undefined,
        cause: error,
      });
    case 'timeout':
      return new GatewayError('provider_timeout', `Upstream time-out (${where}): ${error.message}`, { cause: error });
    case 'bad_request':
    case 'content_filter':
      return new GatewayError('validation_error', `The provider rejected the request (${where}): ${error.message}`, { cause: error });
    default:
      return new GatewayError('provider_error', `Upstream provider error (${where}): ${error.message}`, { cause: error });
  }
}

import type { GatewayError } from '../errors/gateway-error.js';

/**
 * A route that speaks another API than OpenAI's (the Anthropic Messages routes): where its callers put
 * their key, and the error body their SDKs read. Set in the route's config; shared code asks the route.
 */
export interface RouteDialect {
  /** A header that carries the key when there is no Authorization header (Anthropic's `x-api-key`). */
  keyHeader?: string;
  errorBody(error: GatewayError): object;
}

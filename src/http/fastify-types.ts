import type { Principal } from '../auth/principal.js';
import type { EndpointFamily } from '../core/endpoint-family.js';
import type { IntelligenceMode } from '../core/intelligence-mode.js';
import type { RouteDialect } from './route-dialect.js';
import type { RequestTrace } from '../observability/request-trace.js';

/** Fields svc adds to every Fastify request, typed. */
export interface RequestLogFields {
  model?: string;
  servedModel?: string;
  provider?: string;
  observed?: boolean;
  /** The error code of an error answer (spec section 7), for the error metrics. */
  errorCode?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    requestId: string;
    startedAt: bigint;
    principal: Principal | null;
    logFields: RequestLogFields;
    /** The resolved intelligence mode, once a route resolved it (see request-mode.ts). */
    mode: IntelligenceMode | undefined;
    /** The request's spans when tracing is on. */
    trace: RequestTrace | undefined;
    /** An application/json body's text as it arrived (for ParsedRequest.bodySource). */
    bodyText: string | undefined;
  }
  interface FastifyContextConfig {
    /** The endpoint family: the scope a key needs, and the error rows of spec section 7 its answers use. */
    family?: EndpointFamily;
    /** Admin API: needs the master key or the `admin` scope. */
    admin?: boolean;
    /** Outside /v1 and open to anyone (probes). */
    public?: boolean;
    /** A route of another API (the Anthropic Messages routes): its key header and error body. */
    dialect?: RouteDialect;
  }
}

import type { Principal } from '../auth/principal.js';
import type { EndpointFamily } from '../auth/scopes.js';

/** Fields svc adds to every Fastify request, typed. */
export interface RequestLogFields {
  model?: string;
  servedModel?: string;
  provider?: string;
  observed?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    requestId: string;
    startedAt: bigint;
    principal: Principal | null;
    logFields: RequestLogFields;
  }
  interface FastifyContextConfig {
    /** The endpoint family a key's scopes must allow. */
    family?: EndpointFamily;
    /** Admin API: needs the master key or the `admin` scope. */
    admin?: boolean;
    /** Outside /v1 and open to anyone (probes). */
    public?: boolean;
  }
}

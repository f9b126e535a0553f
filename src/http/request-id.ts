import { randomUUID } from 'node:crypto';

/** `req_` + 32 hex characters: the id in logs, `x-svc-request-id` and `svc_metadata.request_id`. */
export function newRequestId(): string {
  return `req_${randomUUID().replace(/-/g, '')}`;
}

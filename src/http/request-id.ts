import { timeOrderedHex } from '../shared/time-ordered-id.js';

/**
 * `req_` + 32 hex characters: the id in logs, `x-svc-request-id` and `svc_metadata.request_id`, and the usage
 * ledger's primary key. Time-ordered (time-ordered-id.ts), so ledger rows go to the end of the key's index.
 */
export function newRequestId(): string {
  return `req_${timeOrderedHex()}`;
}

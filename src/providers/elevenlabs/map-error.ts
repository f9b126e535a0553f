import { errorInitFromStatus, type UpstreamErrorInit, type UpstreamErrorKind } from '../../errors/upstream-error.js';
import { isJsonObject, stringOrUndefined, tryParseJson } from '../../shared/json-values.js';

/** Status words that mean something other than their HTTP status (wire-formats.md §6.4). */
const kindByStatusWord: Record<string, UpstreamErrorKind> = {
  quota_exceeded: 'quota_exhausted', // a 401 that means "out of credits": rotate the key, it is not a bad key
  system_busy: 'overloaded',
  too_many_concurrent_requests: 'rate_limited',
};

/** An ElevenLabs error: `{detail: {status, message}}`, or a 422 `{detail: [{loc, msg, type}]}`. */
export function mapElevenLabsError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string): UpstreamErrorInit {
  const body = tryParseJson(bodyText);
  const detail = isJsonObject(body) ? body.detail : undefined;
  let message: string | undefined;
  let providerCode: string | undefined;
  if (isJsonObject(detail)) {
    message = stringOrUndefined(detail.message);
    providerCode = stringOrUndefined(detail.status);
  } else if (Array.isArray(detail)) {
    message = detail.map((issue) => (isJsonObject(issue) ? `${Array.isArray(issue.loc) ? issue.loc.join('.') : ''}: ${stringOrUndefined(issue.msg) ?? ''}` : '')).join('; ');
  } else if (typeof detail === 'string') {
    message = detail;
  }
  return errorInitFromStatus(status, headers, {
    message: message || bodyText.slice(0, 500) || `ElevenLabs answered HTTP ${status}`,
    providerCode,
    kind: providerCode !== undefined ? kindByStatusWord[providerCode] : undefined,
  });
}

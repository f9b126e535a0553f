import { errorInitFromStatus, type UpstreamErrorInit } from '../../errors/upstream-error.js';
import { isJsonObject, stringOrUndefined, tryParseJson } from '../../shared/json-values.js';

/**
 * A Deepgram error (wire-formats.md §5.3) in either of its two shapes, `{err_code, err_msg}` and
 * `{category, message, details}`; the status decides the kind (402 is out of credit, 429 too many requests).
 */
export function mapDeepgramError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string): UpstreamErrorInit {
  const body = tryParseJson(bodyText);
  const fields = isJsonObject(body) ? body : {};
  const message = stringOrUndefined(fields.err_msg) ?? [stringOrUndefined(fields.message), stringOrUndefined(fields.details)].filter(Boolean).join(': ');
  return errorInitFromStatus(status, headers, {
    message: message || bodyText.slice(0, 500) || `Deepgram answered HTTP ${status}`,
    providerCode: stringOrUndefined(fields.err_code) ?? stringOrUndefined(fields.category),
  });
}

import { errorInitFromStatus, type UpstreamErrorInit } from '../../errors/upstream-error.js';
import { isJsonObject, stringOrUndefined, tryParseJson } from '../../shared/json-values.js';

/**
 * A Cartesia error (wire-formats.md §7.3): `{error_code, title, message}` from version 2026-03-01, plain
 * text `Title: Message` from older versions. The status decides the kind.
 */
export function mapCartesiaError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string): UpstreamErrorInit {
  const body = tryParseJson(bodyText);
  const fields = isJsonObject(body) ? body : undefined;
  const message = fields ? (stringOrUndefined(fields.message) ?? stringOrUndefined(fields.title)) : bodyText.trim().slice(0, 500);
  return errorInitFromStatus(status, headers, {
    message: message || `Cartesia answered HTTP ${status}`,
    providerCode: fields ? stringOrUndefined(fields.error_code) : undefined,
  });
}

import type { IncomingHttpHeaders } from 'node:http';

/** The subprotocol browsers use to send a key with a websocket upgrade, which cannot carry headers (OpenAI's convention). */
const KEY_SUBPROTOCOL_PREFIX = 'openai-insecure-api-key.';

/**
 * The caller's credential as an Authorization value: the header when present; else the route's own key
 * header (`x-api-key` on the Anthropic routes); else (a websocket upgrade from a browser) the key offered
 * as the `openai-insecure-api-key.<key>` subprotocol.
 */
export function credentialOf(headers: IncomingHttpHeaders, keyHeader?: string): string | undefined {
  if (headers.authorization !== undefined) return headers.authorization;
  const routeKey = keyHeader === undefined ? undefined : headers[keyHeader];
  if (typeof routeKey === 'string') return `Bearer ${routeKey}`;
  const offered = headers['sec-websocket-protocol'];
  if (typeof offered !== 'string') return undefined;
  for (const protocol of offered.split(',')) {
    const trimmed = protocol.trim();
    if (trimmed.startsWith(KEY_SUBPROTOCOL_PREFIX)) return `Bearer ${trimmed.slice(KEY_SUBPROTOCOL_PREFIX.length)}`;
  }
  return undefined;
}

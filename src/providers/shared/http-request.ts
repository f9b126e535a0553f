import { type UpstreamTarget } from '../provider-types.js';

/** The URL and headers of an upstream JSON request: every wire builds them from catalog data the same way. */

const trailingSlashes = /\/+$/;

/** Base URL (with or without a trailing slash) + path (starting with one). */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(trailingSlashes, '') + path;
}

/**
 * content-type, the catalog row's required headers (anthropic-version, Cartesia-Version…) and the auth
 * header, names lower-cased so that no header goes out twice under two spellings. A keyless
 * self-hosted server (Ollama, vLLM) gets no auth header rather than an empty "Bearer ".
 */
export function jsonRequestHeaders(target: UpstreamTarget): Record<string, string> {
  return authHeaders(target, { 'content-type': 'application/json' });
}

/** The catalog row's required headers and the auth header over `headers` (a multipart body brings its own content-type). */
export function authHeaders(target: Pick<UpstreamTarget, 'provider' | 'apiKey'>, headers: Record<string, string> = {}): Record<string, string> {
  const { auth, requiredHeaders } = target.provider;
  for (const name in requiredHeaders) headers[name.toLowerCase()] = requiredHeaders[name];
  if (target.apiKey) headers[auth.header.toLowerCase()] = auth.prefix + target.apiKey;
  return headers;
}

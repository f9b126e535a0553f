/**
 * Upstream error messages reach callers and logs only through here: an upstream that echoes what it was
 * sent (a key in "Incorrect API key provided: sk-…", a URL with `key=`, a header dump) must not leak it.
 */

const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  // Authorization-style headers and bearer tokens: "Authorization: Bearer xyz", "x-api-key: xyz", "Bearer xyz".
  [/\b(authorization|x-api-key|x-goog-api-key|api-key|xi-api-key)(["']?\s*[:=]\s*["']?)(bearer\s+|token\s+)?[^\s"',}]+/gi, '$1$2$3[redacted]'],
  [/\b(bearer)\s+[A-Za-z0-9._~+/=-]{8,}/gi, '$1 [redacted]'],
  // Keys in query strings: ?key=…, &api_key=…, access_token=….
  [/([?&](?:key|api_key|apikey|access_token|token)=)[^&\s"']+/gi, '$1[redacted]'],
  // Well-known key shapes: OpenAI/Anthropic/Groq/xAI (sk-, sk-ant-, gsk_, xai-), Google (AIza…), svc's own.
  [/\b(?:sk-(?:ant-|proj-)?|gsk_|xai-|svc_)[A-Za-z0-9_-]{8,}/g, '[redacted]'],
  [/\bAIza[0-9A-Za-z_-]{20,}/g, '[redacted]'],
];

/** Removes secrets from a message: the known ones word for word, then anything shaped like a key. */
export function redactSecrets(message: string, knownSecrets: readonly string[] = []): string {
  let redacted = message;
  for (const secret of knownSecrets) {
    if (secret.length >= 4) redacted = redacted.split(secret).join('[redacted]');
  }
  for (const [pattern, replacement] of PATTERNS) redacted = redacted.replace(pattern, replacement);
  return redacted;
}

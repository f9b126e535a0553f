import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const keyAlphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new secret: `svc_` + 40 random base62 characters (~238 bits). Shown once, never stored. */
export function generateApiKeySecret(): string {
  const bytes = randomBytes(40);
  let secret = 'svc_';
  for (const byte of bytes) secret += keyAlphabet[byte % keyAlphabet.length];
  return secret;
}

/** What is stored: the SHA-256 of the secret (secrets are long and random, so no slow hash is needed). */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The part of a secret that may be shown in listings and logs. */
export function apiKeyPrefix(secret: string): string {
  return secret.slice(0, 12);
}

export function constantTimeEqual(left: string, right: string): boolean {
  const leftHash = createHash('sha256').update(left).digest();
  const rightHash = createHash('sha256').update(right).digest();
  return timingSafeEqual(leftHash, rightHash);
}

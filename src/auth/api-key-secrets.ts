import { hash, randomBytes } from 'node:crypto';

const keyAlphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new secret: `svc_` + 40 random base62 characters (~238 bits). Shown once, never stored. */
export function generateApiKeySecret(): string {
  const bytes = randomBytes(40);
  let secret = 'svc_';
  for (const byte of bytes) secret += keyAlphabet[byte % keyAlphabet.length];
  return secret;
}

/**
 * What is stored: the SHA-256 of the secret, hex (secrets are long and random, so no slow hash is needed). Every
 * request's key is hashed: one-shot `hash()`, no Hash object for the GC, and hex rather than a Buffer (0.55 against 1.3 µs).
 */
export function hashApiKey(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** Two digests of the same form (hashApiKey's) compared in constant time: every character is looked at. */
export function sameDigest(left: string, right: string): boolean {
  if (left.length !== right.length) return false;
  let difference = 0;
  for (let index = 0; index < left.length; index++) difference |= left.charCodeAt(index) ^ right.charCodeAt(index);
  return difference === 0;
}

/** The part of a secret that may be shown in listings and logs. */
export function apiKeyPrefix(secret: string): string {
  return secret.slice(0, 12);
}

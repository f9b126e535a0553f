/**
 * FNV-1a, 32 bits: a fast, stable hash of a string (feature hashing, short stable tags). Not for secrets.
 * Hashing goes on from `seed`, the hash of what came before: `fnv1a(b, fnv1a(a)) === fnv1a(a + b)`, so a
 * feature name made of parts is hashed without building the string.
 */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

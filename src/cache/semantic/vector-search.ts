import { dot } from './local-embedder.js';

/**
 * How the semantic index keeps a vector so that a scan of 10,000 entries stays cheap: the built-in
 * embedder's vectors are sparse (a short prompt sets a few dozen of 512 dimensions), so they are kept as
 * index/value pairs and a dot product costs one multiply per stored feature; dense vectors (an embedding
 * model's 1,536 dimensions) carry a 128-bit SimHash signature, and a large bucket is first narrowed to the
 * entries nearest in Hamming distance, whose exact cosine is then computed.
 */
export interface StoredVector {
  dense: Float32Array;
  sparse?: { indices: Uint16Array; values: Float32Array };
  signature?: Uint32Array;
}

const SIGNATURE_BITS = 128;
/** Buckets up to this size are scanned exactly; larger ones are narrowed by signature first. */
const EXACT_SCAN_LIMIT = 512;
/** How many signature-nearest entries get an exact cosine. */
const SHORTLIST = 64;

export function storedVector(vector: Float32Array): StoredVector {
  let nonZero = 0;
  for (let index = 0; index < vector.length; index++) if (vector[index] !== 0) nonZero++;
  if (nonZero * 4 <= vector.length) {
    const indices = new Uint16Array(nonZero);
    const values = new Float32Array(nonZero);
    let position = 0;
    for (let index = 0; index < vector.length; index++) {
      if (vector[index] === 0) continue;
      indices[position] = index;
      values[position++] = vector[index];
    }
    return { dense: vector, sparse: { indices, values } };
  }
  return { dense: vector, signature: signatureOf(vector) };
}

/** Cosine similarity of a (normalized) query with a stored (normalized) vector. */
export function similarity(query: Float32Array, stored: StoredVector): number {
  const sparse = stored.sparse;
  if (!sparse) return dot(query, stored.dense);
  let sum = 0;
  const { indices, values } = sparse;
  for (let index = 0; index < indices.length; index++) sum += values[index] * query[indices[index]];
  return sum;
}

/**
 * The entries worth an exact cosine: all of them for sparse vectors or a small bucket, else the SHORTLIST
 * nearest by signature (an approximation that can only cause a miss, never a wrong hit).
 */
export function shortlist<T extends { vector: StoredVector }>(query: Float32Array, entries: readonly T[]): readonly T[] {
  if (entries.length <= EXACT_SCAN_LIMIT || entries[0]?.vector.sparse) return entries;
  const signature = signatureOf(query);
  const distances = new Uint16Array(entries.length);
  for (let index = 0; index < entries.length; index++) distances[index] = hamming(signature, entries[index].vector.signature);
  // Distances are 0..128: a histogram finds the cut-off without sorting the bucket.
  const histogram = new Uint32Array(SIGNATURE_BITS + 1);
  for (const distance of distances) histogram[distance]++;
  let cutoff = 0;
  for (let seen = 0; cutoff <= SIGNATURE_BITS && seen + histogram[cutoff] < SHORTLIST; cutoff++) seen += histogram[cutoff];
  const chosen: T[] = [];
  for (let index = 0; index < entries.length && chosen.length < SHORTLIST; index++) if (distances[index] <= cutoff) chosen.push(entries[index]);
  return chosen;
}

function hamming(left: Uint32Array, right: Uint32Array | undefined): number {
  if (!right) return SIGNATURE_BITS;
  let bits = 0;
  for (let index = 0; index < left.length; index++) bits += popcount(left[index] ^ right[index]);
  return bits;
}

function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Random hyperplanes, fixed per dimension count (a seeded generator: the same on every instance). */
const hyperplanes = new Map<number, Float32Array>();

function signatureOf(vector: Float32Array): Uint32Array {
  let planes = hyperplanes.get(vector.length);
  if (!planes) {
    planes = new Float32Array(SIGNATURE_BITS * vector.length);
    let seed = 0x9e3779b9 ^ vector.length;
    for (let index = 0; index < planes.length; index++) {
      // xorshift32: cheap, deterministic, good enough for random signs.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      planes[index] = (seed >>> 0) / 0xffffffff - 0.5;
    }
    hyperplanes.set(vector.length, planes);
  }
  const signature = new Uint32Array(SIGNATURE_BITS / 32);
  for (let bit = 0; bit < SIGNATURE_BITS; bit++) {
    let sum = 0;
    const offset = bit * vector.length;
    for (let index = 0; index < vector.length; index++) sum += planes[offset + index] * vector[index];
    if (sum >= 0) signature[bit >>> 5] |= 1 << (bit & 31);
  }
  return signature;
}

import { fnv1a } from './fnv1a.js';

/** Seed of the second hash: any value other than FNV's own offset basis. */
const SECOND_SEED = 0x9747b28c;

/**
 * A Bloom filter of strings: `has` is never wrong about a member and wrong about a non-member at the rate the
 * filter was sized for. Used where a false "yes" is the safe mistake (a real-word list: a misspelling taken for
 * a word is only a cache miss). The i-th probe is h1 + i·h2 (Kirsch and Mitzenmacher), both FNV-1a.
 * Serialized as 8 bytes (bits, probes: uint32 little-endian) and the bit array.
 */
export class BloomFilter {
  private constructor(
    private readonly bits: Uint8Array,
    private readonly size: number,
    private readonly probes: number,
  ) {}

  /** An empty filter for `expected` members at a false-positive rate of about `falsePositiveRate`. */
  static sized(expected: number, falsePositiveRate: number): BloomFilter {
    const size = Math.ceil((-expected * Math.log(falsePositiveRate)) / Math.LN2 ** 2);
    const probes = Math.max(1, Math.round((size / expected) * Math.LN2));
    return new BloomFilter(new Uint8Array(Math.ceil(size / 8)), size, probes);
  }

  static fromBytes(bytes: Uint8Array): BloomFilter {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const size = view.getUint32(0, true);
    const probes = view.getUint32(4, true);
    const bits = bytes.subarray(8);
    if (bits.length !== Math.ceil(size / 8) || probes < 1) throw new Error(`not a Bloom filter: ${bits.length} bytes of bits for ${size} bits, ${probes} probes`);
    return new BloomFilter(bits, size, probes);
  }

  add(member: string): void {
    this.each(member, (bit) => {
      this.bits[bit >>> 3] |= 1 << (bit & 7);
      return true;
    });
  }

  has(member: string): boolean {
    return this.each(member, (bit) => (this.bits[bit >>> 3] & (1 << (bit & 7))) !== 0);
  }

  toBytes(): Uint8Array {
    const bytes = new Uint8Array(8 + this.bits.length);
    const view = new DataView(bytes.buffer);
    view.setUint32(0, this.size, true);
    view.setUint32(4, this.probes, true);
    bytes.set(this.bits, 8);
    return bytes;
  }

  /** Visits the member's bits while `visit` says true; whether it said true to all of them. */
  private each(member: string, visit: (bit: number) => boolean): boolean {
    const first = fnv1a(member);
    const second = fnv1a(member, SECOND_SEED) | 1;
    for (let probe = 0; probe < this.probes; probe++) {
      if (!visit(((first + Math.imul(probe, second)) >>> 0) % this.size)) return false;
    }
    return true;
  }
}

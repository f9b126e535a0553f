import { Index, MetricKind, ScalarKind } from 'usearch';

/**
 * Graph degree, build effort and candidates kept during a query. Measured on 100,000 synthetic prompts
 * (the sweep is in bench/README.md): 12 / 40 / 24 over sign bits find the exact nearest among the 10
 * neighbours returned as often as 16 / 64 / 40 over int8 did, at half the cost.
 */
const CONNECTIVITY = 12;
const EXPANSION_ADD = 40;
const EXPANSION_SEARCH = 24;
/** One thread: the index is used on the event loop; a pool would only add hand-offs for one query. */
const THREADS = 1;
const BITS_PER_BYTE = 8;

/**
 * An approximate-nearest-neighbour index (HNSW, usearch) over one bucket's vectors. The graph keeps one
 * bit per dimension (its sign) and compares by Hamming distance: the graph only proposes neighbours, which
 * the caller scores again on the exact vectors, and the cost of a search or an add is in walking the graph,
 * which fewer, cheaper comparisons shorten (measured at 100,000 entries: add 69 → 37 µs, search 75 → 40 µs
 * against int8 cosine, the true nearest among the ten returned 976 → 980 times in 1,000). Vectors are padded
 * to whole bytes with zeros: usearch leaves the bits past the last dimension unset, not cleared.
 * usearch takes typed arrays as they are (hnswlib-node, used before, copied each vector element by element
 * through N-API, about 20 µs a call). Capacity grows as needed; removed keys free their slots.
 */
export class AnnIndex {
  private readonly index: Index;
  /** Vectors held, counted here: usearch's size() is a native call (~7 µs in the cache-mode profile). */
  private held = 0;
  /** The vector padded to whole bytes; add and search copy it out before returning. */
  private readonly padded: Float32Array;

  constructor(readonly dimensions: number) {
    this.padded = new Float32Array(Math.ceil(dimensions / BITS_PER_BYTE) * BITS_PER_BYTE);
    this.index = new Index({ dimensions: this.padded.length, metric: MetricKind.Hamming, quantization: ScalarKind.B1, connectivity: CONNECTIVITY, expansion_add: EXPANSION_ADD, expansion_search: EXPANSION_SEARCH, multi: false });
  }

  /** Adds a vector; a quantized one (bytes) has the same signs, which is all the graph keeps. */
  add(label: number, vector: Float32Array | Int8Array): void {
    this.index.add(BigInt(label), this.pad(vector), THREADS);
    this.held++;
  }

  remove(label: number): void {
    this.held -= this.index.remove(BigInt(label)) as number;
  }

  /** The labels of the nearest vectors, nearest first. */
  search(query: Float32Array, neighbours: number): number[] {
    if (this.held === 0) return [];
    const found = this.index.search(this.pad(query), neighbours, THREADS);
    const labels: number[] = new Array(found.keys.length);
    for (let position = 0; position < found.keys.length; position++) labels[position] = Number(found.keys[position]);
    return labels;
  }

  private pad(vector: Float32Array | Int8Array): Float32Array {
    if (vector.length === this.padded.length && vector instanceof Float32Array) return vector;
    this.padded.set(vector);
    return this.padded;
  }
}

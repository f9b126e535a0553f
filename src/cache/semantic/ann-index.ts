import { Index, MetricKind, ScalarKind } from 'usearch';

/** Graph degree and build effort: sub-millisecond queries at 100k (measured by bench/cache.ts). */
const CONNECTIVITY = 16;
const EXPANSION_ADD = 64;
/** Candidates kept during a query (recall against the exact scan is measured by bench/cache.ts). */
const EXPANSION_SEARCH = 40;
/** One thread: the index is used on the event loop; a pool would only add hand-offs for one query. */
const THREADS = 1;

/**
 * An approximate-nearest-neighbour index (HNSW, usearch) over one bucket's vectors. The graph keeps the
 * vectors as int8 (a quarter of the memory; measured on 10,000 synthetic prompts: adds and searches at
 * half the cost of float32 with the same recall), so the similarities it reports are rounded: the
 * caller re-scores the few neighbours it returns against the exact vectors. usearch takes typed arrays
 * as they are (hnswlib-node, used before, copied each vector element by element through N-API, about
 * 20 µs a call). Capacity grows as needed; removed keys free their slots.
 */
export class AnnIndex {
  private readonly index: Index;
  /** Vectors held, counted here: usearch's size() is a native call (~7 µs in the cache-mode profile). */
  private held = 0;

  constructor(readonly dimensions: number) {
    // Cosine, not inner product: usearch leaves int8 inner products unscaled. The vectors are unit length, so the two agree.
    this.index = new Index({ dimensions, metric: MetricKind.Cos, quantization: ScalarKind.I8, connectivity: CONNECTIVITY, expansion_add: EXPANSION_ADD, expansion_search: EXPANSION_SEARCH, multi: false });
  }

  add(label: number, vector: Float32Array): void {
    this.index.add(BigInt(label), vector, THREADS);
    this.held++;
  }

  remove(label: number): void {
    this.held -= this.index.remove(BigInt(label)) as number;
  }

  /** The labels of the nearest vectors, nearest first. */
  search(query: Float32Array, neighbours: number): number[] {
    if (this.held === 0) return [];
    const found = this.index.search(query, neighbours, THREADS);
    const labels: number[] = new Array(found.keys.length);
    for (let position = 0; position < found.keys.length; position++) labels[position] = Number(found.keys[position]);
    return labels;
  }
}

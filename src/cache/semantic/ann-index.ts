import hnswlib from 'hnswlib-node';

/** Graph degree and build effort: the hnswlib defaults' usual trade for sub-millisecond queries at 100k. */
const M = 16;
const EF_CONSTRUCTION = 64;
/** Candidates kept during a query (recall against the exact scan is measured by bench/cache.ts). */
const EF_SEARCH = 40;
const FIRST_CAPACITY = 1024;

/**
 * An approximate-nearest-neighbour index (HNSW, hnswlib-node) over one org's vectors, by inner product
 * (the vectors are unit length: the inner product is the cosine). Its capacity grows by doubling up to
 * `maxElements`; a removed label's slot is reused by the next addition.
 */
export class AnnIndex {
  private readonly index: hnswlib.HierarchicalNSW;
  private capacity = FIRST_CAPACITY;
  private count = 0;
  private deleted = 0;

  constructor(
    readonly dimensions: number,
    private readonly maxElements: number,
  ) {
    this.index = new hnswlib.HierarchicalNSW('ip', dimensions);
    this.capacity = Math.min(FIRST_CAPACITY, maxElements);
    this.index.initIndex({ maxElements: this.capacity, m: M, efConstruction: EF_CONSTRUCTION, randomSeed: 42, allowReplaceDeleted: true });
    this.index.setEf(EF_SEARCH);
  }

  /** hnswlib-node takes plain arrays: the vector is copied into one. */
  add(label: number, vector: Float32Array): void {
    if (this.deleted > 0) {
      this.index.addPoint(Array.from(vector), label, true);
      this.deleted--;
    } else {
      if (this.count >= this.capacity) {
        this.capacity = Math.min(this.capacity * 2, Math.max(this.maxElements, this.count + 1));
        this.index.resizeIndex(this.capacity);
      }
      this.index.addPoint(Array.from(vector), label);
    }
    this.count++;
  }

  remove(label: number): void {
    this.index.markDelete(label);
    this.count--;
    this.deleted++;
  }

  /** The nearest labels that pass `accept`, most similar first, with their cosine similarity. */
  search(query: Float32Array, neighbours: number, accept: (label: number) => boolean): Array<{ label: number; similarity: number }> {
    if (this.count === 0) return [];
    const found = this.index.searchKnn(Array.from(query), Math.min(neighbours, this.count), accept);
    return found.neighbors.map((label, position) => ({ label, similarity: 1 - found.distances[position] }));
  }

  get size(): number {
    return this.count;
  }
}

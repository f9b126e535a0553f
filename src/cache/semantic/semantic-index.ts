import { flattened } from '../../shared/flat-string.js';
import { LruCache, type Clock } from '../../shared/lru-cache.js';
import { answerBytes, type CachedAnswer } from '../cached-answer.js';
import { AnnIndex } from './ann-index.js';
import { decodeFeatures, encodeFeatures } from './features-codec.js';
import { dotQuantized, quantize } from './local-embedder.js';
import { guardConflict, leadingGuardConflict, leadingGuardKey } from './prompt-guards.js';
import type { PromptFeatures } from './text-features.js';

export interface SemanticEntry {
  /** Unique id (entries read back from the shared log are not added twice). */
  id: string;
  /** The prompt's embedding, one byte a component (local-embedder.ts `quantize`): bytes × step. */
  vector: Int8Array;
  vectorStep: number;
  /**
   * The prompt's features packed into one string (features-codec.ts), read only for the few candidates the guards
   * look at (a few µs each, against 40 to compute them again): as objects they were some 40 per entry for the
   * garbage collector to trace, as JSON ~85 bytes a word.
   */
  packedFeatures: string;
  /** The numbers, negations and identifiers of the prompt (leadingGuardKey): most candidates are refused on it. */
  guardKey: string;
  answer: CachedAnswer;
  expiresAt: number;
}

/**
 * An entry, built field by field (`{ ...entry, more }` gives every object a hidden class of its own in V8 11,
 * ~200 bytes an entry).
 */
export function semanticEntry(id: string, vector: Float32Array, features: PromptFeatures, answer: CachedAnswer, expiresAt: number): SemanticEntry {
  const { bytes, step } = quantize(vector);
  return { id, vector: bytes, vectorStep: step, packedFeatures: flattened(encodeFeatures(features)), guardKey: flattened(leadingGuardKey(features)), answer, expiresAt };
}

export type SemanticLookup = { kind: 'hit'; entry: SemanticEntry; similarity: number } | { kind: 'miss'; refusedBy?: string; nearest?: number };

interface Stored {
  label: number;
  bucket: string;
  entry: SemanticEntry;
  /** entrySize, counted once. */
  size: number;
}

/** The entries of one bucket and, once it holds ANN_FROM of them, their HNSW index. */
interface Bucket {
  entries: Set<Stored>;
  ann?: AnnIndex;
}

interface OrgIndex {
  /** Entries by bucket (scope + the hash of the context that must match exactly). */
  buckets: Map<string, Bucket>;
  /** Every entry by label; labels grow with each entry, so the lowest is the oldest, which the bound evicts first. */
  byLabel: Map<number, Stored>;
  ids: Set<string>;
  nextLabel: number;
  /** No entry has a lower label (entries leave oldest first: the walk past removed labels is short). */
  oldestLabel: number;
}

/** How many of the most similar candidates the guards look at before a lookup gives up. */
const CANDIDATES_CHECKED = 5;
/**
 * From this many entries a bucket's lookups go through its own HNSW index; below, an exact scan is as fast
 * (measured: a scan of 1,000 costs 0.4–0.6 ms here). One index per bucket, not one per org searched with a
 * bucket filter: the filter would be called in JavaScript for every node the search visits (with hnswlib-node
 * it made the search and the whole cache-mode miss about twice as costly under load).
 */
export const ANN_FROM = 128;
/** Neighbours asked of the ANN index (more than checked: some are expired or under the threshold). */
const ANN_NEIGHBOURS = 10;

export interface SemanticIndexOptions {
  maxEntriesPerOrg: number;
  /** Entries of all orgs together: the least recently used org gives up its oldest first. */
  maxEntries?: number;
  /**
   * Bytes of all orgs' entries together (entrySize), bounded the same way: entries are counted, answers are not all
   * the same size, and 50,000 answers of a long document each would not fit in any process.
   */
  maxBytes?: number;
  clock?: Clock;
  annFrom?: number;
}

/** What an entry holds in memory, roughly: ~2 KB of vector, features, ANN node and objects with the built-in embedder, and its answer. */
function entrySize(entry: SemanticEntry): number {
  return ENTRY_OVERHEAD_BYTES + entry.vector.length + 2 * (entry.packedFeatures.length + entry.guardKey.length) + answerBytes(entry.answer);
}
const ENTRY_OVERHEAD_BYTES = 1536;

/**
 * The in-process semantic index: per org (never shared across orgs), bounded in entries per org (the oldest
 * go first) and in entries and bytes of all orgs together (the least recently used org's oldest go first: the
 * bytes bound the index's memory whatever its answers' lengths), entries expire. A small
 * org's bucket is scanned exactly; from ANN_FROM entries on, a bucket's HNSW index (usearch) finds its nearest
 * neighbours, so a lookup costs about the same at 1,000 and at 100,000 entries. The nearest candidates above the
 * threshold go through the guards; the first that passes is the hit.
 */
export class SemanticIndex {
  /** Orgs by use; an org always holds an entry, so the entries' bound bounds them too (the LRU never evicts one itself). */
  private readonly orgs: LruCache<string, OrgIndex>;
  private readonly clock: Clock;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  /** Entries of all orgs together, and their bytes (entrySize). */
  private entryCount = 0;
  private byteCount = 0;

  constructor(private readonly options: SemanticIndexOptions) {
    this.clock = options.clock ?? Date.now;
    this.maxEntries = options.maxEntries ?? Number.MAX_SAFE_INTEGER;
    this.maxBytes = options.maxBytes ?? Number.MAX_SAFE_INTEGER;
    this.orgs = new LruCache({ maxEntries: this.maxEntries });
  }

  add(orgId: string, bucket: string, entry: SemanticEntry): void {
    const size = entrySize(entry);
    // An answer larger than the whole index is not kept: it would only push every other entry out.
    if (size > this.maxBytes) return;
    let index = this.orgs.get(orgId);
    if (!index) {
      index = { buckets: new Map(), byLabel: new Map(), ids: new Set(), nextLabel: 0, oldestLabel: 0 };
      this.orgs.set(orgId, index);
    }
    if (index.ids.has(entry.id)) return;
    const stored: Stored = { label: index.nextLabel++, bucket, entry, size };
    index.ids.add(entry.id);
    index.byLabel.set(stored.label, stored);
    let held = index.buckets.get(bucket);
    if (!held) index.buckets.set(bucket, (held = { entries: new Set() }));
    held.entries.add(stored);
    if (held.ann) this.addToAnn(held.ann, stored);
    else if (held.entries.size >= (this.options.annFrom ?? ANN_FROM)) this.buildAnn(held, entry.vector.length);
    this.entryCount++;
    this.byteCount += size;
    while (index.byLabel.size > this.options.maxEntriesPerOrg) this.remove(index, oldestOf(index)!);
    while (this.entryCount > this.maxEntries || this.byteCount > this.maxBytes) {
      const [leastUsedId, leastUsed] = this.orgs.leastRecentlyUsed()!;
      const oldest = oldestOf(leastUsed);
      if (oldest) this.remove(leastUsed, oldest);
      if (leastUsed.byLabel.size === 0) this.orgs.delete(leastUsedId);
    }
  }

  /** Entries of all orgs together (tests, metrics). */
  get entries(): number {
    return this.entryCount;
  }

  /** Their bytes, as entrySize counts them (tests, metrics). */
  get bytes(): number {
    return this.byteCount;
  }

  lookup(orgId: string, bucket: string, vector: Float32Array, features: PromptFeatures, threshold: number): SemanticLookup {
    const index = this.orgs.get(orgId);
    const held = index?.buckets.get(bucket);
    if (!index || !held) return { kind: 'miss' };
    const now = this.clock();
    const candidates: Array<{ entry: SemanticEntry; similarity: number }> = [];
    let nearest = -1;
    const consider = (entry: SemanticEntry, similarity: number) => {
      if (entry.expiresAt <= now) return;
      if (similarity > nearest) nearest = similarity;
      if (similarity >= threshold) candidates.push({ entry, similarity });
    };
    if (held.ann && held.ann.dimensions === vector.length) {
      // The graph compares sign bits only: the neighbours are scored again on their vectors.
      for (const label of held.ann.search(vector, ANN_NEIGHBOURS)) {
        const stored = index.byLabel.get(label);
        if (stored) consider(stored.entry, dotQuantized(vector, stored.entry.vector, stored.entry.vectorStep));
      }
    } else {
      for (const { entry } of held.entries) if (entry.vector.length === vector.length) consider(entry, dotQuantized(vector, entry.vector, entry.vectorStep));
    }
    candidates.sort((left, right) => right.similarity - left.similarity);
    let refusedBy: string | undefined;
    const guardKey = candidates.length > 0 ? leadingGuardKey(features) : '';
    for (const candidate of candidates.slice(0, CANDIDATES_CHECKED)) {
      const conflict = leadingGuardConflict(guardKey, candidate.entry.guardKey) ?? guardConflict(features, decodeFeatures(candidate.entry.packedFeatures));
      if (!conflict) return { kind: 'hit', ...candidate };
      refusedBy ??= conflict;
    }
    return { kind: 'miss', refusedBy, nearest: nearest < 0 ? undefined : nearest };
  }

  /** Entries of an org (tests, metrics). */
  size(orgId: string): number {
    return this.orgs.get(orgId)?.byLabel.size ?? 0;
  }

  /** Whether lookups in the org's bucket go through an ANN index (tests, benchmarks). */
  usesAnn(orgId: string, bucket: string): boolean {
    return this.orgs.get(orgId)?.buckets.get(bucket)?.ann !== undefined;
  }

  knows(orgId: string, id: string): boolean {
    return this.orgs.get(orgId)?.ids.has(id) ?? false;
  }

  private buildAnn(bucket: Bucket, dimensions: number): void {
    const ann = new AnnIndex(dimensions);
    for (const stored of bucket.entries) this.addToAnn(ann, stored);
    bucket.ann = ann;
  }

  /** An entry of other dimensions (the embedder was changed) stays out of the ANN index and ages out. */
  private addToAnn(ann: AnnIndex, stored: Stored): void {
    if (stored.entry.vector.length === ann.dimensions) ann.add(stored.label, stored.entry.vector);
  }

  private remove(index: OrgIndex, stored: Stored): void {
    this.entryCount--;
    this.byteCount -= stored.size;
    index.ids.delete(stored.entry.id);
    index.byLabel.delete(stored.label);
    const bucket = index.buckets.get(stored.bucket);
    if (!bucket) return;
    bucket.entries.delete(stored);
    if (bucket.entries.size === 0) index.buckets.delete(stored.bucket);
    else if (bucket.ann && stored.entry.vector.length === bucket.ann.dimensions) bucket.ann.remove(stored.label);
  }
}

/** The org's oldest entry (undefined when it has none). (Reading a Map's first entry walked past every entry deleted since it last compacted: ~5 µs an insert at 10,000 entries.) */
function oldestOf(index: OrgIndex): Stored | undefined {
  if (index.byLabel.size === 0) return undefined;
  let stored = index.byLabel.get(index.oldestLabel);
  while (stored === undefined) stored = index.byLabel.get(++index.oldestLabel);
  return stored;
}

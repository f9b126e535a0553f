import type { Clock } from '../../shared/lru-cache.js';
import { LruCache } from '../../shared/lru-cache.js';
import type { CachedAnswer } from '../exact/exact-cache.js';
import { shortlist, similarity as similarityOf, type StoredVector } from './vector-search.js';
import { guardConflict } from './prompt-guards.js';
import type { PromptFeatures } from './text-features.js';

export interface SemanticEntry {
  /** Unique id (entries read back from the shared log are not added twice). */
  id: string;
  vector: StoredVector;
  features: PromptFeatures;
  answer: CachedAnswer;
  expiresAt: number;
}

export type SemanticLookup = { kind: 'hit'; entry: SemanticEntry; similarity: number } | { kind: 'miss'; refusedBy?: string; nearest?: number };

interface OrgIndex {
  /** Entries by bucket (scope + the hash of the context that must match exactly), oldest first. */
  buckets: Map<string, SemanticEntry[]>;
  /** Every entry, oldest first: the bound evicts from the front. */
  order: Array<{ bucket: string; entry: SemanticEntry }>;
  ids: Set<string>;
}

/** How many of the most similar candidates the guards look at before a lookup gives up. */
const CANDIDATES_CHECKED = 5;

/**
 * The in-process semantic index: per org (never shared across orgs), bounded in entries per org (the oldest
 * go first) and in orgs (least recently used), entries expire. A lookup is a brute-force scan of one bucket
 * (cosine = dot product of normalized vectors); the nearest candidates above the threshold go through the
 * guards, and the first that passes is the hit.
 */
export class SemanticIndex {
  private readonly orgs: LruCache<string, OrgIndex>;
  private readonly clock: Clock;

  constructor(private readonly options: { maxEntriesPerOrg: number; maxOrgs?: number; clock?: Clock }) {
    this.clock = options.clock ?? Date.now;
    this.orgs = new LruCache({ maxEntries: options.maxOrgs ?? 10_000 });
  }

  add(orgId: string, bucket: string, entry: SemanticEntry): void {
    let index = this.orgs.get(orgId);
    if (!index) {
      index = { buckets: new Map(), order: [], ids: new Set() };
      this.orgs.set(orgId, index);
    }
    if (index.ids.has(entry.id)) return;
    index.ids.add(entry.id);
    const entries = index.buckets.get(bucket);
    if (entries) entries.push(entry);
    else index.buckets.set(bucket, [entry]);
    index.order.push({ bucket, entry });
    while (index.order.length > this.options.maxEntriesPerOrg) this.remove(index, index.order.shift()!);
  }

  lookup(orgId: string, bucket: string, vector: Float32Array, features: PromptFeatures, threshold: number): SemanticLookup {
    const entries = this.orgs.get(orgId)?.buckets.get(bucket);
    if (!entries) return { kind: 'miss' };
    const now = this.clock();
    const candidates: Array<{ entry: SemanticEntry; similarity: number }> = [];
    let nearest = -1;
    for (const entry of shortlist(vector, entries)) {
      if (entry.expiresAt <= now) continue;
      const similarity = similarityOf(vector, entry.vector);
      if (similarity > nearest) nearest = similarity;
      if (similarity >= threshold) candidates.push({ entry, similarity });
    }
    candidates.sort((left, right) => right.similarity - left.similarity);
    let refusedBy: string | undefined;
    for (const candidate of candidates.slice(0, CANDIDATES_CHECKED)) {
      const conflict = guardConflict(features, candidate.entry.features);
      if (!conflict) return { kind: 'hit', ...candidate };
      refusedBy ??= conflict;
    }
    return { kind: 'miss', refusedBy, nearest: nearest < 0 ? undefined : nearest };
  }

  /** Entries of an org (tests, metrics). */
  size(orgId: string): number {
    return this.orgs.get(orgId)?.order.length ?? 0;
  }

  knows(orgId: string, id: string): boolean {
    return this.orgs.get(orgId)?.ids.has(id) ?? false;
  }

  private remove(index: OrgIndex, item: { bucket: string; entry: SemanticEntry }): void {
    index.ids.delete(item.entry.id);
    const entries = index.buckets.get(item.bucket);
    if (!entries) return;
    const position = entries[0] === item.entry ? 0 : entries.indexOf(item.entry);
    if (position >= 0) entries.splice(position, 1);
    if (entries.length === 0) index.buckets.delete(item.bucket);
  }
}

/**
 * `npm run bench:bounded-caches`: what one more entry costs a bounded in-process cache that is full (each insert
 * evicts one), at 1,000, 10,000 and 100,000 entries — svc's LruCache (the exact cache's L0, the key and settings
 * caches, remembered token counts, the semantic index's orgs), its FifoMemo (base forms, token counts of text
 * pieces) and, for reference, what both were before: a Map evicting its first key. A Map keeps deleted slots until
 * it compacts, and reading its first key walks past them, so that pattern's cost grows with the bound.
 */
import { FifoMemo } from '../src/shared/fifo-memo.js';
import { LruCache } from '../src/shared/lru-cache.js';

const ROUNDS = 3;
const INSERTS = 200_000;

interface Bounded {
  set(key: string, value: number): void;
  get(key: string): number | undefined;
}

/** The pattern replaced: a Map as a FIFO, its first key evicted once full. */
function mapEvictingItsFirstKey(capacity: number): Bounded {
  const map = new Map<string, number>();
  return {
    get: (key) => map.get(key),
    set(key, value) {
      if (map.size >= capacity) map.delete(map.keys().next().value!);
      map.set(key, value);
    },
  };
}

const kinds: Array<[string, (capacity: number) => Bounded]> = [
  ['LruCache', (capacity) => new LruCache<string, number>({ maxEntries: capacity })],
  ['FifoMemo', (capacity) => new FifoMemo<string, number>(capacity)],
  ['Map, first key evicted (before)', mapEvictingItsFirstKey],
];

/** µs an insert into a full cache (with a read of a recent key beside each, as traffic reads them), best of ROUNDS. */
function insertAtBound(make: (capacity: number) => Bounded, capacity: number): number {
  const cache = make(capacity);
  let next = 0;
  for (; next < capacity; next++) cache.set(`key ${next}`, next);
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let index = 0; index < INSERTS; index++) {
      cache.set(`key ${next}`, next);
      next++;
      cache.get(`key ${next - 1 - (index % 50)}`);
    }
    best = Math.min(best, ((performance.now() - started) / INSERTS) * 1000);
  }
  return best;
}

const capacities = [1_000, 10_000, 100_000];
process.stdout.write(`an insert into a full cache (and a read), µs, best of ${ROUNDS} rounds of ${INSERTS.toLocaleString('en')}; node ${process.version}\n\n`);
process.stdout.write(`${'cache'.padEnd(34)}${capacities.map((capacity) => `${capacity.toLocaleString('en')} entries`.padStart(16)).join('')}\n`);
for (const [name, make] of kinds) {
  process.stdout.write(`${name.padEnd(34)}${capacities.map((capacity) => insertAtBound(make, capacity).toFixed(2).padStart(16)).join('')}\n`);
}

/**
 * A BPE vocabulary as typed arrays: every token's bytes one after another in one buffer, and an open-addressing
 * hash table from a byte sequence to its rank. For o200k's 200,000 tokens that is ~5 MB outside the JavaScript
 * heap, where a Map of strings took ~14 MB inside it.
 */
export class RankTable {
  private bytes: Uint8Array;
  private used = 0;
  private starts = new Uint32Array(1024);
  private ranks = new Int32Array(1024);
  private count = 0;
  private slots = new Int32Array(0);
  private mask = 0;

  /** `maxBase64Chars`: at least the base64 characters to come (the decoded bytes are fewer). */
  constructor(maxBase64Chars: number) {
    this.bytes = new Uint8Array(Math.ceil((maxBase64Chars * 3) / 4) + 3);
  }

  /** Adds the token spelled in base64 by `text[from, to)` with its rank. */
  addBase64(text: string, from: number, to: number, rank: number): void {
    if (this.count === this.starts.length) {
      this.starts = grown(this.starts, new Uint32Array(this.count * 2));
      this.ranks = grown(this.ranks, new Int32Array(this.count * 2));
    }
    this.starts[this.count] = this.used;
    this.ranks[this.count] = rank;
    this.count++;
    this.used = decodeBase64(text, from, to, this.bytes, this.used);
  }

  /** Ends the adding: the bytes are trimmed and the hash table built. */
  seal(): void {
    this.bytes = this.bytes.slice(0, this.used);
    this.starts = grown(this.starts.subarray(0, this.count), new Uint32Array(this.count + 1));
    this.starts[this.count] = this.used;
    this.ranks = this.ranks.slice(0, this.count);
    let capacity = 1;
    while (capacity < this.count * 2) capacity *= 2;
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = hashOf(this.bytes, this.starts[entry], this.starts[entry + 1]) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = entry + 1;
    }
  }

  get size(): number {
    return this.count;
  }

  /** The rank of the token whose bytes are `bytes[from, to)`, or -1 when the vocabulary has no such token. */
  rankOf(bytes: Uint8Array, from: number, to: number): number {
    const length = to - from;
    let slot = hashOf(bytes, from, to) & this.mask;
    for (let entry = this.slots[slot]; entry !== 0; entry = this.slots[slot]) {
      const start = this.starts[entry - 1];
      if (this.starts[entry] - start === length && sameBytes(this.bytes, start, bytes, from, length)) return this.ranks[entry - 1];
      slot = (slot + 1) & this.mask;
    }
    return -1;
  }
}

/** FNV-1a over the bytes. */
function hashOf(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let index = from; index < to; index++) hash = Math.imul(hash ^ bytes[index], 0x01000193);
  return hash >>> 0;
}

function sameBytes(left: Uint8Array, leftFrom: number, right: Uint8Array, rightFrom: number, length: number): boolean {
  for (let index = 0; index < length; index++) if (left[leftFrom + index] !== right[rightFrom + index]) return false;
  return true;
}

function grown<T extends Uint32Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

const BASE64_VALUES = new Int8Array(128).fill(-1);
for (const [index, character] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) BASE64_VALUES[character.charCodeAt(0)] = index;

/** Decodes base64 `text[from, to)` into `out` from `at`; returns the index after the last byte written. */
function decodeBase64(text: string, from: number, to: number, out: Uint8Array, at: number): number {
  let bits = 0;
  let held = 0;
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? BASE64_VALUES[code] : -1;
    if (value < 0) continue; // '=' padding
    bits = (bits << 6) | value;
    held += 6;
    if (held >= 8) {
      held -= 8;
      out[at++] = (bits >> held) & 0xff;
    }
  }
  return at;
}

/** A heap key is rank × 2^32 + start: lower ranks come first, then the leftmost pair (a piece is far under 2^32 bytes). */
const RANK_SCALE = 2 ** 32;

/**
 * How many tokens byte-pair merging makes of `bytes` (a piece not in the vocabulary whole): the adjacent pair
 * of lowest rank is merged first, the leftmost of equal ranks, until no pair is a token — tiktoken's rule. A
 * heap of (rank, start) keys makes a long piece (a run of text with no space) cost n log n rather than n².
 */
export function countPieceTokens(table: RankTable, bytes: Uint8Array): number {
  const length = bytes.length;
  if (length <= 1) return length;
  // The parts are linked by their start offsets; a part merged into the one before it is marked dead.
  const next = new Int32Array(length);
  const previous = new Int32Array(length);
  const dead = new Uint8Array(length);
  for (let index = 0; index < length; index++) {
    next[index] = index + 1;
    previous[index] = index - 1;
  }
  const heap = new MinHeap();
  /** The rank of the pair starting at `start` (its part and the next), or -1. */
  const pairRank = (start: number) => {
    const middle = next[start];
    if (middle >= length) return -1;
    return table.rankOf(bytes, start, next[middle]);
  };
  for (let start = 0; start + 1 < length; start++) {
    const rank = table.rankOf(bytes, start, start + 2);
    if (rank >= 0) heap.push(rank * RANK_SCALE + start);
  }
  let parts = length;
  while (heap.size > 0) {
    const key = heap.pop();
    const rank = Math.floor(key / RANK_SCALE);
    const start = key - rank * RANK_SCALE;
    // A key is stale when its part was merged away or its pair changed since.
    if (dead[start] || pairRank(start) !== rank) continue;
    const middle = next[start];
    dead[middle] = 1;
    next[start] = next[middle];
    if (next[middle] < length) previous[next[middle]] = start;
    parts--;
    const after = pairRank(start);
    if (after >= 0) heap.push(after * RANK_SCALE + start);
    const before = previous[start];
    if (before >= 0) {
      const rankBefore = pairRank(before);
      if (rankBefore >= 0) heap.push(rankBefore * RANK_SCALE + before);
    }
  }
  return parts;
}

/** A binary min-heap of numbers. */
class MinHeap {
  private readonly items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  push(value: number): void {
    const items = this.items;
    let index = items.length;
    items.push(value);
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (items[parent] <= value) break;
      items[index] = items[parent];
      index = parent;
    }
    items[index] = value;
  }

  pop(): number {
    const items = this.items;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const child = right < items.length && items[right] < items[left] ? right : left;
        if (items[child] >= last) break;
        items[index] = items[child];
        index = child;
      }
      items[index] = last;
    }
    return top;
  }
}

import { hash } from 'node:crypto';
import { LruCache } from '../shared/lru-cache.js';

/** Texts shorter than this are tokenized each time: their digest would cost about as much as their count. */
const REMEMBERED_FROM_CHARS = 256;
/** An entry is a key of ~70 characters and a number: ~10 MB at most. */
const MAX_REMEMBERED = 50_000;

/**
 * Token counts of long texts an org sent before, kept by the text's SHA-256 (never the text itself). An agent
 * resends its whole conversation every turn, and a limit or budget counts the prompt every time: remembered, only
 * the new turn meets the tokenizer (a 30-turn conversation: ~3 ms of tokenizing against ~30 µs of hashing).
 * Kept per scope (the org): nothing one org sent makes another org's count faster. Only exact counts are kept.
 */
export class RememberedCounts {
  private readonly counts = new LruCache<string, number>({ maxEntries: MAX_REMEMBERED });

  /** The count of `text` within `scope`: remembered, or made by `count` (and then remembered). */
  count(scope: string, text: string, count: (text: string) => number): number {
    if (text.length < REMEMBERED_FROM_CHARS) return count(text);
    const key = this.keyOf(scope, text);
    const remembered = this.counts.get(key);
    if (remembered !== undefined) return remembered;
    const counted = count(text);
    this.counts.set(key, counted);
    return counted;
  }

  /** The remembered count of `text`, if any (for a caller that counts long texts in slices). */
  peek(scope: string, text: string): number | undefined {
    return text.length < REMEMBERED_FROM_CHARS ? undefined : this.counts.get(this.keyOf(scope, text));
  }

  remember(scope: string, text: string, count: number): void {
    if (text.length >= REMEMBERED_FROM_CHARS) this.counts.set(this.keyOf(scope, text), count);
  }

  private keyOf(scope: string, text: string): string {
    return `${scope}\u0000${hash('sha256', text, 'base64')}`;
  }
}

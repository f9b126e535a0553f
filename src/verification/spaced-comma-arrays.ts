import { readString } from './json-string-reading.js';

/**
 * Which arrays of a text part their items with a comma and a space, up to where they close (double-quoted strings
 * skipped), read in one pass over the text. Asked array by array, a scan from each `[` to its close made an answer
 * nested deep quadratic in its length (30 KB of nesting: 0.5 s).
 */
export class SpacedCommaArrays {
  /** Indices of the `[` read as opening an array, and whether that array parts its items with ", ". */
  private readonly arrays = new Map<number, boolean>();

  constructor(private readonly text: string) {
    const open: number[] = [];
    for (let index = 0; index < text.length; index++) {
      const character = text[index];
      if (character === '"') index = readString(text, index).end - 1;
      else if (character === '[') {
        open.push(index);
        this.arrays.set(index, false);
      } else if (character === '{') open.push(-1);
      else if (character === ']' || character === '}') open.pop();
      else if (character === ',' && text[index + 1] === ' ' && (open.at(-1) ?? -1) >= 0) this.arrays.set(open.at(-1)!, true);
    }
  }

  /**
   * For the `[` at `open`. One the pass read inside a string (the lexer reads strings more loosely: a quote inside a
   * value) is scanned on its own, at most SCAN_LIMIT characters ahead.
   */
  at(open: number): boolean {
    return this.arrays.get(open) ?? partsItemsWithSpacedCommas(this.text, open, Math.min(this.text.length, open + SCAN_LIMIT));
  }
}

const SCAN_LIMIT = 4096;

/** Whether the array opening at `open` parts its items with a comma and a space before `end` or where it closes (strings skipped). */
function partsItemsWithSpacedCommas(text: string, open: number, end: number): boolean {
  let depth = 0;
  for (let index = open; index < end; index++) {
    const character = text[index];
    if (character === '"') index = readString(text, index).end - 1;
    else if (character === '[' || character === '{') depth++;
    else if (character === ']' || character === '}') {
      if (--depth === 0) return false;
    } else if (character === ',' && depth === 1 && text[index + 1] === ' ') return true;
  }
  return false;
}

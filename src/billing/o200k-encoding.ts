import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { FifoMemo } from '../shared/fifo-memo.js';
import { countPieceTokens, RankTable } from './rank-table.js';

/**
 * o200k_base token counts from the tiktoken rank file that gpt-tokenizer ships (`data/o200k_base.tiktoken`, one
 * `base64-token rank` a line, the format OpenAI publishes), held in typed arrays (rank-table.ts) rather than as
 * gpt-tokenizer's encoder builds them: a Map of 200,000 strings and an array of the same strings, ~14 MB of heap
 * that every full collection traced. The text is split with gpt-tokenizer's own o200k pattern and each piece
 * merged as tiktoken does, so the counts are the library's (tests compare them on many texts).
 *
 * Text that spells a special token (`<|endoftext|>`) is counted as the plain text it is, as OpenAI counts what a
 * user sends: gpt-tokenizer's `countTokens` throws on it by default.
 */
export interface TokenCounter {
  countTokens(text: string): number;
}

/** Lines decoded between two turns of the event loop (~10 ms of work here). */
const LINES_PER_SLICE = 20_000;
/**
 * Pieces of text outside the vocabulary whose counts are remembered (a piece that repeats — a name, a misspelt
 * word — is merged once). Pieces longer than MAX_REMEMBERED_PIECE are never kept.
 */
const MERGE_CACHE_ENTRIES = 10_000;
const MAX_REMEMBERED_PIECE = 64;

/**
 * The counter from the rank file (by default the one gpt-tokenizer ships); should the file be missing or
 * unreadable (a package that no longer ships it), gpt-tokenizer's generated module counts instead.
 */
export async function loadO200kEncoding(rankFile: string = createRequire(import.meta.url).resolve('gpt-tokenizer/data/o200k_base.tiktoken')): Promise<TokenCounter> {
  const text = await readFile(rankFile, 'latin1').catch(() => undefined);
  if (text === undefined) {
    const module = await import('gpt-tokenizer/encoding/o200k_base');
    const plainText = { disallowedSpecial: new Set<string>() };
    return { countTokens: (input) => module.countTokens(input, plainText) };
  }
  return new O200kCounter(await readRankTable(text));
}

/** The rank file's lines into a table, a slice at a time between turns of the event loop. */
export async function readRankTable(file: string): Promise<RankTable> {
  const table = new RankTable(file.length);
  let start = 0;
  let lines = 0;
  while (start < file.length) {
    let end = file.indexOf('\n', start);
    if (end < 0) end = file.length;
    const space = file.indexOf(' ', start);
    if (space > start && space < end) table.addBase64(file, start, space, Number(file.slice(space + 1, end)));
    start = end + 1;
    if (++lines % LINES_PER_SLICE === 0) await nextTurnOfTheLoop();
  }
  table.seal();
  return table;
}

export class O200kCounter implements TokenCounter {
  private readonly encoder = new TextEncoder();
  private scratch = new Uint8Array(1024);
  private readonly merged = new FifoMemo<string, number>(MERGE_CACHE_ENTRIES);
  /** The split pattern, this counter's own copy: its lastIndex is state. */
  private readonly split = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, O200K_TOKEN_SPLIT_REGEX.flags);

  constructor(private readonly table: RankTable) {}

  countTokens(text: string): number {
    const split = this.split;
    split.lastIndex = 0;
    let count = 0;
    let match: RegExpExecArray | null;
    while ((match = split.exec(text)) !== null) count += this.countPiece(match[0]);
    return count;
  }

  private countPiece(piece: string): number {
    const remembered = this.merged.get(piece);
    if (remembered !== undefined) return remembered;
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (this.scratch.length < piece.length * 3) this.scratch = new Uint8Array(piece.length * 3);
    const length = this.encoder.encodeInto(piece, this.scratch).written!;
    const bytes = this.scratch.subarray(0, length);
    if (this.table.rankOf(bytes, 0, length) >= 0) return 1;
    const count = countPieceTokens(this.table, bytes);
    if (piece.length <= MAX_REMEMBERED_PIECE) {
      this.merged.set(piece, count);
    }
    return count;
  }
}

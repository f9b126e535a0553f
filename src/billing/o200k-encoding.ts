import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';

/**
 * The o200k_base encoding built from the tiktoken rank file that gpt-tokenizer ships (`data/o200k_base.tiktoken`,
 * one `base64-token rank` a line, the format OpenAI publishes), not from its generated JavaScript module of the
 * same ranks. The module is a 3.8 MB array literal that V8 parses in one block of ~250 ms and whose source it
 * then keeps alive; read as data, the ranks are decoded a slice at a time between turns of the event loop, and
 * the process holds ~14 MB less (measured in bench/README.md). The counts are gpt-tokenizer's own: it still
 * encodes, from the same ranks.
 */
export interface TokenCounter {
  countTokens(text: string): number;
}

/** Lines decoded between two turns of the event loop (~20 ms of work here). */
const LINES_PER_SLICE = 20_000;
/**
 * Pieces of text outside the vocabulary whose tokens the encoder remembers (gpt-tokenizer's default is 100,000,
 * tens of MB under varied traffic; the pieces that repeat are far fewer).
 */
const MERGE_CACHE_ENTRIES = 10_000;

/**
 * The encoding from the rank file (by default the one gpt-tokenizer ships); should the file be missing or
 * unreadable (a package that no longer ships it), from the package's generated module, as before.
 */
export async function loadO200kEncoding(rankFile: string = createRequire(import.meta.url).resolve('gpt-tokenizer/data/o200k_base.tiktoken')): Promise<TokenCounter> {
  const [{ GptEncoding }, text] = await Promise.all([import('gpt-tokenizer/GptEncoding'), readFile(rankFile, 'latin1').catch(() => undefined)]);
  if (text === undefined) return import('gpt-tokenizer/encoding/o200k_base');
  const ranks = await decodeRanks(text);
  const encoding = GptEncoding.getEncodingApi('o200k_base', () => ranks);
  encoding.setMergeCacheSize(MERGE_CACHE_ENTRIES);
  return encoding;
}

/**
 * Rank → token, as gpt-tokenizer's encoder takes it: the token's text when its bytes are valid UTF-8, else the
 * bytes themselves (1.5 % of o200k: pieces of multi-byte characters).
 */
export async function decodeRanks(file: string): Promise<Array<string | number[]>> {
  const ranks: Array<string | number[]> = [];
  let start = 0;
  let lines = 0;
  while (start < file.length) {
    let end = file.indexOf('\n', start);
    if (end < 0) end = file.length;
    const space = file.indexOf(' ', start);
    if (space > start && space < end) ranks[Number(file.slice(space + 1, end))] = tokenOf(Buffer.from(file.slice(start, space), 'base64'));
    start = end + 1;
    if (++lines % LINES_PER_SLICE === 0) await nextTurnOfTheLoop();
  }
  return ranks;
}

const REPLACEMENT_CHARACTER = '\uFFFD';

const BYTE_ORDER_MARK = 0xfeff;

/**
 * The bytes as text when they are valid UTF-8, else as numbers; as gpt-tokenizer's own generator decides (a
 * decoder that drops a leading byte-order mark, so that token is kept as bytes).
 */
function tokenOf(bytes: Buffer): string | number[] {
  const text = bytes.toString('utf8');
  // Invalid UTF-8 decodes with U+FFFD in it; a token that is U+FFFD itself reads back to the same bytes.
  const valid = !text.includes(REPLACEMENT_CHARACTER) || Buffer.from(text, 'utf8').equals(bytes);
  return valid && text.charCodeAt(0) !== BYTE_ORDER_MARK ? text : [...bytes];
}

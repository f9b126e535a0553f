import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { countTokens as libraryCount } from 'gpt-tokenizer/encoding/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { loadO200kEncoding, readRankTable } from './o200k-encoding.js';

const rankFile = createRequire(import.meta.url).resolve('gpt-tokenizer/data/o200k_base.tiktoken');
const moduleRanks = async () => (await import('gpt-tokenizer/bpeRanks/o200k_base')).default as Array<string | number[]>;
const bytesOf = (token: string | number[]) => (typeof token === 'string' ? Buffer.from(token, 'utf8') : Buffer.from(token));
/** Plain text, as OpenAI counts what a user sends: a special token's spelling is no special token. */
const asPlainText = { disallowedSpecial: new Set<string>() };

/**
 * tiktoken's rule written the plain way, as a reference apart from the counter under test: split with the o200k
 * pattern, then per piece merge the adjacent pair of lowest rank (leftmost first) until no pair is a token.
 */
function referenceCount(text: string, ranks: Map<string, number>): number {
  let count = 0;
  for (const [piece] of text.matchAll(O200K_TOKEN_SPLIT_REGEX)) {
    let parts = [...Buffer.from(piece, 'utf8')].map((byte) => String.fromCharCode(byte));
    for (;;) {
      let best = -1;
      let bestRank = Infinity;
      for (let index = 0; index + 1 < parts.length; index++) {
        const rank = ranks.get(parts[index] + parts[index + 1]);
        if (rank !== undefined && rank < bestRank) [best, bestRank] = [index, rank];
      }
      if (best < 0) break;
      parts = [...parts.slice(0, best), parts[best] + parts[best + 1], ...parts.slice(best + 2)];
    }
    count += parts.length;
  }
  return count;
}

test('the table read from the tiktoken file finds every token of gpt-tokenizer\'s generated module at its rank', async () => {
  const table = await readRankTable(await readFile(rankFile, 'latin1'));
  const ranks = await moduleRanks();
  assert.equal(table.size, ranks.filter(() => true).length);
  const wrong = ranks.map((token, rank) => rank).filter((rank) => {
    const bytes = bytesOf(ranks[rank]);
    return table.rankOf(bytes, 0, bytes.length) !== rank;
  });
  assert.deepEqual(wrong, []);
  assert.equal(table.rankOf(Buffer.from('not-a-token-at-all-xyzzy'), 0, 24), -1);
});

test('counts match OpenAI\'s o200k_base on known texts, and tiktoken\'s rule on hard ones', async () => {
  const encoding = await loadO200kEncoding();
  // Counts from OpenAI's tokenizer (tiktoken, o200k_base).
  assert.equal(encoding.countTokens('hello world'), 2);
  assert.equal(encoding.countTokens('Hello, world!'), 4);
  assert.equal(encoding.countTokens(''), 0);
  const ranks = new Map((await moduleRanks()).map((token, rank) => [bytesOf(token).toString('latin1'), rank]));
  const hard = [
    '日本語のテキスト、中文文本', 'ёжик 🙂👍🏽 café naïve', 'x\uFFFDy', '  indented\n\tcode();', 'antidisestablishmentarianismus'.repeat(7),
    'qzxjvkwpqzxjvkwp'.repeat(40), '   \n\n\t  ', 'const x = {"a": [1, 2, 3]}; // ünïcödé', 'https://example.com/a/b?c=d&e=f#g',
    // Pieces that begin with a byte-order mark: o200k has byte tokens for them, which gpt-tokenizer's string lookup misses.
    '\uFEFFstart', '\uFEFF{"a": 1}',
  ];
  for (const text of hard) assert.equal(encoding.countTokens(text), referenceCount(text, ranks), text);
  // And gpt-tokenizer's own count wherever its lookup is complete (no byte-order mark).
  for (const text of hard.filter((text) => !text.includes('\uFEFF'))) assert.equal(encoding.countTokens(text), libraryCount(text, asPlainText), text);
});

test('the spelling of a special token is counted as plain text, never thrown on', async () => {
  const encoding = await loadO200kEncoding();
  const text = 'What does <|endoftext|> mean? <|fim_prefix|>';
  assert.equal(encoding.countTokens(text), libraryCount(text, asPlainText));
  assert.ok(encoding.countTokens('<|endoftext|>') > 1);
});

test('without the rank file gpt-tokenizer\'s module counts, the same way', async () => {
  const encoding = await loadO200kEncoding('/nonexistent/o200k_base.tiktoken');
  assert.equal(encoding.countTokens('Hello, world!'), 4);
  const fromFile = await loadO200kEncoding();
  for (const text of ['日本語のテキスト、中文文本', 'say <|endoftext|> twice']) assert.equal(encoding.countTokens(text), fromFile.countTokens(text), text);
});

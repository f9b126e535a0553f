import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { decodeRanks, loadO200kEncoding } from './o200k-encoding.js';

test('the ranks read from the tiktoken file are, rank for rank, the ones of gpt-tokenizer\'s generated module', async () => {
  const file = await readFile(createRequire(import.meta.url).resolve('gpt-tokenizer/data/o200k_base.tiktoken'), 'latin1');
  const fromFile = await decodeRanks(file);
  const fromModule = (await import('gpt-tokenizer/bpeRanks/o200k_base')).default as Array<string | number[]>;
  assert.equal(fromFile.length, fromModule.length);
  const differing = fromModule.map((token, rank) => rank).filter((rank) => JSON.stringify(fromFile[rank]) !== JSON.stringify(fromModule[rank]));
  assert.deepEqual(differing, []);
});

test('counts match OpenAI\'s o200k_base on known texts', async () => {
  const encoding = await loadO200kEncoding();
  // Counts from OpenAI's tokenizer (tiktoken, o200k_base).
  assert.equal(encoding.countTokens('hello world'), 2);
  assert.equal(encoding.countTokens('Hello, world!'), 4);
  assert.equal(encoding.countTokens(''), 0);
  // Text the module-built encoder counts the same: multi-byte pieces, emoji, CJK, a byte-order mark.
  const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
  for (const text of ['日本語のテキスト、中文文本', 'ёжик 🙂👍🏽 café naïve', '\uFEFFstart', 'x\uFFFDy', '  indented\n\tcode();']) assert.equal(encoding.countTokens(text), countTokens(text), text);
});

test('without the rank file the encoding comes from the package\'s module, and counts the same', async () => {
  const encoding = await loadO200kEncoding('/nonexistent/o200k_base.tiktoken');
  assert.equal(encoding.countTokens('Hello, world!'), 4);
  assert.equal(encoding.countTokens('日本語のテキスト、中文文本'), (await loadO200kEncoding()).countTokens('日本語のテキスト、中文文本'));
});

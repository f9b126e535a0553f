import assert from 'node:assert/strict';
import { test } from 'node:test';
import { requestFeatures } from './request-features.js';

const promptTokensOf = (...contents: string[]) => requestFeatures({ model: 'auto', messages: contents.map((content) => ({ role: 'user' as const, content })) }).promptTokens;

test('prompt tokens are estimated as four Latin characters, or one CJK character, a token', () => {
  assert.equal(promptTokensOf('Hello world, this is a test.'), 7, '28 characters');
  assert.equal(promptTokensOf('東京の天気は？'), 7, 'six CJK characters, and ？ as one of Latin script');
  assert.equal(promptTokensOf('abcd東京'), 3);
  assert.equal(promptTokensOf('한국어'), 3, 'Hangul syllables count one each');
  assert.equal(promptTokensOf('x'.repeat(30_000), 'naïve café'), 7_500 + 3, 'each message rounded up on its own');
});

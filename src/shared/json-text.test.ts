import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closingQuote } from './json-text.js';

/** Where JSON.parse says the string at `open` ends: the reference closingQuote must agree with. */
function parsedEnd(text: string, open: number): number {
  for (let end = open + 1; end < text.length; end++) {
    if (text[end] !== '"') continue;
    try {
      JSON.parse(text.slice(open, end + 1));
      return end;
    } catch {
      // Not the end yet (an escaped quote).
    }
  }
  return -1;
}

test("a JSON string's closing quote: escaped quotes, escaped backslashes, runs of both, dense or sparse, and none at all", () => {
  const strings = [
    '"plain"',
    '"say \\"hi\\" twice"',
    '"ends in a backslash \\\\"',
    '"three \\\\\\" then more"',
    `"${'\\"'.repeat(200)}x"`,
    `"${'\\\\'.repeat(50)}"`,
    `"${'a'.repeat(40)}\\"${'b'.repeat(40)}\\"${'\\\\'.repeat(3)}\\""`,
    `"${'\\"a'.repeat(20)}${'c'.repeat(100)}\\"done"`,
  ];
  for (const string of strings) {
    const text = `{"k":${string},"next":"v"}`;
    assert.equal(closingQuote(text, 5), parsedEnd(text, 5), string);
    assert.equal(closingQuote(text, 5), 5 + string.length - 1, string);
  }
  assert.equal(closingQuote('"never closed \\"', 0), -1);
  assert.equal(closingQuote(`"${'\\"'.repeat(100)}`, 0), -1);
});
